/**
 * Ledger figures of the non-destructive families (docs/definitions.md#ledger), read from the masks stored in
 * the evidence rows (src/evidence/ledger.ts sets them). "In scope" is not stored: it is
 * recomputed from the model's clean row of the same id (clean `ok`; under a targeted
 * objective also gold ∈ a declared `from` label) by the same rule that set the masks.
 *
 * Per model, family and scope (`familyLedgerOf`):
 *   conditional attack success = successes / tested        (not evaluated when tested = 0)
 *   eligible coverage          = tested / eligible         (not evaluated when eligible = 0)
 *   robust accuracy            = (tested ∧ ¬success) / in scope (not evaluated when 0)
 *   uncovered rows are split by their stored reason; they are never robust.
 * Union across families, per model and scope (`unionLedgerOf`), by example id:
 *   Uₜ = eligible ids tested by ≥ 1 family, Uₛ = ids with ≥ 1 success
 *   union success = |Uₛ| / |Uₜ|, union coverage = |Uₜ| / eligible ids,
 *   union robust  = ids in Uₜ with no success and no missing row in any family / in-scope ids
 *   Failures are unioned per id; family rates are never averaged.
 * Protected transitions (`protectedTransitionsOf`): ids whose clean prediction was right and
 * for which some family's tested candidate is predicted so that (gold, prediction) is a
 * declared (from → to) pair, each id counted once; plus clean protected confusions.
 *
 * Each row is counted with the same model's clean row of its id; a clean row of another model
 * or id, or a row without masks (clean, truncate), is a caller error and throws.
 */
import { familyNamed, type NonDestructiveFamily } from '../config/families.js';
import type { ThreatModelPlan } from '../config/plan.js';
import type { ProtectedTransition } from '../evidence/attack-success.js';
import { isProtected, ledgerMasks } from '../evidence/ledger.js';
import type { EvidenceRow, UncoveredReason } from '../evidence/row.js';
import { compareCodePoints } from '../util/strings.js';
import { count, notApplicable, rate, type Figure } from './figure.js';

export type Objective = ThreatModelPlan['objective'];

export interface FamilyLedger {
  /** Rows given (one per example of the scope). */
  rows: number;
  in_scope: Figure;
  eligible: Figure;
  tested: Figure;
  successes: Figure;
  /** Tested and not a success. */
  robust: Figure;
  uncovered: Figure;
  /** Counts per reason; `no_edit` and `text_too_long` (listed only when > 0) belong to the search alone. */
  uncovered_by_reason: Partial<Record<UncoveredReason, number>>;
  attack_success: Figure;
  eligible_coverage: Figure;
  robust_accuracy: Figure;
}

export interface UnionLedger {
  /** Families read, in the map's order. */
  families: NonDestructiveFamily[];
  in_scope: Figure;
  eligible: Figure;
  /** |Uₜ|, out of eligible ids. */
  tested: Figure;
  /** |Uₛ|, out of |Uₜ|. */
  successes: Figure;
  /** Eligible ids tested by no family. */
  untested: Figure;
  robust: Figure;
  /** Ids in Uₛ, in code-point order. */
  success_ids: string[];
  union_success: Figure;
  union_coverage: Figure;
  union_robust_accuracy: Figure;
}

interface TransitionCount {
  from: string;
  to: string;
  count: number;
}

export interface ProtectedTransitions {
  /** Distinct ids moved into a declared pair by some family's tested candidate, out of the ids tested by ≥ 1 family. */
  protected_transitions: Figure;
  /** Those ids, in code-point order. */
  ids: string[];
  /** Distinct ids per declared pair, in declared order (an id moved into two pairs by two families counts in both). */
  by_transition: TransitionCount[];
  /** Distinct ids per family, in the map's order. */
  by_family: Array<{ family: NonDestructiveFamily; count: number }>;
  /** Clean rows whose (gold, clean prediction) is a declared pair, out of the clean rows given. Reported, not gated. */
  clean_confusions: Figure;
  clean_confusion_ids: string[];
  clean_by_transition: TransitionCount[];
}

