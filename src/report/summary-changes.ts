/**
 * What a pull request changed, in words shared by summary.md, the pull-request comment and the
 * terminal (docs/gate.md): the opening sentence with the counts of new, worse, fixed and known
 * failures, the order of the failing table, and the word for each check's change.
 */
import type { ChangeKind } from '../gate/change.js';
import type { Check } from '../gate/check.js';
import type { GateResult } from '../gate/checks.js';
import { bySeverity } from '../gate/severity.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "3 checks newly failing, 2 worse, 1 fixed; 23 failing on the base branch as well", or null
 * when the checks were not judged against a baseline. Holds no data values (no escaping needed).
 */
export function changeSentence(gate: Pick<GateResult, 'changes'>): string | null {
  const c = gate.changes;
  if (!c) return null;
  const parts: string[] = [];
  if (c.new_failure > 0) parts.push(`${plural(c.new_failure, 'check', 'checks')} newly failing`);
  if (c.worse > 0) parts.push(`${c.worse} worse`);
  if (c.fixed > 0) parts.push(`${c.fixed} fixed`);
  const changed = parts.length > 0 ? parts.join(', ') : 'no check newly failing, worse or fixed';
  return c.known > 0 ? `${changed}; ${c.known} failing on the base branch as well` : changed;
}

/** The opening line of summary.md and the comment: "**What this pull request changed:** …." */
export const CHANGE_LINE_PREFIX = '**What this pull request changed:**';

export function changeLine(gate: Pick<GateResult, 'changes'>): string | null {
  const sentence = changeSentence(gate);
  return sentence === null ? null : `${CHANGE_LINE_PREFIX} ${sentence}.`;
}

/** How summary.md's verdict line starts when only known failures remain (block_on: new). */
export const NOTHING_NEW_PREFIX = '**No judged check is newly failing or worse.**';

/** Known failures that do not block (`block_on: new`): reported and annotated as warnings. */
export function knownNotBlocking(gate: Pick<GateResult, 'checks' | 'failing'>): Check[] {
  return gate.checks.filter(
    (c) =>
      c.change === 'known' &&
      c.judged &&
      !gate.failing.includes(c.id) &&
      (c.status === 'fail' || c.status === 'not_evaluated')
  );
}

/**
 * The line saying why `block_on: new` blocked on every failure: there was no baseline's checks.json
 * to tell new failures from known ones. Null otherwise. `reason` must already be escaped.
 */
export function blockOnFallbackLine(gate: Pick<GateResult, 'block_on' | 'changes'>, reason: string): string | null {
  if (gate.block_on !== 'new' || gate.changes) return null;
  return (
    `\`gate.block_on\` is \`new\`, but with no baseline (${reason}) new failures cannot be told from known ones: ` +
    `every failing check blocks, as with \`all\`.`
  );
}

const ORDER: Record<ChangeKind, number> = { new_failure: 0, worse: 1, known: 2, fixed: 3, unchanged: 4 };

/** Failing checks in the order a reviewer reads them: new, then worse, then known; most severe first within each. */
export function byChange(checks: readonly Check[]): Check[] {
  const ranked = bySeverity(checks);
  const position = new Map(ranked.map((c, i) => [c, i]));
  return [...ranked].sort(
    (a, b) =>
      ORDER[a.change ?? 'unchanged'] - ORDER[b.change ?? 'unchanged'] ||
      (position.get(a) as number) - (position.get(b) as number)
  );
}

const WORDS: Record<ChangeKind, string> = {
  new_failure: 'new',
  worse: 'worse',
  known: 'known',
  fixed: 'fixed',
  unchanged: 'unchanged'
};

/** "new", "worse", "known (does not block)", with the threshold note when the threshold changed. */
export function changeWord(c: Check, failing: readonly string[]): string {
  if (!c.change) return '';
  const word = WORDS[c.change];
  const notBlocking =
    c.change === 'known' &&
    c.judged &&
    !failing.includes(c.id) &&
    (c.status === 'fail' || c.status === 'not_evaluated');
  return `${word}${notBlocking ? ' (does not block)' : ''}${c.change_note ? ` (${c.change_note})` : ''}`;
}
