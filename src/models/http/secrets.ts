/**
 * Header values built from `${VAR}` references to variables the entry lists in `env`. The
 * values are secrets: they are handed to the caller's `secret` hook (the action masks them in
 * the job log), and `Masker` replaces them in every line and reason the model produces.
 */

/** `${NAME}` references in a header template. */
const VARIABLE_REF = /\$\{([^}]*)\}/g;

/** The names a template references, in order. */
export function referencedVariables(template: string): string[] {
  return [...template.matchAll(VARIABLE_REF)].map((m) => m[1] as string);
}

/** The template with each `${VAR}` replaced by its value ('' when unset). */
export function fillTemplate(template: string, env: Readonly<Record<string, string | undefined>>): string {
  return template.replace(VARIABLE_REF, (_, name: string) => env[name] ?? '');
}

export class Masker {
  private readonly values: string[];

  /** The values and, where it differs, each value as it is written inside a JSON string. */
  private readonly forms: string[];

  constructor(values: Iterable<string>) {
    // Longest first, so a secret that contains another is masked whole.
    const longestFirst = (list: string[]): string[] =>
      [...new Set(list.filter((v) => v !== ''))].sort((a, b) => b.length - a.length);
    this.values = longestFirst([...values]);
    // A body quoted before it is parsed holds a secret's escaped form (\" for ", \\ for \).
    this.forms = longestFirst(this.values.flatMap((v) => [v, JSON.stringify(v).slice(1, -1)]));
  }

  get secrets(): readonly string[] {
    return this.values;
  }

  mask(text: string): string {
    let out = text;
    for (const v of this.forms) if (out.includes(v)) out = out.split(v).join('***');
    return out;
  }
}