/**
 * In scope (docs/definitions.md#ledger): the clean row is `ok` and, under a targeted objective, its gold is a declared
 * `from`.
 */
export function isInScope(
  clean: EvidenceRow,
  objective: Objective,
  transitions: readonly ProtectedTransition[]
): boolean {
  // Delegates to the rule that set the stored masks, so the two can never disagree.
  return ledgerMasks({
    objective,
    transitions,
    gold: clean.label,
    cleanOk: clean.status === 'ok',
    cleanPrediction: clean.status === 'ok' ? clean.prediction : null,
    attempted: false,
    changed: false,
    valid: false,
    rowOk: false,
    prediction: null
  }).in_scope;
}

function checkClean(clean: EvidenceRow, row: EvidenceRow): void {
  if (clean.model !== row.model || clean.condition !== 'clean' || clean.id !== row.id) {
    throw new Error(
      `the clean row given for id "${row.id}" is model ${clean.model}, condition ${clean.condition}; expected ` +
        `model ${row.model}, condition clean`
    );
  }
}

interface StoredMasks {
  eligible: boolean;
  tested: boolean;
  success: boolean;
  uncovered: boolean;
  reason: UncoveredReason | null;
}

function masksOf(row: EvidenceRow, inScope: boolean): StoredMasks {
  const { eligible, tested, success, uncovered } = row;
  if (eligible === null || tested === null || success === null || uncovered === null) {
    throw new Error(
      `row "${row.id}" (${row.model}, ${row.condition}) has no ledger masks: pass rows of a non-destructive family`
    );
  }
  if (eligible && !inScope) {
    throw new Error(
      `row "${row.id}" (${row.model}, ${row.condition}) is eligible but not in scope: objective or transitions ` +
        `differ from the run's`
    );
  }
  if (uncovered && row.uncovered_reason === null)
    throw new Error(`row "${row.id}" (${row.model}, ${row.condition}) is uncovered without a reason`);
  return { eligible, tested, success, uncovered, reason: row.uncovered_reason };
}

function byCodePoint(ids: Iterable<string>): string[] {
  return [...ids].sort(compareCodePoints);
}

/** The counts behind one family cell. */
export interface FamilyCounts {
  rows: number;
  inScope: number;
  eligible: number;
  tested: number;
  successes: number;
  uncovered: number;
  byReason: Partial<Record<UncoveredReason, number>>;
}

/** The uncovered reasons a family counts unless its descriptor lists its own (`ledgerReasons`), in metrics order. */
const LEDGER_REASONS: readonly UncoveredReason[] = ['unchanged', 'no_dictionary', 'invalid', 'missing'];

export function emptyFamilyCounts(family?: string, task: 'text' | 'tabular' = 'text'): FamilyCounts {
  const reasons = (family === undefined ? undefined : familyNamed(family, task)?.ledgerReasons) ?? LEDGER_REASONS;
  const byReason: Partial<Record<UncoveredReason, number>> = Object.fromEntries(reasons.map((r) => [r, 0]));
  return { rows: 0, inScope: 0, eligible: 0, tested: 0, successes: 0, uncovered: 0, byReason };
}

/** Counts one family row; `clean` is the same model's clean row of the id. */
export function addFamilyRow(
  c: FamilyCounts,
  row: EvidenceRow,
  clean: EvidenceRow,
  objective: Objective,
  transitions: readonly ProtectedTransition[]
): void {
  checkClean(clean, row);
  const scoped = isInScope(clean, objective, transitions);
  const m = masksOf(row, scoped);
  c.rows++;
  if (scoped) c.inScope++;
  if (m.eligible) c.eligible++;
  if (m.tested) c.tested++;
  if (m.tested && m.success) c.successes++;
  if (m.uncovered && m.reason !== null) {
    c.uncovered++;
    c.byReason[m.reason] = (c.byReason[m.reason] ?? 0) + 1;
  }
}

