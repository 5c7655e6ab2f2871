/**
 * summary.md (docs/evidence.md, docs/definitions.md#comparison, docs/definitions.md#drill-down): the verdict and the
 * one-sentence cause first, the comparison with the base branch, then every failing and not-evaluated check in order of
 * severity with the rows behind it, then compact tables (robustness per model × condition, the ledger, the release
 * checklist, shift), the scope of the evaluation and where the evidence is. Deterministic: no
 * timestamps, no output path and no artifact link (the action appends those to the job summary).
 * Every figure shown is read from metrics/checks/comparison, never recomputed here.
 */
import { isDestructive, TABULAR_BASELINE, WORKED_ATTACK } from '../config/families.js';
import type { Comparison } from '../compare/comparison.js';
import type { DrillResult } from '../drill/collect.js';
import type { GateResult } from '../gate/checks.js';
import { bySeverity } from '../gate/severity.js';
import type { ReportFacts } from '../manifest/facts.js';
import type { IntervalFigure } from '../metrics/bootstrap.js';
import type { Figure } from '../metrics/figure.js';
import { ALL, CHALLENGE_SPLIT, REFERENCE_SPLIT, type Metrics, type ModelMetrics } from '../metrics/metrics.js';
import { causeSentence } from './check-words.js';
import { code, md } from './escape.js';
import {
  checkThresholdText,
  checkValueText,
  countText,
  countValueText,
  rowsBehindText,
  fixed,
  percent,
  ppText,
  rateText
} from './format.js';
import { markdownTable as table } from './markdown.js';
import { compareSection } from './summary-compare.js';
import {
  blockOnFallbackLine,
  byChange,
  changeLine,
  changeWord,
  knownNotBlocking,
  NOTHING_NEW_PREFIX
} from './summary-changes.js';
import { releaseSummarySection } from './summary-release.js';
import { anyRepeated, noiseFloor, repeatSection } from './summary-repeat.js';
import { onlyLanguage, scopeSentences, singleLanguageLine } from './scope.js';
import { searchSection } from './summary-search.js';
import { exactTextSummarySection } from './exact-text-view.js';
import { attackExamplesTable } from './summary-attack-examples.js';
import { strengthSection } from './summary-strength.js';
import { DETAILS_BUDGET, detailsBlocks } from './summary-details.js';

interface SummaryInput {
  facts: ReportFacts;
  metrics: Metrics;
  gate: GateResult;
  /** The rows behind each check, with their texts when the evidence holds them. */
  drill: DrillResult;
  comparison: Comparison | null;
  /** Why there is no comparison (when `comparison` is null). */
  noBaselineReason: string | null;
}

const SUMMARY_SCHEMA_VERSION = 2;
/** The whole summary stays below this many bytes (GitHub refuses a step summary over 1 MiB). */
export const SUMMARY_BUDGET = 800 * 1024;

const STATUS_WORD = {
  pass: 'pass',
  fail: '**fail**',
  not_evaluated: '**not evaluated**',
  not_applicable: 'not applicable'
} as const;

