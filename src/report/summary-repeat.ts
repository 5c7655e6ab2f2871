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
  'A model asked N times per input (repeat) answers by majority; its clean repeat flip rate — clean inputs whose N answers disagree — is its own jitter with no perturbation at all. A family flip rate near it is within that noise; only the part above it is the perturbation’s doing.';

/** The clean repeat flip rate over all rows, or null for a model asked once. */
export function noiseFloor(m: ModelMetrics): string | null {
  const f = m.repeat?.clean_flip_rate.find((x) => x.scope === ALL)?.figure;
  return f ? rateText(f) : null;
}

/** Whether a column for the noise floor belongs in the robustness table. */
export function anyRepeated(metrics: Metrics): boolean {
  return metrics.models.some((m) => m.repeat !== undefined);
}

export function repeatSection(metrics: Metrics): string[] {
  const rows = metrics.models.flatMap((m) => {
    const r = m.repeat;
    if (!r) return [];
    const clean = r.agreement.find((a) => a.scope === ALL && a.condition === 'clean');
    const perturbed = r.agreement.filter((a) => a.scope === ALL && a.condition !== 'clean').map((a) => `${a.condition} ${rateText(a.self_agreement)}`);
    return [
      [
        md(m.model, 40),
        String(r.repeat),
        clean ? rateText(clean.self_agreement) : '—',
        noiseFloor(m) ?? '—',
        clean ? rateText(clean.answer_agreement) : '—',
        perturbed.join('; ') || '—'
      ]
    ];
  });
  if (rows.length === 0) return [];
  return [
    '## Repeated queries (all rows)',
    '',
    `${NOISE_FLOOR_MEANING} Self-agreement counts the rows whose N answers all agree; answer agreement counts the answers equal to their row's majority, out of rows × N. Missing rows have no answers and are left out.`,
    '',
    ...table(['model', 'asked (N)', 'self-agreement (clean)', 'clean repeat flip rate', 'answer agreement (clean)', 'self-agreement by condition'], rows),
    ''
  ];
}
