/**
 * A parsed YAML config that still knows where each key stands, so errors and gate
 * annotations can name the line.
 */
import { LineCounter, isMap, isScalar, parseDocument, type Document, type Node } from 'yaml';

export type KeyPath = ReadonlyArray<string | number>;

export class ConfigSource {
  private constructor(
    readonly file: string,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter
  ) {}

  static parse(file: string, text: string): { source: ConfigSource; errors: Array<{ line: number; message: string }> } {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, strict: true });
    const source = new ConfigSource(file, doc, lines);
    const errors = doc.errors.map((e) => ({
      line: e.linePos?.[0]?.line ?? lines.linePos(e.pos[0]).line,
      message:
        e.code === 'DUPLICATE_KEY'
          ? `duplicate key ${JSON.stringify(keyAt(text, e.pos[0]))}; expected each key once per mapping`
          : (e.message.split('\n')[0] ?? e.message)
    }));
    return { source, errors };
  }

  value(): unknown {
    return this.doc.toJS({ maxAliasCount: 100 });
  }

  /** Line (1-based) of the value at `path`, or of its nearest present ancestor. */
  lineOf(path: KeyPath): number {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = this.doc.getIn(path.slice(0, depth), true) as Node | undefined;
      if (node && node.range) return this.lines.linePos(node.range[0]).line;
    }
    return 1;
  }

  /** Line of the key itself (for annotations and unknown-key errors). */
  keyLineOf(path: KeyPath): number {
    if (path.length === 0) return 1;
    const parent = path.length === 1 ? this.doc.contents : this.doc.getIn(path.slice(0, -1), true);
    const last = path[path.length - 1];
    if (isMap(parent)) {
      for (const pair of parent.items) {
        if (isScalar(pair.key) && String(pair.key.value) === String(last) && pair.key.range) {
          return this.lines.linePos(pair.key.range[0]).line;
        }
      }
      // An absent key: point at the key of the mapping that should hold it.
      return this.keyLineOf(path.slice(0, -1));
    }
    return this.lineOf(path);
  }

  has(path: KeyPath): boolean {
    return this.doc.hasIn(path);
  }
}

/** The plain or quoted key that starts at `offset`. */
function keyAt(text: string, offset: number): string {
  const rest = text.slice(offset);
  const quoted = /^"((?:[^"\\]|\\.)*)"|^'((?:[^']|'')*)'/.exec(rest);
  if (quoted) return quoted[1] ?? (quoted[2] ?? '').replace(/''/g, "'");
  return (/^[^:#\n]*?(?=\s*:(\s|$))/.exec(rest)?.[0] ?? rest.split(/[:\n]/)[0] ?? '').trim();
}

export function formatKeyPath(path: KeyPath): string {
  if (path.length === 0) return '(top level)';
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}
