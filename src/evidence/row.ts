/**
 * The evidence row (docs/definitions.md#ledger) and its serialisation with a fixed key order. Scores are a
 * label-keyed map kept in label code-point order, which plain JSON.stringify would not keep
 * for numeric-looking labels.
 */
import type { Condition } from './condition.js';

/**
 * Major version of the row layout below; recorded in the manifest's entry for evidence.jsonl. v2 added input_sha256.
 */
export const EVIDENCE_SCHEMA_VERSION = 2;

type RowStatus = 'ok' | 'error' | 'timeout';
export type UncoveredReason =
  'unchanged' | 'no_dictionary' | 'no_edit' | 'edit_space' | 'text_too_long' | 'not_applicable' | 'invalid' | 'missing';
/** Why a condition did not act on a row (the first uncovered reasons). */
export type NotAttemptedReason = 'no_dictionary' | 'no_edit' | 'edit_space' | 'text_too_long' | 'not_applicable';

export interface EvidenceRow {
  id: string;
  split: string;
  model: string;
  condition: Condition;
  language: string;
  domain: string | null;
  text: string | null;
  perturbed_text: string | null;
  label: string;
  clean_prediction: string | null;
  prediction: string | null;
  /** Scores in label order (the labels list of the manifest), null when the row is missing. */
  scores: number[] | null;
  margin: number | null;
  clean_margin: number | null;
  changed: boolean;
  valid: boolean | null;
  invalid_reason: string | null;
  eligible: boolean | null;
  tested: boolean | null;
  success: boolean | null;
  uncovered: boolean | null;
  uncovered_reason: UncoveredReason | null;
  status: RowStatus;
  error: string | null;
  /** SHA-256 of the input the model scored: the text (perturbed on perturbed rows) or the feature record as written. */
  input_sha256: string;
  /**
   * Tabular rows only (docs/definitions.md#tabular): the clean feature vector, the candidate, and whether FGM is the
   * exact worst case.
   */
  features?: Record<string, number>;
  perturbed_features?: Record<string, number> | null;
  exact?: boolean | null;
  /**
   * Search rows: the distinct candidate texts scored for this (example, model) (docs/search.md).
   * Tabular rows of a run with an attack that reports its work (docs/tabular.md): the model queries
   * spent on this row's candidate (null on clean rows).
   */
  queries?: number | null;
  /**
   * Search and typo rows: the edits kept (docs/search.md), `at` the code-point position of a typo's letter
   * (docs/families.md#typo).
   */
  edits?: Array<{ op: string; word: number; from: string | null; to: string | null; at?: number }>;
  /** Tabular rows of such a run: gradient evaluations for the candidate, and `exact`'s certificate and tie flag. */
  gradient_evaluations?: number | null;
  certified?: boolean | null;
  tie?: boolean | null;
  /**
   * Text `exact` rows (docs/search.md#exact): how the row was decided, the size of its edit space (valid
   * candidates) and whether that size is only a lower bound (the space is larger than max_candidates).
   */
  method?: 'closed_form' | 'enumeration' | 'undecided';
  candidates?: number;
  candidates_bound?: boolean;
  /**
   * Rows of a model asked `repeat` > 1 times (docs/models.md#repeated-queries): the share of its
   * answers equal to the row's majority prediction, null when the row is missing. Absent otherwise.
   */
  agreement?: number | null;
}

export const EVIDENCE_FIELDS = [
  'id',
  'split',
  'model',
  'condition',
  'language',
  'domain',
  'text',
  'perturbed_text',
  'label',
  'clean_prediction',
  'prediction',
  'scores',
  'margin',
  'clean_margin',
  'changed',
  'valid',
  'invalid_reason',
  'eligible',
  'tested',
  'success',
  'uncovered',
  'uncovered_reason',
  'status',
  'error',
  'input_sha256'
] as const satisfies ReadonlyArray<keyof EvidenceRow>;

/** Appended after EVIDENCE_FIELDS on tabular rows. */
export const TABULAR_FIELDS = ['features', 'perturbed_features', 'exact'] as const satisfies ReadonlyArray<
  keyof EvidenceRow
>;

/** Appended after TABULAR_FIELDS when the run configures an attack that reports per-row work. */
export const WORK_FIELDS = ['queries', 'gradient_evaluations', 'certified', 'tie'] as const satisfies ReadonlyArray<
  keyof EvidenceRow
>;

/** A line of evidence.jsonl that cannot be read back as a row. */
export class EvidenceParseError extends Error {}

const STATUSES = new Set(['ok', 'error', 'timeout']);

/**
 * One JSONL line back into a row: scores go from the label-keyed map to the label-ordered array
 * (every label present, no other key). Field types are checked so that a damaged file gives a
 * clear message instead of wrong figures.
 */
export function parseRow(line: string, labels: readonly string[], where: string): EvidenceRow {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch (error) {
    throw new EvidenceParseError(`${where}: not JSON (${(error as Error).message})`);
  }
  if (o === null || typeof o !== 'object' || Array.isArray(o))
    throw new EvidenceParseError(`${where}: expected a JSON object`);
  const text = (k: string) => {
    if (typeof o[k] !== 'string') throw new EvidenceParseError(`${where}: field ${k} must be a string`);
  };
  const textOrNull = (k: string) => {
    if (o[k] !== null && typeof o[k] !== 'string')
      throw new EvidenceParseError(`${where}: field ${k} must be a string or null`);
  };
  const boolOrNull = (k: string) => {
    if (o[k] !== null && typeof o[k] !== 'boolean')
      throw new EvidenceParseError(`${where}: field ${k} must be true, false or null`);
  };
  const numOrNull = (k: string) => {
    if (o[k] !== null && typeof o[k] !== 'number')
      throw new EvidenceParseError(`${where}: field ${k} must be a number or null`);
  };
  for (const k of ['id', 'split', 'model', 'condition', 'language', 'label', 'status', 'input_sha256']) text(k);
  for (const k of [
    'domain',
    'text',
    'perturbed_text',
    'clean_prediction',
    'prediction',
    'invalid_reason',
    'uncovered_reason',
    'error'
  ])
    textOrNull(k);
  for (const k of ['valid', 'eligible', 'tested', 'success', 'uncovered']) boolOrNull(k);
  for (const k of ['margin', 'clean_margin']) numOrNull(k);
  if (typeof o.changed !== 'boolean') throw new EvidenceParseError(`${where}: field changed must be true or false`);
  if (!STATUSES.has(o.status as string)) throw new EvidenceParseError(`${where}: status must be ok, error or timeout`);
  if ('agreement' in o) {
    const a = o.agreement;
    const fits = o.status === 'ok' ? typeof a === 'number' && a > 0 && a <= 1 : a === null;
    if (!fits)
      throw new EvidenceParseError(
        `${where}: field agreement must be a number in (0, 1] on an ok row and null on a missing one`
      );
  }
  let scores: number[] | null = null;
  if (o.scores !== null) {
    const map = o.scores as Record<string, unknown>;
    if (typeof map !== 'object' || Array.isArray(map))
      throw new EvidenceParseError(`${where}: scores must be a label-keyed object or null`);
    if (Object.keys(map).length !== labels.length)
      throw new EvidenceParseError(`${where}: scores must name every label once`);
    scores = labels.map((l) => {
      const v = map[l];
      if (typeof v !== 'number') throw new EvidenceParseError(`${where}: scores.${l} must be a number`);
      return v;
    });
  }
  return { ...(o as unknown as EvidenceRow), scores };
}
