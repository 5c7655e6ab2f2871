/**
 * summary.md (SPEC §12): the verdict and check counts first, then every failing and
 * not-evaluated check, then compact tables (robustness per model × condition, the ledger,
 * the release checklist, shift), then what was not tested and where the evidence is.
 * Deterministic: no timestamps and no artifact link (adapters may append one after upload).
 * Every figure shown is read from metrics/checks, never recomputed here.
 */
import type { Plan } from '../config/plan.js';
import type { Dataset } from '../data/dataset.js';
import type { GateResult } from '../gate/checks.js';
import { ALL, CHALLENGE_SPLIT, REFERENCE_SPLIT, type Metrics, type ModelMetrics } from '../metrics/build.js';
import type { IntervalFigure } from '../metrics/bootstrap.js';
import type { Figure } from '../metrics/figure.js';
import { code, md } from './escape.js';
import { checkThresholdText, checkValueText, countText, fixed, percent, ppText, rateText } from './format.js';

export interface SummaryInput {
  plan: Plan;
  dataset: Dataset;
  metrics: Metrics;
  gate: GateResult;
  familiesNotConfigured: string[];
  outputDir: string;
  /** Work counters per model (tabular adds gradient and prediction evaluations inside attack generation). */
  counters: ReadonlyArray<{ model: string; predictions: number; distinctInputs: number; modelCalls: number; gradientEvaluations?: number; predictionEvaluations?: number }>;
}

export const SUMMARY_SCHEMA_VERSION = 1;
/** Rows listed per table before the rest is left to checks.json/metrics.json, to stay far below GitHub's 1 MiB step limit. */
export const MAX_TABLE_ROWS = 1000;

const STATUS_WORD = { pass: 'pass', fail: '**fail**', not_evaluated: '**not evaluated**', not_applicable: 'not applicable' } as const;

function table(header: string[], rows: string[][]): string[] {
  const shown = rows.slice(0, MAX_TABLE_ROWS);
  const out = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...shown.map((r) => `| ${r.join(' | ')} |`)];
  if (rows.length > shown.length) out.push('', `…and ${rows.length - shown.length} more rows in the evidence files.`);
  return out;
}