export function familyLedgerOf(c: FamilyCounts): FamilyLedger {
  const robust = c.tested - c.successes;
  return {
    rows: c.rows,
    in_scope: count(c.inScope, c.rows),
    eligible: count(c.eligible, c.inScope),
    tested: count(c.tested, c.eligible),
    successes: count(c.successes, c.tested),
    robust: count(robust, c.inScope),
    uncovered: count(c.uncovered, c.eligible),
    uncovered_by_reason: { ...c.byReason },
    attack_success: rate(c.successes, c.tested, 'no tested rows'),
    eligible_coverage: rate(c.tested, c.eligible, 'no eligible rows'),
    robust_accuracy: rate(robust, c.inScope, 'no rows in scope')
  };
}

/** What one id contributes to the union across families (docs/definitions.md#ledger). */
interface UnionOutcome {
  inScope: boolean;
  eligible: boolean;
  tested: boolean;
  succeeded: boolean;
  /** A row of the id is missing in some family. */
  missing: boolean;
}

/** The union outcome of one id from its rows in each family present (one row per family). */
export function unionOutcome(
  familyRows: readonly EvidenceRow[],
  clean: EvidenceRow,
  objective: Objective,
  transitions: readonly ProtectedTransition[]
): UnionOutcome {
  const out = { inScope: false, eligible: false, tested: false, succeeded: false, missing: false };
  if (familyRows.length === 0) return out;
  const scoped = isInScope(clean, objective, transitions);
  for (const row of familyRows) {
    checkClean(clean, row);
    const m = masksOf(row, scoped);
    if (scoped) out.inScope = true;
    if (m.eligible) out.eligible = true;
    if (m.tested) out.tested = true;
    if (m.tested && m.success) out.succeeded = true;
    if (row.status !== 'ok') out.missing = true;
  }
  return out;
}

export interface UnionCounts {
  families: NonDestructiveFamily[];
  inScope: number;
  eligible: number;
  tested: number;
  succeeded: number;
  robust: number;
  successIds: string[];
}

export function emptyUnionCounts(families: readonly NonDestructiveFamily[]): UnionCounts {
  return { families: [...families], inScope: 0, eligible: 0, tested: 0, succeeded: 0, robust: 0, successIds: [] };
}

export function addUnionOutcome(c: UnionCounts, id: string, o: UnionOutcome): void {
  if (o.inScope) c.inScope++;
  if (o.eligible) c.eligible++;
  if (o.tested) c.tested++;
  if (o.succeeded) {
    c.succeeded++;
    c.successIds.push(id);
  }
  if (o.tested && !o.succeeded && !o.missing) c.robust++;
}

export function unionLedgerOf(c: UnionCounts): UnionLedger {
  return {
    families: [...c.families],
    in_scope: count(c.inScope, c.inScope),
    eligible: count(c.eligible, c.inScope),
    tested: count(c.tested, c.eligible),
    successes: count(c.succeeded, c.tested),
    untested: count(c.eligible - c.tested, c.eligible),
    robust: count(c.robust, c.inScope),
    success_ids: byCodePoint(c.successIds),
    union_success: rate(c.succeeded, c.tested, 'no row tested by any family'),
    union_coverage: rate(c.tested, c.eligible, 'no eligible rows'),
    union_robust_accuracy: rate(c.robust, c.inScope, 'no rows in scope')
  };
}

/** What one id contributes to the protected-transition figures (docs/definitions.md#ledger). */
interface TransitionOutcome {
  /** Tested by some family with the clean prediction correct. */
  tested: boolean;
  /** Pair keys (JSON [from, to]) the id was moved into, each once. */
  pairs: string[];
  /** Families whose tested candidate moved it. */
  families: NonDestructiveFamily[];
}

