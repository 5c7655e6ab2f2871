/**
 * Which Unicode tables the running Node uses: word characters (\p{L}, \p{N}) follow them, so a
 * code point assigned in a recent version can tokenize differently under an older runtime (or
 * Python). Recorded in the manifest so evidence says which tables produced it.
 */
export interface UnicodeFacts {
  unicode: string;
  icu: string | null;
  node: string;
}

export function unicodeFacts(): UnicodeFacts {
  return { unicode: process.versions.unicode ?? 'unknown', icu: process.versions.icu ?? null, node: process.version };
}