function intervalText(i: IntervalFigure, unit: 'pp' | '%'): string {
  if (i.status !== 'ok' || i.low === null || i.high === null) return '';
  return unit === 'pp' ? ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]` : ` [${percent(i.low)}, ${percent(i.high)}]`;
}

function deltaText(delta: Figure, interval: IntervalFigure): string {
  return delta.status === 'ok'
    ? `${ppText(delta)}${intervalText(interval, 'pp')}`
    : delta.status === 'not_applicable'
      ? 'n/a'
      : 'not evaluated';
}

/** One row per condition; with `floor`, the model's clean repeat flip rate beside its flip rates. */
function robustnessRows(m: ModelMetrics, floor: boolean): string[][] {
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
        ...(floor ? [noiseFloor(m) ?? '— (asked once)'] : []),
        deltaText(r.accuracy_delta_pp, r.delta_interval_pp),
        ledger ? rateText(ledger.attack_success) : isDestructive(r.condition) ? 'n/a (destructive)' : 'n/a (baseline)'
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
      return [
        md(m.model, 40),
        l.family,
        countValueText(l.in_scope),
        countValueText(l.eligible),
        countValueText(l.tested),
        countValueText(l.successes),
        reasons || '0',
        rateText(l.eligible_coverage),
        rateText(l.robust_accuracy)
      ];
    });
  const u = m.union.find((x) => x.scope === ALL);
  if (u)
    rows.push([
      md(m.model, 40),
      '**union**',
      countValueText(u.in_scope),
      countValueText(u.eligible),
      countValueText(u.tested),
      countValueText(u.successes),
      countValueText(u.untested),
      rateText(u.union_coverage),
      rateText(u.union_robust_accuracy)
    ]);
  return rows;
}

function checklistRows(m: ModelMetrics, languages: string[]): string[][] {
  const cls = (split: string | null, language: string | null = null) =>
    m.classification.find((c) => c.split === split && c.language === language);
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
      m.generalization_gap_pp.status === 'ok'
        ? `${(m.generalization_gap_pp.value as number).toFixed(2)} pp`
        : m.generalization_gap_pp.status.replace('_', ' '),
      challenge && challenge.macro_f1.value !== null ? fixed(challenge.macro_f1.value, 3) : '—',
      langs.join('; ') || '—'
    ]
  ];
}

function features(values: Record<string, number> | null): string {
  if (!values) return '—';
  return (
    '(' +
    Object.values(values)
      .map((v) => Number(v.toFixed(6)).toString())
      .join(', ') +
    ')'
  );
}

/** docs/definitions.md#tabular accounting: why post-attack errors over all rows differ from attack successes. */
function tabularSections(metrics: Metrics, counters: ReportFacts['counters'], objective: string): string[] {
  const out: string[] = ['## Attack accounting (all rows)', ''];
  out.push(
    'Conditional attack success counts only rows that were correct on clean data and tested; errors after FGM ' +
      'over all rows also include the rows that were already wrong, which FGM leaves unchanged. Noise is a ' +
      'corruption baseline: its rate is errors induced among clean-correct rows, not attack success.',
    ''
  );
  const rows = metrics.models.map((m) => {
    const clean = m.classification.find((c) => c.scope === ALL)?.accuracy;
    // The worked attack (FGM) and the corruption baseline (noise), as their descriptors say.
    const ledger = m.ledger.find((l) => l.family === WORKED_ATTACK?.name && l.scope === ALL);
    const fgm = m.accounting?.find((a) => a.condition === WORKED_ATTACK?.name && a.scope === ALL);
    const noise = m.accounting?.find((a) => a.condition === TABULAR_BASELINE?.name && a.scope === ALL);
    return [
      md(m.model, 40),
      clean ? rateText(clean) : '—',
      ledger ? countValueText(ledger.eligible) : '—',
      ledger ? countValueText(ledger.tested) : '—',
      ledger ? rateText(ledger.attack_success) : 'n/a',
      fgm ? rateText(fgm.post_test_errors) : 'n/a',
      ledger ? rateText(ledger.robust_accuracy) : 'n/a',
      noise ? rateText(noise.error_induction) : 'n/a',
      noise ? `${rateText(noise.post_test_accuracy)}; ${noise.became_correct.value} became correct` : 'n/a'
    ];
  });
  out.push(
    ...table(
      [
        'model',
        'clean accuracy',
        'eligible',
        'tested',
        'conditional attack success',
        'errors after FGM (all rows)',
        'robust accuracy',
        'noise: errors induced',
        'noise: accuracy after'
      ],
      rows
    ),
    ''
  );
  if (metrics.models.some((m) => m.worked_examples && m.worked_examples.length > 0)) {
    out.push(
      'For a binary linear model one clipped sign step is the exact worst case inside the box ∩ L∞ ball (the ' +
        'evidence marks these rows `exact`); otherwise FGM is a one-step search that can miss failures.',
      ''
    );
    out.push('### Worked examples', '');
    if (metrics.models.some((m) => m.attack_examples !== undefined)) out.push(...attackExamplesTable(metrics), '');
    else
      out.push(
        ...table(
          ['model', 'id', 'features', 'after FGM', 'label', 'prediction'],
          metrics.models.flatMap((m) =>
            (m.worked_examples ?? []).map((w) => [
              md(m.model, 40),
              md(w.id, 40),
              features(w.features),
              features(w.perturbed_features),
              md(w.label, 20),
              `${md(w.clean_prediction ?? 'missing', 20)} → ${md(w.prediction ?? 'missing', 20)}`
            ])
          )
        ),
        ''
      );
  }
  out.push(...strengthSection(metrics, objective));
  out.push(
    `Work inside attack generation: ${counters
      .map(
        (c) =>
          `${md(c.model, 40)} ${c.gradientEvaluations ?? 0} gradient and ${c.predictionEvaluations ?? 0} ` +
          'prediction evaluations (samples processed, not API calls; clean scoring is extra)'
      )
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
          (m.abstention ?? [])
            .filter((a) => a.scope === ALL)
            .map((a) => [
              md(m.model, 40),
              a.condition,
              rateText(a.abstained),
              countValueText(a.accepted),
              countValueText(a.accepted_but_wrong)
            ])
        )
      ),
      ''
    );
  }
  return out;
}

