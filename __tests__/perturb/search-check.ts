/**
 * An independent check of a search row: every edit is one atomic word edit of the original
 * (docs/search.md) and applying them gives exactly the perturbed text. Written from the
 * definition, not from the search's own code, so that the two can disagree.
 */
import { scanText } from '../../src/perturb/words.js';

export interface RowEdit {
  op: string;
  word: number;
  from: string | null;
  to: string | null;
  at?: number;
}

/** The keys touching each letter key on US QWERTY (rows offset by half a key), written out by hand. */
const TOUCHING: Record<string, string> = {
  a: 'qwsz',
  b: 'ghvn',
  c: 'dfxv',
  d: 'ersfxc',
  e: 'wrsd',
  f: 'rtdgcv',
  g: 'tyfhvb',
  h: 'yugjbn',
  i: 'uojk',
  j: 'uihknm',
  k: 'iojlm',
  l: 'opk',
  m: 'jkn',
  n: 'hjbm',
  o: 'ipkl',
  p: 'ol',
  q: 'wa',
  r: 'etdf',
  s: 'weadzx',
  t: 'ryfg',
  u: 'yihj',
  v: 'fgcb',
  w: 'qeas',
  x: 'sdzc',
  y: 'tugh',
  z: 'asx'
};

/** A key touching `letter`, in its case. */
function touches(letter: string, key: string): boolean {
  const lower = letter.toLowerCase();
  const sameCase = letter === lower ? key === key.toLowerCase() : key === key.toUpperCase();
  return sameCase && (TOUCHING[lower] ?? '').includes(key.toLowerCase());
}

/** One keyboard slip of `from` at letter `at` (docs/families.md#typo), checked from the definition. */
function isSlip(op: string, from: string, to: string, at: number | undefined): boolean {
  const a = [...from];
  const b = [...to];
  const n = a.length;
  if (at === undefined || n < 4 || !a.every((c) => LETTER.test(c))) return false;
  const same = (x: string[], y: string[]) => x.join('') === y.join('');
  if (op === 'typo_swap') return at >= 1 && at <= n - 3 && isInteriorSwap(from, to) && a[at] !== b[at];
  if (op === 'typo_delete') return at >= 1 && at <= n - 2 && same([...a.slice(0, at), ...a.slice(at + 1)], b);
  if (op === 'typo_substitute')
    return (
      at >= 1 &&
      at <= n - 2 &&
      b.length === n &&
      same([...a.slice(0, at), b[at] as string, ...a.slice(at + 1)], b) &&
      touches(a[at] as string, b[at] as string)
    );
  if (op === 'typo_insert')
    return (
      at >= 0 &&
      at <= n - 2 &&
      b.length === n + 1 &&
      same([...a.slice(0, at + 1), ...a.slice(at + 1)], [...b.slice(0, at + 1), ...b.slice(at + 2)]) &&
      touches(a[at] as string, b[at + 1] as string)
    );
  return false;
}

const LETTER = /^\p{L}$/u;

function isInteriorSwap(from: string, to: string): boolean {
  const a = [...from];
  const b = [...to];
  if (a.length !== b.length || a.filter((c) => LETTER.test(c)).length < 4) return false;
  const diff = a.map((c, i) => (c === b[i] ? -1 : i)).filter((i) => i >= 0);
  if (diff.length !== 2) return false;
  const [i, j] = diff as [number, number];
  return (
    j === i + 1 &&
    i >= 1 &&
    j <= a.length - 2 &&
    a[i] === b[j] &&
    a[j] === b[i] &&
    LETTER.test(a[i] as string) &&
    LETTER.test(a[j] as string)
  );
}

/** Null when the row's edits are atomic and re-derive its perturbed text; otherwise what is wrong. */
export function searchRowProblem(
  original: string,
  perturbed: string,
  language: string,
  edits: readonly RowEdit[],
  dictionary: ReadonlyMap<string, string> | undefined,
  limit: number
): string | null {
  const words = scanText(original, language).words;
  if (edits.length > limit) return `${edits.length} edits over the limit ${limit}`;
  const seen = new Set<number>();
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((x, y) => x.word - y.word)) {
    if (seen.has(e.word)) return `word ${e.word} edited twice`;
    seen.add(e.word);
    const w = words[e.word];
    if (!w) return `no word ${e.word}`;
    if (w.protection !== null) return `protected word ${w.text} edited`;
    if (e.from !== w.text) return `word ${e.word} is ${w.text}, not ${String(e.from)}`;
    const to = e.to as string;
    const ok =
      e.op === 'transpose'
        ? isInteriorSwap(w.text, to)
        : e.op === 'format'
          ? to !== w.text && to.toLowerCase() === w.text.toLowerCase()
          : e.op === 'dictionary'
            ? dictionary?.get(w.text.normalize('NFC').toLowerCase())?.toLowerCase() === to.toLowerCase() &&
              to !== w.text
            : isSlip(e.op, w.text, to, e.at);
    if (!ok) return `${e.op} ${w.text} → ${to} is not an atomic ${e.op} edit`;
    out += original.slice(at, w.start) + to;
    at = w.end;
  }
  out += original.slice(at);
  return out === perturbed ? null : `edits give ${JSON.stringify(out)}, row has ${JSON.stringify(perturbed)}`;
}
