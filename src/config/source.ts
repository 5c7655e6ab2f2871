/**
 * A parsed YAML config that still knows where each key stands, so errors and gate
 * annotations can name the line.
 *
 * Parsing is bounded: one pass over the syntax tree records every key's line (so locating
 * thousands of errors costs no more than locating one), finds duplicate keys (the YAML
 * library's own check compares each key with every earlier one), refuses tags the core
 * schema does not define, and limits how much aliases may expand and how deep values nest.
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { ConfigError } from '../errors.js';
import { quoted, truncateText, visible, visiblePath } from '../util/visible.js';

export type KeyPath = ReadonlyArray<string | number>;

/** A problem found while reading the YAML itself (before the schema is checked). */
export interface ParseProblem {
  line: number;
  /** 1-based column, when the problem is a single character. */
  column?: number;
  message: string;
}

/** Values that aliases may add to the document in total (each alias adds its anchor's size). */
export const MAX_ALIAS_VALUES = 10_000;
/** Mappings and lists nested deeper than this are refused. */
export const MAX_NESTING = 64;

/** Characters YAML does not allow in a stream (it allows tab, LF, CR, and printable text). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NON_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\ufffe\uffff]/g;

const CORE_TAG = 'tag:yaml.org,2002:';

export class ConfigSource {
  private constructor(
    readonly file: string,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    private readonly index: LineIndex,
    private readonly problems: readonly ParseProblem[]
  ) {}

  static parse(file: string, text: string): { source: ConfigSource; errors: ParseProblem[] } {
    const lines = new LineCounter();
    // uniqueKeys: false because the library's duplicate check is quadratic; the walk below
    // does it in one pass. resolveKnownTags: false so that !!binary, !!set, !!timestamp … are
    // unknown tags, refused below like any other.
    const doc = parseDocument(text, {
      lineCounter: lines,
      prettyErrors: false,
      uniqueKeys: false,
      strict: true,
      resolveKnownTags: false
    });
    const errors: ParseProblem[] = [...controlCharacters(text, lines)];
    for (const e of doc.errors) {
      const message = e.message.split('\n')[0] ?? e.message;
      // The reader recurses per level of nesting; it reports a stack overflow as its message.
      const shown = /call stack/i.test(message)
        ? `values nested too deeply to read; expected at most ${MAX_NESTING} levels`
        : visible(truncateText(message, 200));
      errors.push({ line: e.linePos?.[0]?.line ?? lines.linePos(e.pos[0]).line, message: shown });
    }
    for (const w of doc.warnings) {
      const line = w.linePos?.[0]?.line ?? lines.linePos(w.pos[0]).line;
      if (w.code === 'TAG_RESOLVE_FAILED') {
        const tag = w.message.replace(/^Unresolved tag: /, '').replace(CORE_TAG, '!!');
        errors.push({
          line,
          message:
            `unknown tag ${quoted(tag)}; expected plain YAML values (only !!str, !!int, !!float, !!bool, !!null, ` +
            `!!map and !!seq are read)`
        });
      } else {
        errors.push({ line, message: visible(truncateText(w.message.split('\n')[0] ?? w.message, 200)) });
      }
    }
    const index = new LineIndex(lines);
    if (doc.errors.length === 0) index.walk(doc.contents, errors);
    errors.sort((a, b) => a.line - b.line);
    return { source: new ConfigSource(file, doc, lines, index, errors), errors };
  }

  /** The document as plain data. Refuses to build it while parse problems stand. */
  value(): unknown {
    const first = this.problems[0];
    if (first) throw new ConfigError(`${visiblePath(this.file)}:${first.line}: invalid YAML: ${first.message}`);
    // Alias expansion is already bounded by the walk (MAX_ALIAS_VALUES), with the line of the
    // alias that crosses the bound; the library's own count would only repeat it without a line.
    return this.doc.toJS({ maxAliasCount: -1 }) ?? null;
  }

  /** Line (1-based) of the value at `path`, or of its nearest present ancestor. */
  lineOf(path: KeyPath): number {
    for (let depth = path.length; depth >= 0; depth--) {
      const line = this.index.valueLine.get(keyOf(path.slice(0, depth)));
      if (line !== undefined) return line;
    }
    return 1;
  }

  /** Line of the key itself (for annotations and unknown-key errors). */
  keyLineOf(path: KeyPath): number {
    if (path.length === 0) return 1;
    const line = this.index.keyLine.get(keyOf(path));
    if (line !== undefined) return line;
    // An absent key: point at the key of the mapping that should hold it.
    if (this.index.maps.has(keyOf(path.slice(0, -1)))) return this.keyLineOf(path.slice(0, -1));
    return this.lineOf(path);
  }

  has(path: KeyPath): boolean {
    return this.doc.hasIn(path);
  }
}

/** Index key of a path: map keys and list positions alike, as strings. */
function keyOf(path: KeyPath): string {
  return path.map(String).join('\u0000');
}

