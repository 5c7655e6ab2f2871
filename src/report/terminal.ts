/**
 * What the CLI prints after a run (docs/cli.md). By default a short summary: the verdict and
 * counts, the cause sentence of summary.md, the most severe failing checks as an aligned table,
 * the comparison in one line when a baseline was used, and where the outputs are. It reads the
 * same checks and comparison as summary.md and holds no dataset text (only check ids, model and
 * language names, figures and thresholds). `--summary full` prints summary.md through
 * toTerminal() instead.
 *
 * toTerminal(): summary.md with markdown escapes and HTML entities undone for reading, control,
 * bidi and invisible characters shown as `\uXXXX` escapes (an ANSI escape cannot recolour the
 * terminal, nor a bidi control reorder a line), and no line allowed to start with `::` (which a
 * GitHub runner would take as a workflow command).
 */
import type { Comparison } from '../compare/comparison.js';
import type { Check } from '../gate/check.js';
import type { GateResult } from '../gate/checks.js';
import { bySeverity } from '../gate/severity.js';
import { ALL } from '../metrics/metrics.js';
import { maxOf } from '../util/numbers.js';
import { codePointLength } from '../util/strings.js';
import { truncateText, visible } from '../util/visible.js';
import { causeSentence } from './check-words.js';
import { checkThresholdText, checkValueText } from './format.js';
import { byChange, changeSentence, changeWord, knownNotBlocking } from './summary-changes.js';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#64;': '@'
};

