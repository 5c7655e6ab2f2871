/**
 * Per-model sections of report.html: robustness per condition with its Δ chart, the ledger,
 * abstention under the configured review policy, risk–coverage curves, reliability diagrams
 * (bins with their row counts) and, for tabular runs, the attack accounting and worked examples.
 * Every figure is read from metrics.json as computed; nothing is recomputed here.
 */
import { isDestructive } from '../config/families.js';
import type { IntervalFigure } from '../metrics/bootstrap.js';
import type { Figure } from '../metrics/figure.js';
import { ALL, type Metrics, type ModelMetrics } from '../metrics/metrics.js';
import { escapeHtml } from './escape.js';
import { countText, countValueText, fixed, ppText, rateText } from './format.js';
import { h, n, table, t, type Cell } from './html-parts.js';
import { barChart, lineChart, reliabilityChart } from './svg.js';
import { CERTIFIED_MEANING, strengthText } from './summary-strength.js';
import { NOISE_FLOOR_MEANING, noiseFloor } from './summary-repeat.js';

function intervalText(i: IntervalFigure): string {
  if (i.status !== 'ok' || i.low === null || i.high === null) return '';
  return ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]`;
}

function deltaText(delta: Figure, interval: IntervalFigure): string {
  return delta.status === 'ok'
    ? `${ppText(delta)}${intervalText(interval)}`
    : delta.status === 'not_applicable'
      ? 'n/a'
      : 'not evaluated';
}

function figureText(f: Figure): string {
  return f.value === null ? f.status.replace('_', ' ') : fixed(f.value, 3);
}

/** Model names in legends are bounded before a figure is appended, so the figure stays visible. */
function shortName(name: string): string {
  const points = Array.from(name.slice(0, 200));
  return points.length <= 40 ? points.join('') : points.slice(0, 39).join('') + '…';
}

/** A repeated model's agreement, said under its name (docs/definitions.md#repeated-queries). */
function repeatNote(m: ModelMetrics): string[] {
  const r = m.repeat;
  if (!r) return [];
  const clean = r.agreement.find((a) => a.scope === ALL && a.condition === 'clean');
  const agreement = clean
    ? `; self-agreement on clean rows ${escapeHtml(rateText(clean.self_agreement))}, answer agreement ` +
      `${escapeHtml(rateText(clean.answer_agreement))}`
    : '';
  return [
    `<p class="note">Asked ${r.repeat} times per input${agreement}; clean repeat flip rate (noise floor) ` +
      `${escapeHtml(noiseFloor(m) ?? '')}. ${escapeHtml(NOISE_FLOOR_MEANING)}</p>`
  ];
}

function robustnessModel(m: ModelMetrics): string[] {
  const rows = m.robustness.filter((r) => r.scope === ALL);
  if (rows.length === 0) return [];
  const floor = noiseFloor(m);
  return [
    `<h3>${h(m.model, 60)}</h3>`,
    ...repeatNote(m),
    table(
      [
        'condition',
        'changed',
        'changed flip rate',
        'flip rate (all rows)',
        ...(floor !== null ? ['noise floor (clean repeat flip rate)'] : []),
        'Δ accuracy (pp) [interval]',
        'attack success'
      ],
      rows.map((r) => {
        const ledger = m.ledger.find((l) => l.family === r.condition && l.scope === ALL);
        return [
          r.condition,
          n(countText(r.changed)),
          n(rateText(r.changed_flip_rate)),
          n(rateText(r.flip_rate)),
          ...(floor !== null ? [n(floor)] : []),
          n(deltaText(r.accuracy_delta_pp, r.delta_interval_pp)),
          t(
            ledger
              ? rateText(ledger.attack_success)
              : isDestructive(r.condition)
                ? 'n/a (destructive)'
                : 'n/a (baseline)'
          )
        ];
      })
    ),
    '<div class="charts">',
    barChart(
      rows.map((r) => {
        const ok = r.delta_interval_pp.status === 'ok';
        return {
          label: r.condition,
          value: r.accuracy_delta_pp.status === 'ok' ? r.accuracy_delta_pp.value : null,
          low: ok ? r.delta_interval_pp.low : null,
          high: ok ? r.delta_interval_pp.high : null
        };
      }),
      { title: `Δ accuracy per condition: ${shortName(m.model)}`, xLabel: 'condition', yLabel: 'Δ accuracy (pp)' }
    ),
    '</div>'
  ];
}

export function robustnessSection(metrics: Metrics): string[] {
  if (!metrics.models.some((m) => m.robustness.some((r) => r.scope === ALL))) return [];
  return [
    '<h2 id="robustness">Robustness (all rows)</h2>',
    '<p class="note">Changed flip rate is flips ÷ changed-and-valid rows; the rate over all rows divides by ' +
      'every row. Δ is modified − matched accuracy on the same changed ids, with its bootstrap interval (whiskers ' +
      'in the chart).</p>',
    ...metrics.models.flatMap(robustnessModel)
  ];
}

function ledgerRows(m: ModelMetrics): Cell[][] {
  const rows: Cell[][] = m.ledger
    .filter((l) => l.scope === ALL)
    .map((l) => {
      const reasons = Object.entries(l.uncovered_by_reason)
        .filter(([, count]) => count > 0)
        .map(([reason, count]) => `${reason} ${count}`)
        .join(', ');
      return [
        m.model,
        l.family,
        n(countValueText(l.in_scope)),
        n(countValueText(l.eligible)),
        n(countValueText(l.tested)),
        n(countValueText(l.successes)),
        t(reasons || '0'),
        n(rateText(l.eligible_coverage)),
        n(rateText(l.robust_accuracy))
      ];
    });
  const u = m.union.find((x) => x.scope === ALL);
  if (u)
    rows.push([
      m.model,
      { html: '<strong>union</strong>' },
      n(countValueText(u.in_scope)),
      n(countValueText(u.eligible)),
      n(countValueText(u.tested)),
      n(countValueText(u.successes)),
      n(countValueText(u.untested)),
      n(rateText(u.union_coverage)),
      n(rateText(u.union_robust_accuracy))
    ]);
  return rows;
}

export function ledgerSection(metrics: Metrics): string[] {
  const rows = metrics.models.flatMap(ledgerRows);
  if (rows.length === 0) return [];
  return [
    '<h2 id="ledger">Ledger (all rows)</h2>',
    table(
      [
        'model',
        'family',
        'in scope',
        'eligible',
        'tested',
        'successes',
        'uncovered',
        'eligible coverage',
        'robust accuracy'
      ],
      rows
    )
  ];
}

/** Abstention under each model's review policy (`selective.abstain_below`), per condition, all rows. */
export function abstentionSection(metrics: Metrics): string[] {
  const rows: Cell[][] = metrics.models.flatMap((m) =>
    (m.abstention ?? [])
      .filter((a) => a.scope === ALL)
      .map((a) => [
        m.model,
        a.condition,
        t(`${a.policy.on} < ${a.policy.threshold}`),
        n(rateText(a.abstained)),
        n(countText(a.accepted)),
        n(countText(a.accepted_but_wrong)),
        n(rateText(a.accepted_error_rate)),
        n(countText(a.missing))
      ])
  );
  if (rows.length === 0) return [];
  return [
    '<h2 id="abstention">Abstention (all rows)</h2>',
    '<p class="note">A fixed review policy applied after the fact: a row whose top probability (or margin) is ' +
      'below the threshold goes to a person. Accepted but wrong counts the errors that would still pass ' +
      'unreviewed. This is not an adaptive attack.</p>',
    table(
      [
        'model',
        'condition',
        'abstain when',
        'abstained',
        'accepted',
        'accepted but wrong',
        'error rate among accepted',
        'missing'
      ],
      rows
    )
  ];
}

export function riskCoverageSection(metrics: Metrics): string[] {
  const series = metrics.models.map((m) => {
    const s = m.selective.find((x) => x.scope === ALL);
    const aurc = s ? (s.aurc.value === null ? s.aurc.status.replace('_', ' ') : fixed(s.aurc.value, 4)) : 'n/a';
    return {
      name: `${shortName(m.model)} (AURC ${aurc})`,
      points: (s?.curve ?? []).map((p) => [p.coverage, p.risk] as const)
    };
  });
  return [
    '<h2 id="risk-coverage">Risk–coverage (clean, all rows)</h2>',
    '<p class="note">Rows are accepted in order of decreasing margin; risk is the error rate among the accepted ' +
      'rows. Lower AURC is better.</p>',
    '<div class="charts">',
    lineChart(series, { title: 'Risk–coverage', xLabel: 'coverage', yLabel: 'risk', xMax: 1 }),
    '</div>'
  ];
}

export function reliabilitySection(metrics: Metrics): string[] {
  const charts = metrics.models.flatMap((m) => {
    const r = m.reliability?.find((x) => x.scope === ALL);
    return r ? [reliabilityChart(r.bins, `${shortName(m.model)}: ECE ${figureText(r.ece)}`)] : [];
  });
  if (charts.length === 0) return [];
  return [
    '<h2 id="reliability">Reliability (clean, all rows)</h2>',
    '<p class="note">Each bar is the accuracy of the rows whose top probability falls in the bin; the number ' +
      'above it is how many rows that is. A bar below the diagonal means over-confidence.</p>',
    '<div class="charts">',
    ...charts,
    '</div>'
  ];
}

function features(values: Record<string, number> | null): string {
  if (!values) return '—';
  return (
    '(' +
    Object.entries(values)
      .map(([k, v]) => `${k}=${Number(v.toFixed(6)).toString()}`)
      .join(', ') +
    ')'
  );
}

export function tabularSection(metrics: Metrics): string[] {
  const out = ['<h2 id="accounting">Attack accounting (all rows)</h2>'];
  out.push(
    '<p class="note">Conditional attack success counts only rows that were correct on clean data and tested; ' +
      'errors after FGM over all rows also include the rows that were already wrong. Noise is a corruption ' +
      'baseline: its rate is errors induced among clean-correct rows, not attack success.</p>'
  );
  out.push(
    table(
      [
        'model',
        'condition',
        'errors after (all rows)',
        'accuracy after (all rows)',
        'errors induced',
        'became correct'
      ],
      metrics.models.flatMap((m) =>
        (m.accounting ?? [])
          .filter((a) => a.scope === ALL)
          .map((a) => [
            m.model,
            a.condition,
            n(rateText(a.post_test_errors)),
            n(rateText(a.post_test_accuracy)),
            n(rateText(a.error_induction)),
            n(countValueText(a.became_correct))
          ])
      )
    )
  );
  const certified = metrics.models.filter((m) => m.exact_certificate !== undefined);
  if (certified.length > 0) {
    out.push('<h3 id="strength">Attack strength against the exact worst case</h3>');
    out.push(`<p class="note">${h(CERTIFIED_MEANING, 2000)}</p>`);
    const reasons = [
      ...new Set(
        certified.flatMap((m) =>
          m.exact_certificate?.certified.status === 'not_applicable' ? [m.exact_certificate.certified.reason ?? ''] : []
        )
      )
    ];
    for (const reason of reasons) out.push(`<p class="note">Not applicable in this run: ${h(reason, 2000)}.</p>`);
    out.push(
      table(
        ['model', 'attack', 'strength (found / exact)', 'certified by exact', 'ties'],
        certified.flatMap((m) =>
          (m.attack_strength ?? []).map((s) => [
            m.model,
            s.attack,
            n(strengthText(s.strength)),
            n(rateText(m.exact_certificate?.certified as Figure)),
            n(String(m.exact_certificate?.ties.value ?? 0))
          ])
        )
      )
    );
  }
  const attackExamples = metrics.models.flatMap((m) => (m.attack_examples ?? []).map((w) => ({ m, w })));
  const examples = metrics.models.flatMap((m) => (m.worked_examples ?? []).map((w) => ({ m, w })));
  if (attackExamples.length > 0) {
    // Strings are data (model, feature and label names, ids): plain cells are escaped by table().
    out.push('<h3>Worked examples</h3>');
    out.push(
      table(
        [
          'model',
          'attack',
          'id',
          'changed features (original → perturbed)',
          'label',
          'prediction',
          'success',
          'queries',
          'gradient evaluations'
        ],
        attackExamples.map(({ m, w }) => [
          m.model,
          w.condition,
          { html: `<code>${h(w.id, 80)}</code>` },
          {
            html: h(
              w.changed.length === 0
                ? 'none'
                : w.changed
                    .map((c) => `${c.feature}: ${Number(c.from.toFixed(6))} → ${Number(c.to.toFixed(6))}`)
                    .join('; '),
              600
            )
          },
          w.label,
          `${w.clean_prediction ?? 'missing'} → ${w.prediction ?? 'missing'}`,
          w.success ? 'yes' : 'no',
          n(String(w.queries ?? '—')),
          n(String(w.gradient_evaluations ?? '—'))
        ])
      )
    );
  } else if (examples.length > 0) {
    out.push('<h3>Worked examples</h3>');
    out.push(
      table(
        ['model', 'id', 'features', 'after FGM', 'label', 'prediction', 'success'],
        examples.map(({ m, w }) => [
          m.model,
          { html: `<code>${h(w.id, 80)}</code>` },
          { html: h(features(w.features), 300) },
          { html: h(features(w.perturbed_features), 300) },
          w.label,
          `${w.clean_prediction ?? 'missing'} → ${w.prediction ?? 'missing'}`,
          w.success ? 'yes' : 'no'
        ])
      )
    );
  }
  return out;
}