/** Every character YAML refuses in a stream, by line and column (at most 20 are listed). */
function controlCharacters(text: string, lines: LineCounter): ParseProblem[] {
  const found: ParseProblem[] = [];
  for (const match of text.matchAll(NON_PRINTABLE)) {
    const { line, col } = lines.linePos(match.index);
    const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    found.push({
      line,
      column: col,
      message:
        `control character U+${code}; expected printable text ` +
        `(YAML allows tab, line feed and carriage return only)`
    });
    if (found.length === 20) break;
  }
  return found;
}

function kindOf(node: unknown): string {
  return isMap(node) ? 'a mapping' : isSeq(node) ? 'a list' : isAlias(node) ? 'an alias' : 'a value';
}

/**
 * Lines of keys and values by path, built in one walk of the syntax tree. The walk also
 * checks what the YAML library leaves to the reader: duplicate and non-scalar keys,
 * aliases (which must refer to an earlier, finished node, and may add at most
 * MAX_ALIAS_VALUES values in all) and nesting depth.
 */
class LineIndex {
  readonly keyLine = new Map<string, number>();
  readonly valueLine = new Map<string, number>();
  /** Paths whose value is a mapping. */
  readonly maps = new Set<string>();
  private readonly anchors = new Map<string, Node>();
  /** Number of values in each anchored node, aliases counted at their expanded size. */
  private readonly sizes = new Map<Node, number>();
  private aliasValues = 0;
  private reportedAliases = false;
  private reportedDepth = false;

  constructor(private readonly lines: LineCounter) {}

  private lineAt(node: { range?: [number, number, number] | null } | null | undefined): number | undefined {
    return node?.range ? this.lines.linePos(node.range[0]).line : undefined;
  }

  /** Walk `node` at `path`; returns its size in values (aliases expanded). */
  walk(node: unknown, problems: ParseProblem[], path: Array<string | number> = [], depth = 0): number {
    if (node === null || node === undefined) return 1;
    const key = keyOf(path);
    const line = this.lineAt(node as Node);
    if (line !== undefined) this.valueLine.set(key, line);
    if (isAlias(node)) return this.alias(node, line ?? 1, problems);
    const anchor = (node as Node).anchor;
    // While its own values are walked, an anchor is in progress: an alias to it would be a cycle.
    if (anchor) this.anchors.set(anchor, node as Node);
    if (!isMap(node) && !isSeq(node)) return 1;
    if (depth >= MAX_NESTING) {
      if (!this.reportedDepth)
        problems.push({
          line: line ?? 1,
          message: `values nested more than ${MAX_NESTING} levels deep; expected a shallower config`
        });
      this.reportedDepth = true;
      if (anchor) this.sizes.set(node as Node, 1);
      return 1;
    }
    let size = 1;
    if (isMap(node)) {
      this.maps.add(key);
      const seen = new Set<string>();
      for (const pair of node.items) {
        const keyNode = pair.key;
        const keyLine = this.lineAt(keyNode as Node) ?? line ?? 1;
        if (keyNode !== null && !isScalar(keyNode)) {
          problems.push({ line: keyLine, message: `expected a plain key, found ${kindOf(keyNode)} used as a key` });
          continue;
        }
        const name = String(keyNode?.value ?? '');
        if (seen.has(name)) {
          problems.push({
            line: keyLine,
            message: `duplicate key ${quoted(name)}; expected each key once per mapping`
          });
          continue;
        }
        seen.add(name);
        const childPath = [...path, name];
        this.keyLine.set(keyOf(childPath), keyLine);
        size += 1 + this.walk(pair.value, problems, childPath, depth + 1);
      }
    } else {
      node.items.forEach((item, i) => {
        size += this.walk(item, problems, [...path, i], depth + 1);
      });
    }
    if (anchor) this.sizes.set(node as Node, size);
    return size;
  }

  private alias(node: { source: string }, line: number, problems: ParseProblem[]): number {
    const target = this.anchors.get(node.source);
    if (!target) {
      problems.push({
        line,
        message: `alias ${quoted('*' + node.source)} has no anchor before it; expected an alias to an earlier &anchor`
      });
      return 1;
    }
    const size = isMap(target) || isSeq(target) ? this.sizes.get(target) : 1;
    if (size === undefined) {
      problems.push({
        line,
        message:
          `alias ${quoted('*' + node.source)} refers to a value that contains it; expected an alias to a finished ` +
          `value`
      });
      return 1;
    }
    this.aliasValues += size;
    if (this.aliasValues > MAX_ALIAS_VALUES && !this.reportedAliases) {
      this.reportedAliases = true;
      problems.push({
        line,
        message:
          `aliases expand to more than ${MAX_ALIAS_VALUES} values (an alias bomb?); expected a config that repeats ` +
          `fewer values`
      });
    }
    return size;
  }
}

export function formatKeyPath(path: KeyPath): string {
  if (path.length === 0) return '(top level)';
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    // A key that is long, has hidden characters or could be misread as path syntax is quoted.
    else if (!/^[^\s"'[\].:\\]{1,60}$/u.test(part) || visible(part) !== part) out += `[${quoted(part)}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}