export function toTerminal(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^<!--.*-->$/.test(line))
    .map((line) => {
      const read = line
        .replace(/\\([\\`*_{}[\]()#+\-.!|~:])/g, '$1')
        .replace(/&(amp|lt|gt|quot|#39|#64);/g, (e) => ENTITIES[e] as string);
      return visible(read, '\t').replace(/^(\s*)::/, '$1 ::');
    })
    .join('\n');
}

export type SummaryMode = 'short' | 'full' | 'none';
export const SUMMARY_MODES: readonly SummaryMode[] = ['short', 'full', 'none'];

interface ShortSummaryInput {
  gate: GateResult;
  comparison: Comparison | null;
  /** The output folder as the user should type it (relative to the root). */
  outputPath: string;
  /** Names of the files written into it. */
  files: readonly string[];
}

/** Failing checks shown in the table; the rest are counted. */
const CHECKS_SHOWN = 10;
const WIDTH = 100;
const ID_MAX = 56;

const STATUS = {
  pass: 'pass',
  fail: 'fail',
  not_evaluated: 'not evaluated',
  not_applicable: 'not applicable'
} as const;

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - codePointLength(text)));
}

/** Rows of cells as columns padded to the widest cell, two spaces apart, indented by two. */
function alignedTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => maxOf([codePointLength(h), ...rows.map((r) => codePointLength(r[i] ?? ''))]));
  const line = (cells: string[]) =>
    ('  ' + cells.map((c, i) => (i === cells.length - 1 ? c : pad(c, widths[i] as number))).join('  ')).trimEnd();
  return [line(header), ...rows.map(line)];
}

/** The cause sentence, broken between its clauses to fit the width, continuation lines indented. */
function wrapped(first: string, sentence: string): string[] {
  const out: string[] = [];
  let line = first;
  for (const [i, clause] of sentence.split('; ').entries()) {
    const piece = i === 0 ? clause : `; ${clause}`;
    if (i > 0 && codePointLength(line) + codePointLength(piece) > WIDTH) {
      out.push(line + ';');
      line = `    ${clause}`;
    } else line += piece;
  }
  out.push(line + '.');
  return out;
}

function checkRow(c: Check): string[] {
  const id = truncateText(visible(c.id), ID_MAX) + (c.judged ? '' : ' (not judged)');
  return [
    id,
    STATUS[c.status],
    checkValueText(c),
    checkThresholdText(c),
    c.denominator === null ? '—' : String(c.denominator)
  ];
}

/** One line: pairs, fixed and broken rows over every model and condition, and the comparison checks that fail. */
function comparisonLine(comparison: Comparison, gate: GateResult): string {
  const cells = comparison.models.flatMap((m) => m.cells.filter((c) => c.scope === ALL));
  const fixed = cells.reduce((n, c) => n + (c.fixed.value ?? 0), 0);
  const broken = cells.reduce((n, c) => n + (c.broken.value ?? 0), 0);
  const failing = gate.checks.filter(
    (c) => (c.check === 'regression' || c.check === 'new_protected_transitions') && c.status === 'fail'
  ).length;
  const stale = comparison.baseline.stale ? ' (stale baseline: compared on the rows that still pair)' : '';
  return (
    `Compared with ${truncateText(visible(comparison.baseline.source), 80)}${stale}: ${comparison.rows.paired} ` +
    `paired rows, ${fixed} fixed and ${broken} broken over all models and conditions; ${failing} comparison check` +
    `${failing === 1 ? '' : 's'} failing.`
  );
}

export function shortSummary(input: ShortSummaryInput): string {
  const { gate } = input;
  const c = gate.counts;
  const blocking = gate.checks.filter((x) => gate.failing.includes(x.id));
  const out = [
    `Evidence Gate: ${gate.verdict === 'pass' ? 'PASS' : 'FAIL'} (${gate.failing.length} blocking check` +
      `${gate.failing.length === 1 ? '' : 's'})`,
    `Checks: ${c.pass} passed, ${c.fail} failed, ${c.not_evaluated} not evaluated, ${c.not_applicable} not applicable.`
  ];
  const changed = changeSentence(gate);
  if (changed) out.push(...wrapped('What this pull request changed: ', changed));
  const known = knownNotBlocking(gate).length;
  const knownLine =
    `${known} known failure${known === 1 ? '' : 's'} (failing on the base branch as well) do not block: ` +
    `gate.block_on is new.`;
  out.push(
    ...(blocking.length > 0
      ? wrapped('Why it failed: ', causeSentence(blocking))
      : known > 0
        ? [`No judged check is newly failing or worse. ${knownLine}`]
        : ['Every judged check passed.'])
  );
  if (blocking.length > 0 && known > 0) out.push(knownLine);
  // Judged against a baseline: new failures first, then worse, then known ones, as in summary.md.
  const judged = gate.changes !== undefined;
  const failingChecks = gate.checks.filter((x) => x.status === 'fail' || x.status === 'not_evaluated');
  const listed = judged ? byChange(failingChecks) : bySeverity(failingChecks);
  if (listed.length > 0) {
    const heading = judged
      ? listed.length > CHECKS_SHOWN
        ? `The first ${CHECKS_SHOWN} (new, then worse, then known) of ${listed.length} failing and not-evaluated ` +
          `checks:`
        : 'Failing and not-evaluated checks, new, then worse, then known:'
      : listed.length > CHECKS_SHOWN
        ? `The ${CHECKS_SHOWN} most severe of ${listed.length} failing and not-evaluated checks:`
        : 'Failing and not-evaluated checks, most severe first:';
    out.push('', heading);
    const rows = listed
      .slice(0, CHECKS_SHOWN)
      .map((x) =>
        judged ? [...checkRow(x).slice(0, 1), changeWord(x, gate.failing), ...checkRow(x).slice(1)] : checkRow(x)
      );
    out.push(...alignedTable(['check', ...(judged ? ['change'] : []), 'status', 'value', 'threshold', 'n'], rows));
    if (listed.length > CHECKS_SHOWN)
      out.push(`  and ${listed.length - CHECKS_SHOWN} more (summary.md, report.html and checks.json list every check)`);
  }
  if (input.comparison) out.push('', comparisonLine(input.comparison, gate));
  const folder = visible(input.outputPath);
  const others = input.files.filter((f) => f !== 'report.html').join(', ');
  out.push('', `Report: ${folder}/report.html (open it in a browser); beside it ${others}.`);
  return out.map((line) => line.replace(/^(\s*)::/, '$1 ::')).join('\n');
}
