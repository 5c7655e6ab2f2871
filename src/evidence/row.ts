/**
 * The evidence row (SPEC §7) and its serialisation with a fixed key order. Scores are a
 * label-keyed map kept in label code-point order, which plain JSON.stringify would not keep
 * for numeric-looking labels.
 */
import type { Condition } from '../config/families.js';
import { orderedMap, stableJson } from '../util/json.js';

/** Version of the row layout below; recorded in the manifest's entry for evidence.jsonl. */
export const EVIDENCE_SCHEMA_VERSION = 1;

export type RowStatus = 'ok' | 'error' | 'timeout';
export type UncoveredReason = 'unchanged' | 'no_dictionary' | 'invalid' | 'missing';

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
}

export const EVIDENCE_FIELDS = [
  'id', 'split', 'model', 'condition', 'language', 'domain', 'text', 'perturbed_text', 'label',
  'clean_prediction', 'prediction', 'scores', 'margin', 'clean_margin', 'changed',
  'valid', 'invalid_reason', 'eligible', 'tested', 'success', 'uncovered', 'uncovered_reason', 'status',
  'error'
] as const satisfies ReadonlyArray<keyof EvidenceRow>;

/** One JSONL line (without the newline). */
export function serializeRow(row: EvidenceRow, labels: readonly string[]): string {
  return stableJson(
    orderedMap(
      EVIDENCE_FIELDS.map((field) => {
        if (field === 'scores') {
          return [field, row.scores === null ? null : orderedMap(labels.map((l, i) => [l, row.scores?.[i]]))] as const;
        }
        return [field, row[field]] as const;
      })
    )
  );
}
