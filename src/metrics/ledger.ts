/**
 * Ledger figures of the non-destructive families (SPEC §7), read from the masks stored in
 * the evidence rows (src/evidence/ledger.ts sets them). "In scope" is not stored: it is
 * recomputed from the model's clean row of the same id (clean `ok`; under a targeted
 * objective also gold ∈ a declared `from` label) by the same rule that set the masks.
 *
 * Per model, family and scope (`familyLedger`):
 *   conditional attack success = successes / tested        (not evaluated when tested = 0)
 *   eligible coverage          = tested / eligible         (not evaluated when eligible = 0)
 *   robust accuracy            = (tested ∧ ¬success) / in scope (not evaluated when 0)
 *   uncovered rows are split by their stored reason; they are never robust.
 * Union across families, per model and scope (`unionLedger`), by example id:
 *   Uₜ = eligible ids tested by ≥ 1 family, Uₛ = ids with ≥ 1 success
 *   union success = |Uₛ| / |Uₜ|, union coverage = |Uₜ| / eligible ids,
 *   union robust  = ids in Uₜ with no success and no missing row in any family / in-scope ids
 *   Failures are unioned per id; family rates are never averaged.
 * Protected transitions (`protectedTransitions`): ids whose clean prediction was right and
 * for which some family's tested candidate is predicted so that (gold, prediction) is a
 * declared (from → to) pair, each id counted once; plus clean protected confusions.
 *
 * `cleanRows` maps id → the same model's clean row; a family row whose clean row is absent,
 * or a row without masks (clean, truncate), is a caller error and throws.
 */
import type { NonDestructiveFamily } from '../config/families.js';
import type { ProtectedTransition, ThreatModelPlan } from '../config/plan.js';
import { isProtected, ledgerMasks } from '../evidence/ledger.js';
import type { EvidenceRow, UncoveredReason } from '../evidence/row.js';
import { compareCodePoints } from '../util/strings.js';
import { count, notApplicable, rate, type Figure } from './figure.js';

export type Objective = ThreatModelPlan['objective'];
export type RowsByFamily = ReadonlyMap<NonDestructiveFamily, readonly EvidenceRow[]>;
export type CleanRowsById = ReadonlyMap<string, EvidenceRow>;

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
  uncovered_by_reason: Record<UncoveredReason, number>;
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

