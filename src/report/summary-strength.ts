/**
 * The summary's account of `exact` (docs/tabular.md): how many rows it certified, what that
 * means and what it does not, and each other attack's strength against it.
 */
import { familyNamed } from '../config/families.js';
import type { Metrics } from '../metrics/metrics.js';
import { md } from './escape.js';
import type { Figure } from '../metrics/figure.js';
import { fixed, rateText } from './format.js';
import { markdownTable as table } from './markdown.js';

export const CERTIFIED_MEANING =
  "Certified means: no point of the threat model's feasible set (within eps of the row in L∞, inside the feature " +
  "bounds, changing only the editable features) changes this model's prediction, every point and not only the " +
  'points an attack tried. It does not cover a larger budget, other features or other kinds of change, another ' +
  "model or a retrained one, and it says nothing about whether the row's label is right. A tie (the largest " +
  'reachable gap within rounding of zero) is never certified.';

/**
 * What exact computes, in one sentence: a target must beat every other label when the objective is targeted and there
 * are more than two (docs/tabular.md#exact).
 */
function exactMethodSentence(objective: string, labels: number): string {
  const what =
    objective === 'targeted' && labels > 2
      ? 'the largest margin any point of the feasible set gives each protected target over every other label at ' +
        'once (a small linear program per target)'
      : "the largest change any point of the feasible set can make to each rival label's logit gap";
  return (
    `\`exact\` computes, for the logistic regression, ${what}; for a tree ensemble it searches every cell the ` +
    `trees' thresholds cut the feasible set into. So its successes are every failure there is.`
  );
}

export function strengthSection(metrics: Metrics, objective: string): string[] {
  const models = metrics.models.filter((m) => m.exact_certificate !== undefined);
  if (models.length === 0) return [];
  const out: string[] = ['## Attack strength against the exact worst case', ''];
  out.push(
    `${exactMethodSentence(objective, metrics.labels.length)} An attack's strength is its successes over exact's ` +
      `on the rows both tested: 1 means it found all of them.`,
    ''
  );
  out.push(CERTIFIED_MEANING, '');
  // Under a review policy with more than two labels there is no certificate: say why once.
  const reasons = [
    ...new Set(
      models.flatMap((m) =>
        m.exact_certificate?.certified.status === 'not_applicable' ? [m.exact_certificate.certified.reason ?? ''] : []
      )
    )
  ];
  for (const reason of reasons) out.push(`Not applicable in this run: ${reason}.`, '');
  out.push(
    ...table(
      ['model', 'certified by exact', 'ties'],
      models.map((m) => [
        md(m.model, 40),
        m.exact_certificate ? rateText(m.exact_certificate.certified) : '—',
        String(m.exact_certificate?.ties.value ?? 0)
      ])
    ),
    ''
  );
  const binary = metrics.labels.length === 2;
  const rows = models.flatMap((m) =>
    (m.attack_strength ?? []).map((s) => {
      const complete = s.strength.status === 'ok' && s.strength.numerator === s.strength.denominator;
      const attack = familyNamed(s.attack, metrics.task);
      const binaryNote = attack?.task === 'tabular' ? attack.binaryExactNote : undefined;
      const note =
        binaryNote !== undefined && binary && complete
          ? binaryNote
          : complete
            ? 'found every failure exact proves'
            : s.strength.status === 'ok'
              ? 'missed failures that exist'
              : '—';
      return [md(m.model, 40), md(s.attack, 40), strengthText(s.strength), note];
    })
  );
  if (rows.length > 0) out.push(...table(['model', 'attack', 'strength (found / exact)', 'note'], rows), '');
  return out;
}

/** "1.00 (173/173)": a share of exact's failures, with its counts. */
export function strengthText(f: Figure): string {
  if (f.status === 'not_applicable') return 'not applicable';
  if (f.status !== 'ok' || f.value === null) return `not evaluated (${f.reason ?? 'no rows'})`;
  return `${fixed(f.value, 2)} (${f.numerator}/${f.denominator})`;
}
