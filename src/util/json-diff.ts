/** Where two JSON values differ, as `path: recorded X, recomputed Y` lines (for verify, docs/definitions.md#verify). */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function shown(v: Json | undefined): string {
  if (v === undefined) return '(absent)';
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function isObject(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Keys that name an element of an array of objects (a model, a condition, a check id), in the
 * order a label lists them: `models[model=nb].robustness[condition=typo,scope=all]` stays readable
 * and stable when an element is added or removed, where an index would shift.
 */
const IDENTITY_KEYS: readonly string[] = [
  'id',
  'model',
  'model_a',
  'model_b',
  'attack',
  'family',
  'condition',
  'split',
  'language',
  'scope',
  'label',
  'from',
  'to',
  'name',
  'path'
];

function labelValue(v: Json | undefined): string {
  if (typeof v === 'string' && /^[\w.:/@-]{1,60}$/.test(v)) return v;
  const text = JSON.stringify(v ?? null);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * Labels for the elements of both arrays, or null when they cannot name them all uniquely (then
 * elements are paired by index). An `id` that is unique names an element alone.
 */
function identities(a: Json[], b: Json[]): { a: string[]; b: string[] } | null {
  const all = [...a, ...b];
  if (all.length === 0 || !all.every(isObject)) return null;
  const naming = (o: Json, k: string) =>
    isObject(o) && Object.hasOwn(o, k) && (typeof o[k] === 'string' || o[k] === null);
  const named = (k: string) => all.every((o) => naming(o, k));
  const keys = IDENTITY_KEYS.filter(named);
  if (keys.length === 0) return null;
  const unique = (xs: string[]) => new Set(xs).size === xs.length;
  for (const ks of keys.includes('id') ? [['id'], keys] : [keys]) {
    const label = (o: Json) => ks.map((k) => `${k}=${labelValue((o as { [key: string]: Json })[k])}`).join(',');
    const la = a.map(label);
    const lb = b.map(label);
    if (unique(la) && unique(lb)) return { a: la, b: lb };
  }
  return null;
}

/**
 * Appends up to `limit` differences between `recorded` and `recomputed` to `out`; returns how many
 * differences there are in all. `skip` leaves out paths (and everything under them).
 */
export function jsonDifferences(
  recorded: Json | undefined,
  recomputed: Json | undefined,
  path: string,
  out: string[],
  limit = 50,
  skip: (path: string) => boolean = () => false
): number {
  if (skip(path)) return 0;
  if (Array.isArray(recorded) && Array.isArray(recomputed)) {
    const named = identities(recorded, recomputed);
    if (named) {
      // Paired by name, recorded order first, then elements only the recomputed side has.
      const other = new Map(named.b.map((l, i) => [l, recomputed[i]]));
      let n = 0;
      named.a.forEach((l, i) => (n += jsonDifferences(recorded[i], other.get(l), `${path}[${l}]`, out, limit, skip)));
      const mine = new Set(named.a);
      named.b.forEach((l, i) => {
        if (!mine.has(l)) n += jsonDifferences(undefined, recomputed[i], `${path}[${l}]`, out, limit, skip);
      });
      return n;
    }
    let n = 0;
    const len = Math.max(recorded.length, recomputed.length);
    for (let i = 0; i < len; i++) n += jsonDifferences(recorded[i], recomputed[i], `${path}[${i}]`, out, limit, skip);
    return n;
  }
  if (isObject(recorded) && isObject(recomputed)) {
    let n = 0;
    const keys = [...new Set([...Object.keys(recorded), ...Object.keys(recomputed)])].sort();
    for (const k of keys)
      n += jsonDifferences(recorded[k], recomputed[k], path === '' ? k : `${path}.${k}`, out, limit, skip);
    return n;
  }
  if (
    recorded === recomputed ||
    (typeof recorded === 'number' && typeof recomputed === 'number' && Object.is(recorded, recomputed))
  )
    return 0;
  if (out.length < limit)
    out.push(`${path || '(top level)'}: recorded ${shown(recorded)}, recomputed ${shown(recomputed)}`);
  return 1;
}
