/**
 * Every per-model metric cell, listed once. A new figure is one cell file and one line here;
 * accumulate.ts builds each model's cells from this list and feeds them every example.
 */
import { abstentionCell } from './abstention.js';
import { attackExamplesCell } from './attack-examples.js';
import { accountingCell, workedExamplesCell } from './accounting.js';
import type { CellKind } from './cell.js';
import { classificationCell } from './classification.js';
import { ledgerCell } from './ledger.js';
import { reliabilityCell } from './reliability.js';
import { repeatCell } from './repeat.js';
import { robustnessCell } from './robustness.js';
import { searchCell } from './search.js';
import { selectiveCell } from './selective.js';
import { strengthCell } from './strength.js';
import { transitionsCell, unionCell } from './union.js';

export const MODEL_CELLS: readonly CellKind[] = [
  classificationCell,
  robustnessCell,
  ledgerCell,
  unionCell,
  transitionsCell,
  selectiveCell,
  reliabilityCell,
  abstentionCell,
  accountingCell,
  workedExamplesCell,
  attackExamplesCell,
  searchCell,
  strengthCell,
  repeatCell
];
