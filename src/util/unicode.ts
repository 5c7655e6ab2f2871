/**
 * The Unicode facts of the running Node, for the manifest. Word tokens (`\p{L}`, `\p{N}`)
 * and case mapping follow the Unicode tables built into Node's ICU, so a letter assigned in
 * a recent Unicode version is a word character here but not in an older Python: recording
 * the version lets a reader explain such a difference (docs/definitions.md#models).
 */
interface UnicodeFacts {
  /** Unicode version of the character tables, e.g. "17.0"; "unknown" for a Node built without ICU. */
  unicode: string;
  /** ICU version, or null when Node has none. */
  icu: string | null;
  /** Node version without the leading "v". */
  node: string;
}

export function unicodeFacts(versions: NodeJS.ProcessVersions = process.versions): UnicodeFacts {
  return { unicode: versions.unicode ?? 'unknown', icu: versions.icu ?? null, node: versions.node };
}