function intervalText(i: IntervalFigure, unit: 'pp' | '%'): string {
  if (i.status !== 'ok' || i.low === null || i.high === null) return '';
  return unit === 'pp' ? ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]` : ` [${percent(i.low)}, ${percent(i.high)}]`;
}

function deltaText(delta: Figure, interval: IntervalFigure): string {
  return delta.status === 'ok' ? `${ppText(delta)}${intervalText(interval, 'pp')}` : delta.status === 'not_applicable' ? 'n/a' : 'not evaluated';
}

function robustnessRows(m: ModelMetrics): string[][] {
  return m.robustness
    .filter((r) => r.scope === ALL)
    .map((r) => {
      const ledger = m.ledger.find((l) => l.family === r.condition && l.scope === ALL);
      return [
        md(m.model, 40),
        r.condition,
        countText(r.changed),
        rateText(r.changed_flip_rate),
        rateText(r.flip_rate),
        deltaText(r.accuracy_delta_pp, r.delta_interval_pp),
        ledger ? rateText(ledger.attack_success) : r.condition === 'truncate' ? 'n/a (destructive)' : 'n/a (baseline)'
      ];
    });
}

function ledgerRows(m: ModelMetrics): string[][] {
  const rows = m.ledger
    .filter((l) => l.scope === ALL)
    .map((l) => {
      const u = l.uncovered_by_reason;
      const reasons = Object.entries(u)
        .filter(([, n]) => n > 0)
        .map(([reason, n]) => `${reason} ${n}`)
        .join(', ');
      return [md(m.model, 40), l.family, String(l.in_scope.value), String(l.eligible.value), String(l.tested.value), String(l.successes.value), reasons || '0', rateText(l.eligible_coverage), rateText(l.robust_accuracy)];
    });
  const u = m.union.find((x) => x.scope === ALL);
  if (u) rows.push([md(m.model, 40), '**union**', String(u.in_scope.value), String(u.eligible.value), String(u.tested.value), String(u.successes.value), String(u.untested.value), rateText(u.union_coverage), rateText(u.union_robust_accuracy)]);
  return rows;
}

function checklistRows(m: ModelMetrics, languages: string[]): string[][] {
  const cls = (split: string | null, language: string | null = null) => m.classification.find((c) => c.split === split && c.language === language);
  const challenge = cls(CHALLENGE_SPLIT);
  const reference = cls(REFERENCE_SPLIT);
  const langs = languages.map((l) => {
    const f = cls(CHALLENGE_SPLIT, l)?.accuracy;
    return `${md(l, 20)} ${f ? rateText(f) : '—'}`;
  });
  return [
    [
      md(m.model, 40),
      reference ? rateText(reference.accuracy) : '—',
      challenge ? `${rateText(challenge.accuracy)}${intervalText(challenge.accuracy_interval, '%')}` : '—',
      m.generalization_gap_pp.status === 'ok' ? `${(m.generalization_gap_pp.value as number).toFixed(2)} pp` : m.generalization_gap_pp.status.replace('_', ' '),
      challenge && challenge.macro_f1.value !== null ? fixed(challenge.macro_f1.value, 3) : '—',
      langs.join('; ') || '—'
    ]
  ];
}

function features(values: Record<string, number> | null): string {
  if (!values) return '—';
  return '(' + Object.values(values).map((v) => Number(v.toFixed(6)).toString()).join(', ') + ')';
}

/** SPEC §13 accounting: why post-attack errors over all rows differ from attack successes. */
function tabularSections(metrics: Metrics, counters: SummaryInput['counters']): string[] {
  const out: string[] = ['## Attack accounting (all rows)', ''];
  out.push(
    'Conditional attack success counts only rows that were correct on clean data and tested; errors after FGM over all rows also include the rows that were already wrong, which FGM leaves unchanged. Noise is a corruption baseline: its rate is errors induced among clean-correct rows, not attack success.',
    ''
  );
  const rows = metrics.models.map((m) => {
    const clean = m.classification.find((c) => c.scope === ALL)?.accuracy;
    const ledger = m.ledger.find((l) => l.family === 'fgm' && l.scope === ALL);
    const fgm = m.accounting?.find((a) => a.condition === 'fgm' && a.scope === ALL);
    const noise = m.accounting?.find((a) => a.condition === 'noise' && a.scope === ALL);
    return [
      md(m.model, 40),
      clean ? rateText(clean) : '—',
      ledger ? String(ledger.eligible.value) : '—',
      ledger ? String(ledger.tested.value) : '—',
      ledger ? rateText(ledger.attack_success) : 'n/a',
      fgm ? rateText(fgm.post_test_errors) : 'n/a',
      ledger ? rateText(ledger.robust_accuracy) : 'n/a',
      noise ? rateText(noise.error_induction) : 'n/a',
      noise ? `${rateText(noise.post_test_accuracy)}; ${noise.became_correct.value} became correct` : 'n/a'
    ];
  });
  out.push(...table(['model', 'clean accuracy', 'eligible', 'tested', 'conditional attack success', 'errors after FGM (all rows)', 'robust accuracy', 'noise: errors induced', 'noise: accuracy after'], rows), '');
  if (metrics.models.some((m) => m.worked_examples && m.worked_examples.length > 0)) {
    out.push('For a binary linear model one clipped sign step is the exact worst case inside the box ∩ L∞ ball (the evidence marks these rows `exact`); otherwise FGM is a one-step search that can miss failures.', '');
    out.push('### Worked examples', '');
    out.push(
      ...table(
        ['model', 'id', 'features', 'after FGM', 'label', 'prediction'],
        metrics.models.flatMap((m) =>
          (m.worked_examples ?? []).map((w) => [md(m.model, 40), md(w.id, 40), features(w.features), features(w.perturbed_features), md(w.label, 20), `${md(w.clean_prediction ?? 'missing', 20)} → ${md(w.prediction ?? 'missing', 20)}`])
        )
      ),
      ''
    );
  }
  out.push(
    `Work inside attack generation: ${counters
      .map((c) => `${md(c.model, 40)} ${c.gradientEvaluations ?? 0} gradient and ${c.predictionEvaluations ?? 0} prediction evaluations (samples processed, not API calls; clean scoring is extra)`)
      .join('; ')}.`,
    ''
  );
  const abstaining = metrics.models.filter((m) => m.abstention);
  if (abstaining.length > 0) {
    out.push('### Abstention (post-hoc review policy, not an adaptive attack)', '');
    out.push(
      ...table(
        ['model', 'condition', 'abstained', 'accepted', 'accepted but wrong'],
        abstaining.flatMap((m) =>
          (m.abstention ?? []).filter((a) => a.scope === ALL).map((a) => [md(m.model, 40), a.condition, rateText(a.abstained), String(a.accepted.value), String(a.accepted_but_wrong.value)])
        )
      ),
      ''
    );
  }
  return out;
}

export function renderSummary(input: SummaryInput): string {
  const { plan, dataset, metrics, gate } = input;
  const tm = plan.threatModel;
  // An HTML comment: invisible when rendered, it versions the file like every other output.
  const out: string[] = [`<!-- evidence-gate summary schema_version: ${SUMMARY_SCHEMA_VERSION} -->`];
  out.push(`# Evidence Gate: ${gate.verdict === 'pass' ? '✅ PASS' : '❌ FAIL'}`, '');
  out.push(`Threat model **${md(tm.id, 80)}** revision ${md(tm.revision, 20)}, objective **${tm.objective}**, access ${tm.access}. Config ${md(plan.config.path, 120)}.`, '');
  const c = gate.counts;
  out.push(`Checks: **${c.pass} passed**, **${c.fail} failed**, **${c.not_evaluated} not evaluated**, ${c.not_applicable} not applicable.`, '');

  const listed = gate.checks.filter((x) => x.status === 'fail' || x.status === 'not_evaluated');
  if (listed.length > 0) {
    out.push('## Failing and not-evaluated checks', '');
    out.push(
      ...table(
        ['check', 'status', 'value', 'threshold', 'n', 'config key'],
        listed.map((x) => [
          md(x.id, 120) + (x.judged ? '' : ' (not judged)'),
          STATUS_WORD[x.status],
          checkValueText(x),
          checkThresholdText(x),
          String(x.denominator ?? '—'),
          `${code(x.config_key)}${x.threshold_is_default ? ' (default)' : ''}`
        ])
      ),
      ''
    );
  }

  if (metrics.conditions_evaluated.length > 1) {
    out.push('## Robustness (all rows)', '');
    out.push('Flip rate is flips ÷ changed-and-valid rows; the seed rate divides by all rows. Δ is modified − matched accuracy on the same changed ids, with its bootstrap interval.', '');
    out.push(...table(['model', 'condition', 'changed', 'changed flip rate', 'flip rate (all rows)', 'Δ accuracy (pp)', 'attack success'], metrics.models.flatMap(robustnessRows)), '');
    out.push('## Ledger (all rows)', '');
    out.push(...table(['model', 'family', 'in scope', 'eligible', 'tested', 'successes', 'uncovered', 'eligible coverage', 'robust accuracy'], metrics.models.flatMap(ledgerRows)), '');
  }

  if (metrics.task === 'tabular') out.push(...tabularSections(metrics, input.counters));

  if (dataset.splits.some((s) => s.split === CHALLENGE_SPLIT)) {
    out.push('## Release checklist (clean)', '');
    out.push(...table(['model', 'controlled accuracy', 'challenge accuracy', 'gap', 'challenge macro-F1', 'challenge accuracy by language'], metrics.models.flatMap((m) => checklistRows(m, dataset.languages))), '');
  } else {
    out.push('## Clean accuracy', '');
    const splits = dataset.splits.map((s) => s.split);
    out.push(
      ...table(
        ['model', ...splits.map((s) => md(s, 40)), 'macro-F1 (all)'],
        metrics.models.map((m) => [
          md(m.model, 40),
          ...splits.map((s) => {
            const c = m.classification.find((x) => x.split === s && x.language === null);
            return c ? `${rateText(c.accuracy)}${intervalText(c.accuracy_interval, '%')}` : '—';
          }),
          fixed(m.classification[0]?.macro_f1.value ?? null, 3)
        ])
      ),
      ''
    );
  }

  out.push('## Shift and data', '');
  const d = metrics.data;
  const figure = (f: Figure) => (f.value === null ? f.status.replace('_', ' ') : fixed(f.value, 3));
  out.push(`Length PSI ${figure(d.length_psi)}; language JSD ${figure(d.language_jsd)}; label JSD ${figure(d.label_jsd)} (controlled → challenge).`, '');
  out.push(...table(['split', 'file', 'rows', 'skipped', 'overlap with train', 'sha256'], dataset.files.map((f) => {
    const overlap = dataset.overlap.find((o) => o.split === f.split);
    return [md(f.split, 40), md(f.path, 80), String(f.rows), String(f.skipped), overlap ? String(overlap.count) : '—', code(f.sha256.slice(0, 12))];
  })), '');
  if (dataset.skipped.length > 0) out.push(`Skipped bad rows (data.on_bad_row: skip): **${dataset.skipped.length}**.`, '');

  out.push('## Not tested', '');
  out.push(`Conditions evaluated: ${metrics.conditions_evaluated.join(', ')}.`);
  if (input.familiesNotConfigured.length > 0) out.push(`Families left out of the threat model (not tested): ${input.familiesNotConfigured.join(', ')}.`);
  out.push(
    metrics.task === 'tabular'
      ? 'FGM takes one gradient step and noise one random draw per row: neither is an adaptive search, so a row that survives is evidence about that test only.'
      : 'Perturbations are fixed, seeded transformations, not an adaptive search: a family with no success is evidence about that test only.',
    ''
  );

  out.push('## Evidence', '');
  out.push(`Per-example evidence, metrics, checks and the manifest are in ${md(input.outputDir + '/', 120)}.`, '');
  out.push('_The gate is an engineering checklist, not a certification of robustness, safety or fairness._', '');
  return out.join('\n');
}