const pairKey = (from: string, to: string) => JSON.stringify([from, to]);

export function transitionOutcome(
  familyRows: readonly EvidenceRow[],
  clean: EvidenceRow,
  transitions: readonly ProtectedTransition[]
): TransitionOutcome {
  const out: TransitionOutcome = { tested: false, pairs: [], families: [] };
  const cleanCorrect = clean.status === 'ok' && clean.prediction === clean.label;
  if (!cleanCorrect) return out;
  for (const row of familyRows) {
    checkClean(clean, row);
    if (row.tested !== true) continue;
    out.tested = true;
    // A success, so that under threat_model.against_policy only accepted decisions count (without it, every tested
    // protected move is one).
    if (row.success === true && isProtected(transitions, row.label, row.prediction)) {
      const key = pairKey(row.label, row.prediction as string);
      if (!out.pairs.includes(key)) out.pairs.push(key);
      out.families.push(row.condition as NonDestructiveFamily);
    }
  }
  return out;
}

export interface TransitionCounts {
  families: NonDestructiveFamily[];
  transitions: ProtectedTransition[];
  tested: number;
  movedIds: string[];
  pairs: Map<string, number>;
  byFamily: Map<NonDestructiveFamily, number>;
  cleanRows: number;
  confusedIds: string[];
  cleanPairs: Map<string, number>;
}

export function emptyTransitionCounts(
  families: readonly NonDestructiveFamily[],
  transitions: readonly ProtectedTransition[]
): TransitionCounts {
  return {
    families: [...families],
    transitions: [...transitions],
    tested: 0,
    movedIds: [],
    pairs: new Map(),
    byFamily: new Map(),
    cleanRows: 0,
    confusedIds: [],
    cleanPairs: new Map()
  };
}

const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

export function addTransitionOutcome(c: TransitionCounts, id: string, o: TransitionOutcome): void {
  if (o.tested) c.tested++;
  if (o.pairs.length > 0) c.movedIds.push(id);
  for (const key of o.pairs) bump(c.pairs, key);
  for (const f of o.families) c.byFamily.set(f, (c.byFamily.get(f) ?? 0) + 1);
}

/** Counts one clean row for the clean protected confusions (reported, not gated). */
export function addTransitionClean(c: TransitionCounts, clean: EvidenceRow): void {
  c.cleanRows++;
  if (clean.status === 'ok' && isProtected(c.transitions, clean.label, clean.prediction)) {
    c.confusedIds.push(clean.id);
    bump(c.cleanPairs, pairKey(clean.label, clean.prediction as string));
  }
}

function perTransition(transitions: readonly ProtectedTransition[], pairs: Map<string, number>): TransitionCount[] {
  return transitions.map((t) => ({ from: t.from, to: t.to, count: pairs.get(pairKey(t.from, t.to)) ?? 0 }));
}

export function protectedTransitionsOf(c: TransitionCounts): ProtectedTransitions {
  const none =
    c.transitions.length === 0
      ? 'no protected transitions are declared'
      : c.families.length === 0
        ? 'no non-destructive family is configured'
        : null;
  const moved = c.movedIds.length;
  return {
    protected_transitions:
      none !== null
        ? notApplicable(none)
        : c.tested === 0
          ? rate(moved, 0, 'no row tested by any family')
          : count(moved, c.tested),
    ids: byCodePoint(c.movedIds),
    by_transition: perTransition(c.transitions, c.pairs),
    by_family: c.families.map((family) => ({ family, count: c.byFamily.get(family) ?? 0 })),
    clean_confusions:
      c.transitions.length === 0
        ? notApplicable('no protected transitions are declared')
        : count(c.confusedIds.length, c.cleanRows),
    clean_confusion_ids: byCodePoint(c.confusedIds),
    clean_by_transition: perTransition(c.transitions, c.cleanPairs)
  };
}
