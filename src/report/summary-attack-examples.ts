/**
 * The summary's worked rows per tabular attack (docs/tabular.md): only the features changed, and the work each row
 * cost.
 */
import type { FeatureChange } from '../metrics/attack-examples.js';
import type { Metrics } from '../metrics/metrics.js';
import { md } from './escape.js';
import { markdownTable as table } from './markdown.js';

/** "x1 0.41 → 0.46; x2 0.3 → 0.35": only the features an attack changed. */
export function changesText(changes: readonly FeatureChange[]): string {
  if (changes.length === 0) return 'none';
  return changes
    .map((c) => `${md(c.feature, 40)} ${Number(c.from.toFixed(6))} → ${Number(c.to.toFixed(6))}`)
    .join('; ');
}

/**
 * A few worked rows per attack: the features changed, the decision before → after, and the work spent
 * (docs/tabular.md).
 */
export function attackExamplesTable(metrics: Metrics): string[] {
  return table(
    [
      'model',
      'attack',
      'id',
      'changed features (original → perturbed)',
      'label',
      'prediction',
      'queries',
      'gradient evaluations'
    ],
    metrics.models.flatMap((m) =>
      (m.attack_examples ?? []).map((w) => [
        md(m.model, 40),
        md(w.condition, 40),
        md(w.id, 40),
        changesText(w.changed),
        md(w.label, 20),
        `${md(w.clean_prediction ?? 'missing', 20)} → ${md(w.prediction ?? 'missing', 20)}` +
          `${w.success ? ' (success)' : ''}`,
        String(w.queries ?? '—'),
        String(w.gradient_evaluations ?? '—')
      ])
    )
  );
}
