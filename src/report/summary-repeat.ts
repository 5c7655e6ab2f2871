/**
 * summary.md's words on repeated queries (docs/definitions.md#repeated-queries): the clean repeat
 * flip rate beside each family's flip rate, and a table of each repeated model's agreement.
 * Nothing when no model was asked more than once, so such summaries are unchanged.
 */
import { ALL, type Metrics, type ModelMetrics } from '../metrics/metrics.js';
import { md } from './escape.js';
import { rateText } from './format.js';
import { markdownTable as table } from './markdown.js';

/** How to read the noise floor, said once in the summary and once in the report. */
export const NOISE_FLOOR_MEANING =
  'A model asked N times per input (repeat) answers by majority; its clean repeat flip rate — clean inputs whose ' +
  'N answers disagree — is its own jitter with no perturbation at all. A family flip rate near it is within that ' +
  'noise; only the part above it is the perturbation’s doing.';

/** The clean repeat flip rate over all rows, or null for a model asked once. */
export function noiseFloor(m: ModelMetrics): string | null {
  const f = m.repeat?.clean_flip_rate.find((x) => x.scope === ALL)?.figure;
  return f ? rateText(f) : null;
}

/** Whether a column for the noise floor belongs in the robustness table. */
export function anyRepeated(metrics: Metrics): boolean {
  return metrics.models.some((m) => m.repeat !== undefined);
}

/** One row per repeated model (its name as given: each renderer escapes it), the figures over all rows. */
interface RepeatRow {
  model: string;
  repeat: number;
  selfAgreement: string;
  floor: string;
  answerAgreement: string;
  byCondition: string;
}

export const REPEAT_HEADER = [
  'model',
  'asked (N)',
  'self-agreement (clean)',
  'clean repeat flip rate',
  'answer agreement (clean)',
  'self-agreement by condition'
];

/** How the figures are counted, said under the section's heading. */
export const REPEAT_COUNTING =
  'Self-agreement counts the rows whose N answers all agree; answer agreement counts the answers equal to their ' +
  "row's majority, out of rows × N. Missing rows have no answers and are left out.";

export function repeatRows(metrics: Metrics): RepeatRow[] {
  return metrics.models.flatMap((m) => {
    const r = m.repeat;
    if (!r) return [];
    const clean = r.agreement.find((a) => a.scope === ALL && a.condition === 'clean');
    const perturbed = r.agreement
      .filter((a) => a.scope === ALL && a.condition !== 'clean')
      .map((a) => `${a.condition} ${rateText(a.self_agreement)}`);
    return [
      {
        model: m.model,
        repeat: r.repeat,
        selfAgreement: clean ? rateText(clean.self_agreement) : '—',
        floor: noiseFloor(m) ?? '—',
        answerAgreement: clean ? rateText(clean.answer_agreement) : '—',
        byCondition: perturbed.join('; ') || '—'
      }
    ];
  });
}

export function repeatSection(metrics: Metrics): string[] {
  const rows = repeatRows(metrics).map((r) => [
    md(r.model, 40),
    String(r.repeat),
    r.selfAgreement,
    r.floor,
    r.answerAgreement,
    r.byCondition
  ]);
  if (rows.length === 0) return [];
  return [
    '## Repeated queries (all rows)',
    '',
    `${NOISE_FLOOR_MEANING} ${REPEAT_COUNTING}`,
    '',
    ...table(REPEAT_HEADER, rows),
    ''
  ];
}