function header(input: SummaryInput): string[] {
  const { facts, gate } = input;
  const tm = facts.threatModel;
  // An HTML comment: invisible when rendered, it versions the file like every other output.
  const out: string[] = [`<!-- evidence-gate summary schema_version: ${SUMMARY_SCHEMA_VERSION} -->`];
  out.push(`# Evidence Gate: ${gate.verdict === 'pass' ? '✅ PASS' : '❌ FAIL'}`, '');
  const changed = changeLine(gate);
  if (changed) out.push(changed, '');
  const blocking = gate.checks.filter((c) => gate.failing.includes(c.id));
  const known = knownNotBlocking(gate);
  if (blocking.length > 0) out.push(`**Why it failed:** ${md(causeSentence(blocking), 2000)}.`, '');
  else if (known.length > 0)
    out.push(
      `${NOTHING_NEW_PREFIX} ${known.length} known failure${known.length === 1 ? '' : 's'} (failing on the base ` +
        `branch as well) do not block: \`gate.block_on\` is \`new\`.`,
      ''
    );
  else out.push('**Every judged check passed.**', '');
  if (blocking.length > 0 && known.length > 0)
    out.push(
      `${known.length} known failure${known.length === 1 ? '' : 's'} (failing on the base branch as well) do not ` +
        `block: \`gate.block_on\` is \`new\`.`,
      ''
    );
  const fallback = blockOnFallbackLine(gate, md(input.noBaselineReason ?? 'no baseline was given', 300));
  if (fallback) out.push(fallback, '');
  out.push(
    `Threat model **${md(tm.id, 80)}** revision ${md(tm.revision, 20)}, objective **${md(tm.objective, 20)}**, ` +
      `access ${md(tm.access, 20)}. Config ${md(facts.configPath, 120)}.`,
    ''
  );
  if (tm.againstPolicy) out.push(AGAINST_POLICY_LINE, '');
  const c = gate.counts;
  out.push(
    `Checks: **${c.pass} passed**, **${c.fail} failed**, **${c.not_evaluated} not evaluated**, ` +
      `${c.not_applicable} not applicable.`,
    ''
  );
  const only = onlyLanguage(facts);
  if (only !== null) out.push(singleLanguageLine(md(only, 40)), '');
  return out;
}

/** Under threat_model.against_policy every attack success is a wrong decision the review policy let through. */
export const AGAINST_POLICY_LINE =
  "Against the policy: an attack success counts only when the model's review policy (`selective.abstain_below`) " +
  'accepts the wrong decision; a model without a policy accepts every decision.';

function failingSection(input: SummaryInput, detailsBudget: number): string[] {
  const { gate } = input;
  const judged = gate.changes !== undefined;
  const failingChecks = gate.checks.filter((x) => x.status === 'fail' || x.status === 'not_evaluated');
  const listed = judged ? byChange(failingChecks) : bySeverity(failingChecks);
  if (listed.length === 0) return [];
  const order = judged
    ? 'New failures first, then worse ones, then known ones (failing on the base branch as well); within each, ' +
      'most severe first: breaches of a zero ceiling (protected transitions, missing rows), then by how far the ' +
      'value lies past its threshold.'
    : 'Most severe first: breaches of a zero ceiling (protected transitions, missing rows), then by how far the ' +
      'value lies past its threshold.';
  const out = ['## Failing and not-evaluated checks', '', order, ''];
  out.push(
    ...table(
      ['check', ...(judged ? ['change'] : []), 'status', 'value', 'threshold', 'n', 'rows behind it', 'config key'],
      listed.map((x) => [
        md(x.id, 120) + (x.judged ? '' : ' (not judged)'),
        ...(judged ? [changeWord(x, gate.failing)] : []),
        STATUS_WORD[x.status],
        checkValueText(x),
        checkThresholdText(x),
        String(x.denominator ?? '—'),
        rowsBehindText(x),
        `${code(x.config_key)}${x.threshold_is_default ? ' (default)' : ''}`
      ])
    ),
    ''
  );
  const blocks = detailsBlocks(listed, input.drill, detailsBudget);
  if (blocks.length > 0) out.push('### The rows behind each check', '', ...blocks);
  return out;
}

export function renderSummary(input: SummaryInput): string {
  const head = [
    ...header(input),
    ...compareSection(input.comparison, input.noBaselineReason, input.metrics.conditions_evaluated)
  ];
  const tail = tables(input);
  // The rows behind the failing checks get the room the rest leaves, up to their own budget.
  const rest = Buffer.byteLength([...head, ...failingSection(input, 0), ...tail].join('\n'), 'utf8');
  const budget = Math.max(0, Math.min(DETAILS_BUDGET, SUMMARY_BUDGET - rest));
  return [...head, ...failingSection(input, budget), ...tail].join('\n');
}

