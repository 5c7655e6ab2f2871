/**
 * summary.md (SPEC §12): the verdict and check counts first, then every failing and
 * not-evaluated check, then compact figures, then what was not tested. Deterministic: it holds
 * no timestamps and no artifact link (adapters may append the link after upload).
 */
import type { Plan } from '../config/plan.js';
import type { Dataset } from '../data/dataset.js';
import type { Check } from '../gate/check.js';
import type { GateResult } from '../gate/checks.js';
import type { Metrics } from '../metrics/build.js';
import { code, md } from './escape.js';
import { fixed, percent, rateText } from './format.js';

export interface SummaryInput {
  plan: Plan;
  dataset: Dataset;
  metrics: Metrics;
  gate: GateResult;
  conditionsNotRun: string[];
  outputDir: string;
}

const STATUS_WORD = { pass: 'pass', fail: '**fail**', not_evaluated: '**not evaluated**', not_applicable: 'not applicable' } as const;
export const SUMMARY_SCHEMA_VERSION = 1;

/** Bound on listed checks so that the summary stays far below GitHub's 1 MiB step limit. */
export const MAX_LISTED_CHECKS = 200;

function checkValue(c: Check): string {
  if (c.value === null) return c.status === 'not_applicable' ? 'not applicable' : 'not evaluated';
  const isRate = /accuracy$/.test(c.check);
  if (isRate) return `${percent(c.value)} (${c.numerator}/${c.denominator})`;
  if (c.check.endsWith('_gap')) return `${c.value.toFixed(2)} pp`;
  if (c.check === 'length_psi') return fixed(c.value, 3);
  return String(c.value);
}

function checkThreshold(c: Check): string {
  const op = c.direction === 'min' ? '≥' : '≤';
  if (/accuracy$/.test(c.check)) return `${op} ${percent(c.threshold, 0)}`;
  return `${op} ${c.threshold}${c.check.endsWith('_gap') ? ' pp' : ''}`;
}

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

export function renderSummary(input: SummaryInput): string {
  const { plan, dataset, metrics, gate } = input;
  const tm = plan.threatModel;
  // An HTML comment: invisible when rendered, it versions the file like every other output.
  const out: string[] = [`<!-- evidence-gate summary schema_version: ${SUMMARY_SCHEMA_VERSION} -->`];
  const verdict = gate.verdict === 'pass' ? '✅ PASS' : '❌ FAIL';
  out.push(`# Evidence Gate: ${verdict}`, '');
  out.push(
    `Threat model **${md(tm.id, 80)}** revision ${md(tm.revision, 20)}, objective **${tm.objective}**, access ${tm.access}. Config ${md(plan.config.path, 120)}.`,
    ''
  );
  const c = gate.counts;
  out.push(`Checks: **${c.pass} passed**, **${c.fail} failed**, **${c.not_evaluated} not evaluated**, ${c.not_applicable} not applicable.`, '');

  const listed = gate.checks.filter((x) => x.status === 'fail' || x.status === 'not_evaluated');
  if (listed.length > 0) {
    out.push('## Failing and not-evaluated checks', '');
    const shown = listed.slice(0, MAX_LISTED_CHECKS);
    out.push(
      ...table(
        ['check', 'status', 'value', 'threshold', 'n', 'config key'],
        shown.map((x) => [
          md(x.id, 120) + (x.judged ? '' : ' (not judged)'),
          STATUS_WORD[x.status],
          checkValue(x),
          checkThreshold(x),
          String(x.denominator ?? '—'),
          `${code(x.config_key)}${x.threshold_is_default ? ' (default)' : ''}`
        ])
      )
    );
    if (listed.length > shown.length) out.push('', `…and ${listed.length - shown.length} more in \`checks.json\`.`);
    out.push('');
  }

  out.push('## Clean accuracy', '');
  const splits = dataset.splits.map((s) => s.split);
  out.push(
    ...table(
      ['model', 'all', ...splits.map((s) => md(s, 40))],
      metrics.models.map((m) => [
        md(m.model, 40),
        rateText(m.accuracy[0]?.figure ?? { value: null, numerator: null, denominator: 0, status: 'not_evaluated', reason: null }),
        ...splits.map((s) => {
          const f = m.accuracy.find((a) => a.split === s && a.language === null)?.figure;
          return f ? rateText(f) : '—';
        })
      ])
    ),
    ''
  );

  out.push('## Data', '');
  out.push(
    ...table(
      ['split', 'file', 'rows', 'skipped', 'sha256'],
      dataset.files.map((f) => [md(f.split, 40), md(f.path, 80), String(f.rows), String(f.skipped), code(f.sha256.slice(0, 12))])
    ),
    ''
  );
  const psiFig = metrics.data.length_psi;
  out.push(`Length PSI (controlled → challenge): ${psiFig.value === null ? psiFig.status.replace('_', ' ') : fixed(psiFig.value, 3)}.`);
  const overlaps = dataset.overlap.map((o) => `${md(o.split, 40)} ${o.count}`).join(', ');
  out.push(`Exact text overlap with training: ${overlaps}. Labels: ${dataset.labels.length}; language slices: ${dataset.languages.map((l) => md(l, 20)).join(', ')}.`);
  if (dataset.skipped.length > 0) out.push(`Skipped bad rows (data.on_bad_row: skip): **${dataset.skipped.length}**.`);
  out.push('');

  out.push('## Not tested in this run', '');
  out.push(`Conditions evaluated: ${metrics.conditions_evaluated.join(', ')}.`);
  if (input.conditionsNotRun.length > 0) out.push(`Configured but not run by this release: ${input.conditionsNotRun.join(', ')}.`);
  out.push(`Gate checks not run by this release: ${gate.checks_not_run.join(', ')}.`, '');

  out.push('## Evidence', '');
  out.push(`Per-example evidence, metrics, checks and the manifest are in ${md(input.outputDir + '/', 120)}.`, '');
  out.push('_The gate is an engineering checklist, not a certification of robustness, safety or fairness._', '');
  return out.join('\n');
}
