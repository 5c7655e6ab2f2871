/**
 * The words for an exact row in a drill-down (docs/search.md#exact): how the row was decided, in plain text for the
 * caller to escape. A success names its queries out of the space; a certified row says whether a bound or the
 * model's answers settled it; an undecided row says what it asked before max_candidates stopped it.
 */
import type { ExactRef } from '../drill/ref.js';

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** `exact: …` without its edit list; `queries` is what the row spent. */
export function exactRefWords(x: ExactRef, queries: number | undefined): string {
  const space = `${x.candidates_bound ? 'at least ' : ''}${count(x.candidates, 'candidate', 'candidates')}`;
  const spent = count(queries ?? 0, 'query', 'queries');
  if (x.method === 'undecided')
    return `undecided: ${space}, past max_candidates; ${queries ? `${spent} asked before the cap` : 'nothing asked'}`;
  const asked = `${spent} of ${space}`;
  if (x.certified === true && x.method === 'closed_form')
    return `certified by the closed form: no candidate of ${space} can move it (${spent} to show the nearest)`;
  if (x.certified === true) return `certified: ${asked} asked, none moved it`;
  if (x.tie === true) return `a tie: ${asked} asked, the nearest at margin 0 within rounding`;
  if (x.candidates === 0) return 'no edit: the declared edits offer none here';
  return `a failure found after ${asked}`;
}