export interface TransitionCount {
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

/** In scope (SPEC §7): the clean row is `ok` and, under a targeted objective, its gold is a declared `from`. */
export function isInScope(clean: EvidenceRow, objective: Objective, transitions: readonly ProtectedTransition[]): boolean {
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

function cleanRowOf(cleanRows: CleanRowsById, row: EvidenceRow): EvidenceRow {
  const clean = cleanRows.get(row.id);
  if (clean === undefined) throw new Error(`no clean row for id "${row.id}" (model ${row.model})`);
  if (clean.model !== row.model || clean.condition !== 'clean') {
    throw new Error(`the clean row given for id "${row.id}" is model ${clean.model}, condition ${clean.condition}; expected model ${row.model}, condition clean`);
  }
  return clean;
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
    throw new Error(`row "${row.id}" (${row.model}, ${row.condition}) has no ledger masks: pass rows of a non-destructive family`);
  }
  if (eligible && !inScope) {
    throw new Error(`row "${row.id}" (${row.model}, ${row.condition}) is eligible but not in scope: objective or transitions differ from the run's`);
  }
  if (uncovered && row.uncovered_reason === null) throw new Error(`row "${row.id}" (${row.model}, ${row.condition}) is uncovered without a reason`);
  return { eligible, tested, success, uncovered, reason: row.uncovered_reason };
}

function byCodePoint(ids: Iterable<string>): string[] {
  return [...ids].sort(compareCodePoints);
}

export function familyLedger(
  rows: readonly EvidenceRow[],
  cleanRows: CleanRowsById,
  objective: Objective,
  transitions: readonly ProtectedTransition[]
): FamilyLedger {
  let inScope = 0;
  let eligible = 0;
  let tested = 0;
  let successes = 0;
  let uncovered = 0;
  const byReason: Record<UncoveredReason, number> = { unchanged: 0, no_dictionary: 0, invalid: 0, missing: 0 };
  for (const row of rows) {
    const scoped = isInScope(cleanRowOf(cleanRows, row), objective, transitions);
    const m = masksOf(row, scoped);
    if (scoped) inScope++;
    if (m.eligible) eligible++;
    if (m.tested) tested++;
    if (m.tested && m.success) successes++;
    if (m.uncovered && m.reason !== null) {
      uncovered++;
      byReason[m.reason]++;
    }
  }
  const robust = tested - successes;
  return {
    rows: rows.length,
    in_scope: count(inScope, rows.length),
    eligible: count(eligible, inScope),
    tested: count(tested, eligible),
    successes: count(successes, tested),
    robust: count(robust, inScope),
    uncovered: count(uncovered, eligible),
    uncovered_by_reason: byReason,
    attack_success: rate(successes, tested, 'no tested rows'),
    eligible_coverage: rate(tested, eligible, 'no eligible rows'),
    robust_accuracy: rate(robust, inScope, 'no rows in scope')
  };
}

export function unionLedger(
  rowsByFamily: RowsByFamily,
  cleanRows: CleanRowsById,
  objective: Objective,
  transitions: readonly ProtectedTransition[]
): UnionLedger {
  const inScope = new Set<string>();
  const eligible = new Set<string>();
  const tested = new Set<string>();
  const succeeded = new Set<string>();
  const missing = new Set<string>();
  for (const [family, rows] of rowsByFamily) {
    for (const row of rows) {
      if (row.condition !== family) throw new Error(`row "${row.id}" is condition ${row.condition}, given as family ${family}`);
      const scoped = isInScope(cleanRowOf(cleanRows, row), objective, transitions);
      const m = masksOf(row, scoped);
      if (scoped) inScope.add(row.id);
      if (m.eligible) eligible.add(row.id);
      if (m.tested) tested.add(row.id);
      if (m.tested && m.success) succeeded.add(row.id);
      if (row.status !== 'ok') missing.add(row.id);
    }
  }
  let robust = 0;
  for (const id of tested) if (!succeeded.has(id) && !missing.has(id)) robust++;
  return {
    families: [...rowsByFamily.keys()],
    in_scope: count(inScope.size, inScope.size),
    eligible: count(eligible.size, inScope.size),
    tested: count(tested.size, eligible.size),
    successes: count(succeeded.size, tested.size),
    untested: count(eligible.size - tested.size, eligible.size),
    robust: count(robust, inScope.size),
    success_ids: byCodePoint(succeeded),
    union_success: rate(succeeded.size, tested.size, 'no row tested by any family'),
    union_coverage: rate(tested.size, eligible.size, 'no eligible rows'),
    union_robust_accuracy: rate(robust, inScope.size, 'no rows in scope')
  };
}

function perTransition(transitions: readonly ProtectedTransition[], pairs: Map<string, Set<string>>): TransitionCount[] {
  return transitions.map((t) => ({ from: t.from, to: t.to, count: pairs.get(JSON.stringify([t.from, t.to]))?.size ?? 0 }));
}

function addPair(pairs: Map<string, Set<string>>, from: string, to: string, id: string): void {
  const key = JSON.stringify([from, to]);
  const ids = pairs.get(key) ?? new Set<string>();
  ids.add(id);
  pairs.set(key, ids);
}

export function protectedTransitions(
  rowsByFamily: RowsByFamily,
  cleanRows: CleanRowsById,
  transitions: readonly ProtectedTransition[]
): ProtectedTransitions {
  const moved = new Set<string>();
  const testedIds = new Set<string>();
  const pairs = new Map<string, Set<string>>();
  const byFamily: Array<{ family: NonDestructiveFamily; count: number }> = [];
  for (const [family, rows] of rowsByFamily) {
    const own = new Set<string>();
    for (const row of rows) {
      if (row.condition !== family) throw new Error(`row "${row.id}" is condition ${row.condition}, given as family ${family}`);
      const clean = cleanRowOf(cleanRows, row);
      const cleanCorrect = clean.status === 'ok' && clean.prediction === clean.label;
      if (row.tested !== true || !cleanCorrect) continue;
      testedIds.add(row.id);
      if (row.status === 'ok' && isProtected(transitions, row.label, row.prediction)) {
        moved.add(row.id);
        own.add(row.id);
        addPair(pairs, row.label, row.prediction as string, row.id);
      }
    }
    byFamily.push({ family, count: own.size });
  }

  const confused = new Set<string>();
  const cleanPairs = new Map<string, Set<string>>();
  for (const clean of cleanRows.values()) {
    if (clean.status === 'ok' && isProtected(transitions, clean.label, clean.prediction)) {
      confused.add(clean.id);
      addPair(cleanPairs, clean.label, clean.prediction as string, clean.id);
    }
  }

  const none = transitions.length === 0 ? 'no protected transitions are declared' : rowsByFamily.size === 0 ? 'no non-destructive family is configured' : null;
  return {
    protected_transitions: none !== null ? notApplicable(none) : testedIds.size === 0 ? rate(moved.size, 0, 'no row tested by any family') : count(moved.size, testedIds.size),
    ids: byCodePoint(moved),
    by_transition: perTransition(transitions, pairs),
    by_family: byFamily,
    clean_confusions: transitions.length === 0 ? notApplicable('no protected transitions are declared') : count(confused.size, cleanRows.size),
    clean_confusion_ids: byCodePoint(confused),
    clean_by_transition: perTransition(transitions, cleanPairs)
  };
}