/** Everything after the failing checks: robustness, ledger, checklist, shift, scope and evidence. */
function tables(input: SummaryInput): string[] {
  const { facts, metrics } = input;
  const out: string[] = [];
  if (metrics.conditions_evaluated.length > 1) {
    out.push('## Robustness (all rows)', '');
    out.push(
      'The changed flip rate divides the flips by the rows whose candidate was changed and valid; the flip rate ' +
        '(all rows) divides the same flips by every row (docs/definitions.md#metrics). Δ is modified − matched ' +
        'accuracy on the same changed ids, with its bootstrap interval.',
      ''
    );
    const floor = anyRepeated(metrics);
    const header = [
      'model',
      'condition',
      'changed',
      'changed flip rate',
      'flip rate (all rows)',
      ...(floor ? ['noise floor (clean repeat flip rate)'] : []),
      'Δ accuracy (pp)',
      'attack success'
    ];
    out.push(
      ...table(
        header,
        metrics.models.flatMap((m) => robustnessRows(m, floor))
      ),
      ''
    );
    out.push('## Ledger (all rows)', '');
    out.push(
      'Robust accuracy counts a row only when a candidate was tested (eligible, changed, valid) and did not ' +
        'succeed, out of every row in scope; a sparse family such as dictionary, which changes few rows, therefore ' +
        'has a low robust accuracy by construction — read it with its eligible coverage.',
      ''
    );
    out.push(
      ...table(
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
        metrics.models.flatMap(ledgerRows)
      ),
      ''
    );
    out.push(...searchSection(metrics));
    out.push(...exactTextSummarySection(metrics, input.drill));
  }
  // Also with no perturbed condition: a repeated model's agreement on clean rows stands alone.
  out.push(...repeatSection(metrics));

  if (metrics.task === 'tabular') out.push(...tabularSections(metrics, facts.counters, facts.threatModel.objective));

  if (facts.splits.includes(CHALLENGE_SPLIT)) {
    out.push('## Release checklist (clean)', '');
    out.push(
      ...table(
        [
          'model',
          'controlled accuracy',
          'challenge accuracy',
          'gap',
          'challenge macro-F1',
          'challenge accuracy by language'
        ],
        metrics.models.flatMap((m) => checklistRows(m, facts.languages))
      ),
      ''
    );
  } else {
    out.push('## Clean accuracy', '');
    const splits = facts.splits;
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

  out.push(...releaseSummarySection(facts, input.gate));
  out.push('## Shift and data', '');
  const d = metrics.data;
  const figure = (f: Figure) => (f.value === null ? f.status.replace('_', ' ') : fixed(f.value, 3));
  out.push(
    `Length PSI ${figure(d.length_psi)}; language JSD ${figure(d.language_jsd)}; label JSD ` +
      `${figure(d.label_jsd)} (controlled → challenge).`,
    ''
  );
  out.push(
    ...table(
      ['split', 'file', 'rows', 'skipped', 'overlap with train', 'sha256'],
      facts.files.map((f) => {
        const overlap = facts.overlap.find((o) => o.split === f.split);
        return [
          md(f.split, 40),
          md(f.path, 80),
          String(f.rows),
          String(f.skipped),
          overlap ? String(overlap.count) : '—',
          code(f.sha256.slice(0, 12))
        ];
      })
    ),
    ''
  );
  if (facts.skippedRows > 0) out.push(`Skipped bad rows (data.on_bad_row: skip): **${facts.skippedRows}**.`, '');

  out.push('## Scope of this evaluation', '');
  out.push(`Conditions evaluated: ${metrics.conditions_evaluated.join(', ')}.`);
  if (facts.familiesNotConfigured.length > 0)
    out.push(`Not tested (left out of the threat model): ${facts.familiesNotConfigured.join(', ')}.`);
  out.push(...scopeSentences(metrics.conditions_evaluated), '');

  out.push('## Evidence', '');
  out.push(
    'Every row behind these figures is in evidence.jsonl (one row per example, model and condition), with ' +
      'metrics.json, checks.json' +
      (input.comparison ? ', comparison.json' : '') +
      ' and manifest.json beside it; report.html shows the plots and a table of rows for each failing check. ' +
      '`evidence-gate verify` re-derives every figure from the folder.',
    ''
  );
  out.push('_The gate is an engineering checklist, not a certification of robustness, safety or fairness._', '');
  return out;
}
