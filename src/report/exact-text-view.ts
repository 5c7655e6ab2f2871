/**
 * Text `exact` in the summary and report.html (docs/search.md#exact): per model, how its eligible rows split into
 * certified, failures the search also found, failures only exact found, ties and undecided, read off metrics.json
 * (exact's ledger, its certificate and the search's strength); nothing is recomputed from the evidence here.
 */
import type { DrillResult } from '../drill/collect.js';
import type { RankedRef } from '../drill/ref.js';
import { ALL, type Metrics, type ModelMetrics } from '../metrics/metrics.js';
import { EXACT_ATTACK } from '../metrics/strength.js';
import { md } from './escape.js';
import { rateText } from './format.js';
import { h, n, table as htmlTable } from './html-parts.js';
import { refRows } from './html-checks.js';
import { markdownTable } from './markdown.js';
import { refLines } from './summary-details.js';
import { strengthText } from './summary-strength.js';

const TEXT_CERTIFIED_MEANING =
  'Certified means: no candidate of the declared edit space (the listed operators, at most the word limit of ' +
  "words, within max_char_edit_ratio) changes this model's decision as the objective asks. Each was asked of the " +
  'model, or, for the built-in models, a bound on their decision rules them all out. It does ' +
  'not cover other operators, more words, appended or removed text, paraphrases, another model or a ' +
  "retrained one, and it says nothing about whether the row's label is right. A tie is never certified; an " +
  'undecided row (more candidates than max_candidates) is neither certified nor a failure.';

interface ExactSplit {
  model: string;
  eligible: number;
  certified: number;
  bySearch: number;
  onlyExact: number;
  ties: number;
  undecided: number;
  other: number;
  /** Certified ÷ decided rows, as metrics.json has it. */
  share: NonNullable<ModelMetrics['exact_certificate']>['certified'];
  strength: ModelMetrics['attack_strength'];
}

function splitOf(m: ModelMetrics): ExactSplit | null {
  const ledger = m.ledger.find((l) => l.family === EXACT_ATTACK && l.scope === ALL);
  const certificate = m.exact_certificate;
  if (ledger === undefined || certificate === undefined || certificate.undecided === undefined) return null;
  const eligible = ledger.eligible.value ?? 0;
  const failures = ledger.successes.value ?? 0;
  const search = m.attack_strength?.[0]?.strength;
  const bySearch = search?.status === 'ok' ? (search.numerator ?? 0) : 0;
  const certified = certificate.certified.numerator ?? 0;
  const ties = certificate.ties.value ?? 0;
  const undecided = certificate.undecided.value ?? 0;
  const onlyExact = Math.max(0, failures - bySearch);
  return {
    model: m.model,
    eligible,
    certified,
    bySearch,
    onlyExact,
    ties,
    undecided,
    // Eligible rows exact could not ask about (no valid edit, a missing answer).
    other: Math.max(0, eligible - certified - failures - ties - undecided),
    share: certificate.certified,
    strength: m.attack_strength
  };
}

function splits(metrics: Metrics): ExactSplit[] {
  if (metrics.task !== 'text') return [];
  return metrics.models.flatMap((m) => splitOf(m) ?? []);
}

const HEADER = [
  'model',
  'eligible',
  'certified',
  'failures the search found',
  'failures only exact found',
  'ties',
  'undecided',
  'search strength'
];

function cells(s: ExactSplit): string[] {
  const strength = s.strength?.map((a) => `${a.attack} ${strengthText(a.strength)}`).join('; ') || '—';
  return [
    s.model,
    String(s.eligible),
    rateText(s.share),
    String(s.bySearch),
    String(s.onlyExact),
    String(s.ties),
    String(s.undecided),
    strength
  ];
}

const WORKED_HEADING = 'A failure only exact found';
const NO_WORKED =
  'The search found every failure exact found on the rows both decided: no failure only exact found to show.';

