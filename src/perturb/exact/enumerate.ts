/**
 * The whole edit space of one text (docs/search.md#exact): every valid candidate that the search's atomic edits can
 * make, in one fixed order. Candidates come level by level (one edited word, then two, ... up to the word limit);
 * within a level, the edited words in text order as a combination (the first word varies slowest), and for each
 * combination every choice of one edit per word, each word's edits in operator order. Validity is the search's own rule
 * (editSetViolation), checked on every set: a set whose edits' costs exceed the character budget gets its exact
 * distance, so nothing is dropped on a bound.
 */
import { maxOf } from '../../util/numbers.js';
import { allowedOn, editSetViolation, type EditSpace, type PlacedEdit } from '../search/edits.js';

/**
 * Upper bound of the number of edit sets of at most `limit` words: the sum over k ≤ limit of the elementary symmetric
 * sums of the words' edit counts (each word at most once). Infinity past 2^53.
 */
function editSetBound(counts: readonly number[], limit: number): number {
  // e[k]: the number of ways to choose k words and one edit on each, over the words seen so far.
  const e = new Array<number>(limit + 1).fill(0);
  e[0] = 1;
  for (const c of counts)
    for (let k = Math.min(limit, counts.length); k >= 1; k--) e[k] = (e[k] as number) + (e[k - 1] as number) * c;
  let total = 0;
  for (let k = 1; k <= limit; k++) total += e[k] as number;
  return total > Number.MAX_SAFE_INTEGER ? Infinity : total;
}

/** The edit sets of exactly `level` words, valid or not, in the order above. */
function* setsOfLevel(edits: readonly PlacedEdit[][], level: number): Generator<PlacedEdit[]> {
  const n = edits.length;
  const words = Array.from({ length: level }, (_, i) => i);
  const pick = new Array<number>(level).fill(0);
  while (true) {
    // Every choice of one edit per chosen word (odometer, the last word fastest).
    pick.fill(0);
    while (true) {
      yield words.map((w, i) => (edits[w] as PlacedEdit[])[pick[i] as number] as PlacedEdit);
      let i = level - 1;
      while (i >= 0 && (pick[i] as number) + 1 >= (edits[words[i] as number] as PlacedEdit[]).length) pick[i--] = 0;
      if (i < 0) break;
      pick[i] = (pick[i] as number) + 1;
    }
    // The next combination of `level` words in lexicographic order.
    let i = level - 1;
    while (i >= 0 && words[i] === n - level + i) i--;
    if (i < 0) return;
    words[i] = (words[i] as number) + 1;
    for (let j = i + 1; j < level; j++) words[j] = (words[j - 1] as number) + 1;
  }
}

/**
 * The valid sets of exactly `level` words, in the order above; null once there are more than `cap` (the caller's
 * max_candidates, less what it has listed already).
 */
export function validSetsAt(
  space: EditSpace,
  edits: readonly PlacedEdit[][],
  level: number,
  limit: number,
  maxCharEditRatio: number | null,
  cap: number
): PlacedEdit[][] | null {
  const sets: PlacedEdit[][] = [];
  for (const set of setsOfLevel(edits, level)) {
    if (editSetViolation(space.text, set, limit, maxCharEditRatio) !== null) continue;
    if (sets.length >= cap) return null;
    sets.push(set);
  }
  return sets;
}

interface SpaceSize {
  /** Valid candidates counted (all of them when `bound` is false). */
  count: number;
  /** True when the count stopped above `max`: the space has at least `count` candidates. */
  bound: boolean;
}

/**
 * How many valid candidates the space has, counting no further than max + 1. When no set can break the character
 * budget (the largest costs of the `limit` costliest words fit it), the count is the bound itself, with no set made.
 */
export function spaceSize(
  space: EditSpace,
  edits: readonly PlacedEdit[][],
  limit: number,
  maxCharEditRatio: number | null,
  max: number
): SpaceSize {
  const bound = editSetBound(
    edits.map((e) => e.length),
    limit
  );
  // With no set able to break the budget, every set is valid and the bound is the size.
  if (noSetBreaksBudget(space, edits, limit, maxCharEditRatio))
    return bound <= max ? { count: bound, bound: false } : { count: max + 1, bound: true };
  let count = 0;
  for (let level = 1; level <= Math.min(limit, edits.length); level++)
    for (const set of setsOfLevel(edits, level)) {
      if (editSetViolation(space.text, set, limit, maxCharEditRatio) !== null) continue;
      if (++count > max) return { count, bound: true };
    }
  return { count, bound: false };
}

/** Whether the costs of the `limit` costliest words' dearest edits fit max_char_edit_ratio together. */
function noSetBreaksBudget(
  space: EditSpace,
  edits: readonly PlacedEdit[][],
  limit: number,
  maxCharEditRatio: number | null
): boolean {
  if (maxCharEditRatio === null) return true;
  const costs = edits.map((e) => maxOf(e.map((x) => x.cost))).sort((a, b) => b - a);
  const worst = costs.slice(0, limit).reduce((a, b) => a + b, 0);
  return worst <= allowedOn(space.text, maxCharEditRatio);
}
