/**
 * The ledger figures from arrays of rows: every row goes through the same per-row functions the
 * streaming accumulator uses (src/metrics/ledger.ts), grouped the way the tests state them (rows
 * per family, clean rows by id). Only tests compute figures this way; a run streams example groups.
 */
import type { NonDestructiveFamily } from '../../../src/config/families.js';
import type { ProtectedTransition } from '../../../src/evidence/attack-success.js';
import type { EvidenceRow } from '../../../src/evidence/row.js';
import {
  addFamilyRow,
  addTransitionClean,
  addTransitionOutcome,
  addUnionOutcome,
  emptyFamilyCounts,
  emptyTransitionCounts,
  emptyUnionCounts,
  familyLedgerOf,
  protectedTransitionsOf,
  transitionOutcome,
  unionLedgerOf,
  unionOutcome,
  type FamilyLedger,
  type Objective,
  type ProtectedTransitions,
  type UnionLedger
} from '../../../src/metrics/ledger.js';

export type RowsByFamily = ReadonlyMap<NonDestructiveFamily, readonly EvidenceRow[]>;
export type CleanRowsById = ReadonlyMap<string, EvidenceRow>;

function cleanRowOf(cleanRows: CleanRowsById, row: EvidenceRow): EvidenceRow {
  const clean = cleanRows.get(row.id);
  if (clean === undefined) throw new Error(`no clean row for id "${row.id}" (model ${row.model})`);
  return clean;
}

export function familyLedger(
  rows: readonly EvidenceRow[],
  cleanRows: CleanRowsById,
  objective: Objective,
  transitions: readonly ProtectedTransition[]
): FamilyLedger {
  const c = emptyFamilyCounts();
  for (const row of rows) addFamilyRow(c, row, cleanRowOf(cleanRows, row), objective, transitions);
  return familyLedgerOf(c);
}

/** Rows of several families grouped by id, ids in first-seen order; each row checked against its family. */
function rowsById(rowsByFamily: RowsByFamily): Map<string, EvidenceRow[]> {
  const byId = new Map<string, EvidenceRow[]>();
  for (const [family, rows] of rowsByFamily) {
    for (const row of rows) {
      if (row.condition !== family)
        throw new Error(`row "${row.id}" is condition ${row.condition}, given as family ${family}`);
      const list = byId.get(row.id) ?? [];
      list.push(row);
      byId.set(row.id, list);
    }
  }
  return byId;
}

export function unionLedger(
  rowsByFamily: RowsByFamily,
  cleanRows: CleanRowsById,
  objective: Objective,
  transitions: readonly ProtectedTransition[]
): UnionLedger {
  const c = emptyUnionCounts([...rowsByFamily.keys()]);
  for (const [id, rows] of rowsById(rowsByFamily)) {
    addUnionOutcome(c, id, unionOutcome(rows, cleanRowOf(cleanRows, rows[0] as EvidenceRow), objective, transitions));
  }
  return unionLedgerOf(c);
}

export function protectedTransitions(
  rowsByFamily: RowsByFamily,
  cleanRows: CleanRowsById,
  transitions: readonly ProtectedTransition[]
): ProtectedTransitions {
  const c = emptyTransitionCounts([...rowsByFamily.keys()], transitions);
  for (const [id, rows] of rowsById(rowsByFamily)) {
    addTransitionOutcome(c, id, transitionOutcome(rows, cleanRowOf(cleanRows, rows[0] as EvidenceRow), transitions));
  }
  for (const clean of cleanRows.values()) addTransitionClean(c, clean);
  return protectedTransitionsOf(c);
}
