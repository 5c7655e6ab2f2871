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
 * Appends up to `limit` differences between `recorded` and `recomputed` to `out`; returns how many
 * differences there are in all. `skip` leaves out paths (and everything under them).
 */
export function jsonDifferences(recorded: Json | undefined, recomputed: Json | undefined, path: string, out: string[], limit = 50, skip: (path: string) => boolean = () => false): number {
  if (skip(path)) return 0;
  if (Array.isArray(recorded) && Array.isArray(recomputed)) {
    let n = 0;
    const len = Math.max(recorded.length, recomputed.length);
    for (let i = 0; i < len; i++) n += jsonDifferences(recorded[i], recomputed[i], `${path}[${i}]`, out, limit, skip);
    return n;
  }
  if (isObject(recorded) && isObject(recomputed)) {
    let n = 0;
    const keys = [...new Set([...Object.keys(recorded), ...Object.keys(recomputed)])].sort();
    for (const k of keys) n += jsonDifferences(recorded[k], recomputed[k], path === '' ? k : `${path}.${k}`, out, limit, skip);
    return n;
  }
  if (recorded === recomputed || (typeof recorded === 'number' && typeof recomputed === 'number' && Object.is(recorded, recomputed))) return 0;
  if (out.length < limit) out.push(`${path || '(top level)'}: recorded ${shown(recorded)}, recomputed ${shown(recomputed)}`);
  return 1;
}