/**
 * Per model and graded attack (the search), the most severe failure exact found on a row the attack tested and did
 * not move (the drill-down of attack_strength/<model>/<attack>, kept whether or not the gate judges it).
 */
function exactOnly(metrics: Metrics, drill: DrillResult | undefined): RankedRef[] {
  if (drill === undefined) return [];
  // The attacks graded against exact are those inside its edit space (each model's attack_strength lists them).
  return metrics.models.flatMap((m) =>
    (m.attack_strength ?? []).flatMap(
      (a) => drill.get(`attack_strength/${m.model}/${a.attack}`)?.refs.slice(0, 1) ?? []
    )
  );
}

export function exactTextSummarySection(metrics: Metrics, drill?: DrillResult): string[] {
  const rows = splits(metrics);
  if (rows.length === 0) return [];
  const worked = exactOnly(metrics, drill);
  return [
    '## Exact over the declared edit space',
    '',
    'Every eligible row of each model, by what `exact` found when it asked the model about every candidate of the ' +
      "declared edit space. The search's strength is its failures over exact's, on the rows both decided.",
    '',
    TEXT_CERTIFIED_MEANING,
    '',
    ...markdownTable(
      HEADER,
      rows.map((s) => cells(s).map((c, i) => (i === 0 ? md(c, 40) : c)))
    ),
    '',
    ...(drill === undefined
      ? []
      : [`**${WORKED_HEADING}**`, '', ...(worked.length === 0 ? [NO_WORKED] : worked.flatMap(refLines)), ''])
  ];
}

const SEGMENTS = [
  { key: 'certified', label: 'certified', color: '#2e7d32' },
  { key: 'bySearch', label: 'failure the search found', color: '#c62828' },
  { key: 'onlyExact', label: 'failure only exact found', color: '#ef9a9a' },
  { key: 'ties', label: 'tie', color: '#9e9e9e' },
  { key: 'undecided', label: 'undecided', color: '#ffe082' },
  { key: 'other', label: 'not asked', color: '#e0e0e0' }
] as const;

function bar(s: ExactSplit): string {
  if (s.eligible === 0) return '<span class="note">no eligible row</span>';
  const parts = SEGMENTS.filter((g) => s[g.key] > 0).map(
    (g) =>
      `<span title="${h(`${g.label}: ${s[g.key]} of ${s.eligible}`, 200)}" style="display:inline-block;height:14px;` +
      `width:${((100 * s[g.key]) / s.eligible).toFixed(3)}%;background:${g.color}"></span>`
  );
  return `<div style="width:100%;min-width:240px;display:flex" role="img" aria-label="${h(
    SEGMENTS.map((g) => `${g.label} ${s[g.key]}`).join(', '),
    400
  )}">${parts.join('')}</div>`;
}

export function exactTextReportSection(metrics: Metrics, drill?: DrillResult): string[] {
  const rows = splits(metrics);
  if (rows.length === 0) return [];
  const worked = exactOnly(metrics, drill);
  const legend = SEGMENTS.map(
    (g) => `<span style="display:inline-block;width:10px;height:10px;background:${g.color}"></span> ${h(g.label)}`
  ).join(' &nbsp; ');
  return [
    '<h2 id="exact">Exact over the declared edit space (all rows)</h2>',
    `<p class="note">${h(TEXT_CERTIFIED_MEANING, 2000)}</p>`,
    `<p class="note">${legend}</p>`,
    htmlTable(
      ['model', 'eligible rows'],
      rows.map((s) => [s.model, { html: bar(s) }])
    ),
    htmlTable(
      HEADER,
      rows.map((s) => cells(s).map((c, i) => (i === 0 ? c : n(c))))
    ),
    ...(drill === undefined
      ? []
      : [
          `<h3 id="exact-only">${h(WORKED_HEADING)}</h3>`,
          worked.length === 0 ? `<p class="note">${h(NO_WORKED, 300)}</p>` : refRows(worked, true)
        ])
  ];
}
