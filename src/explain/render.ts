/**
 * The sandbox's output: plain text for a person, or one JSON object. Every value from the config,
 * the data or the command line is shown with hidden characters escaped (util/visible.ts), so a
 * text cannot add a line, reorder one with a bidi control, or start a line with `::` (which a
 * GitHub runner reads as a workflow command). The JSON is escaped the same way, which keeps it
 * valid JSON with the same values.
 */
import type { ExactReading } from './exact-reading.js';
import { changedSpan, snippet, SNIPPET_CHARS, type TextSnippet } from '../drill/ref.js';
import { searchMarks, type MarkedSnippet } from '../drill/search-marks.js';
import { stableJson, orderedMap } from '../util/json.js';
import { MODEL_KINDS } from '../models/registry.js';
import { truncateText, visible } from '../util/visible.js';
import type { ConditionReading, Explanation, Reading } from './explain.js';
import type { SearchExplanation, SearchPath } from './search-path.js';
import { maxOf } from '../util/numbers.js';
import { unitOffset } from '../util/strings.js';

/** Major version of the JSON object `explain --json` writes. */
const EXPLAIN_SCHEMA_VERSION = 1;

/** Code points of the text shown in the heading; the JSON holds all of it. */
const TEXT_SHOWN = 400;
/** Where the changed span starts and ends in a shown candidate. */
const MARK_OPEN = '⟦';
const MARK_CLOSE = '⟧';

/** Output for a terminal or a log: hidden characters escaped, no line starting with `::`. */
export function terminalSafe(text: string): string {
  return visible(text, '\n').replace(/^(\s*)::/gm, '$1 ::');
}

/** A data value on one line: hidden characters (line breaks included) escaped, bounded. */
function v(text: string, max = 80): string {
  return visible(truncateText(text, max));
}

function q(text: string, max = 80): string {
  return `"${v(text, max)}"`;
}

/** A search's text with each edited word between the marks. */
function markedParts(s: MarkedSnippet): string {
  const text = s.parts.map((p) => (p.op === null ? visible(p.text) : `${MARK_OPEN}${visible(p.text)}${MARK_CLOSE}`));
  return `${s.cutStart ? '…' : ''}${text.join('')}${s.cutEnd ? '…' : ''}`;
}

function marked(s: TextSnippet): string {
  return (
    `${s.cutStart ? '…' : ''}${visible(s.before)}${MARK_OPEN}${visible(s.changed)}${MARK_CLOSE}${visible(s.after)}` +
    `${s.cutEnd ? '…' : ''}`
  );
}

function margin(m: number | null): string {
  return m === null ? 'n/a' : m.toFixed(4);
}

function readingLine(r: Reading, width: number, isClean: boolean, c: ConditionReading): string {
  const name = v(r.model, 40).padEnd(width);
  if (r.status !== 'ok')
    return (
      `  ${name}  missing (${r.status}: ${v(r.error ?? '', 120)})` +
      `${isClean ? '' : `; clean ${v(r.clean_prediction ?? 'missing', 40)}`}`
    );
  const prediction = v(r.prediction ?? '', 40);
  if (isClean) return `  ${name}  ${prediction.padEnd(16)}  margin ${margin(r.margin)}`;
  const moved = `${v(r.clean_prediction ?? 'missing', 40)} → ${prediction}`;
  let flag = '';
  if (r.flipped) {
    flag = r.counted
      ? '  FLIPPED'
      : `  flipped (not counted: ${c.valid === false ? 'the candidate is invalid' : 'unchanged'})`;
    if (r.counted && c.label_preserving === false) flag = '  flipped (descriptive: destructive family)';
  }
  return `  ${name}  ${moved.padEnd(30)}  margin ${margin(r.clean_margin)} → ${margin(r.margin)}${flag}`;
}

function conditionHeading(c: ConditionReading): string {
  if (c.condition === 'clean') return 'clean';
  const destructive =
    c.label_preserving === false
      ? ' (destructive: it can change the true label, so its flips are descriptive only)'
      : '';
  if (!c.attempted)
    return (
      `${c.condition}${destructive}: not attempted (` +
      `${c.not_attempted_reason === 'no_dictionary' ? 'no dictionary for this language' : 'the family could not act'})`
    );
  if (!c.changed)
    return `${c.condition}${destructive}: unchanged (nothing for this family to edit; every reading equals clean)`;
  const validity = c.valid === false ? `INVALID: ${v(c.invalid_reason ?? 'no reason given', 200)}` : 'valid';
  return `${c.condition}${destructive}: changed, ${validity}`;
}

/** Step 1's words shown in the text output (the JSON keeps more). */
const RANKING_SHOWN = 10;

function editText(e: { op: string; word: number; from: string; to: string }): string {
  return `word ${e.word} ${q(e.from, 40)} → ${q(e.to, 40)} (${v(e.op, 20)})`;
}

function outcomeText(p: SearchPath): string {
  const spent = `${p.queries} of ${p.budget} queries`;
  const reading = p.status === 'ok' ? `${v(p.gold ?? '', 40)} → ${v(p.prediction ?? 'missing', 40)}` : '';
  switch (p.outcome) {
    case 'success':
      return `SUCCESS at query ${p.success_at ?? p.queries}: ${reading} (${spent})`;
    case 'budget_spent':
      return `no success: the budget is spent (${spent}); ${reading}`;
    case 'no_success': {
      const limit = `the word limit (${p.word_limit} word${p.word_limit === 1 ? '' : 's'}) is reached`;
      return `no success with ${spent}: ${p.edits.length >= p.word_limit ? limit : 'no edit left to try'}; ${reading}`;
    }
    case 'no_edit':
      return 'not tested: no word of this text has a valid edit (uncovered: no_edit)';
    case 'not_searched':
      return `not searched: ${v(p.reason ?? '', 200)}`;
    case 'error':
      return `missing: ${v(p.reason ?? 'the model failed', 200)} (${spent})`;
  }
}

function searchPathLines(p: SearchPath, width: number): string[] {
  const out = [
    `  ${`${v(p.model, 40)}:`.padEnd(width + 1)}  clean margin ${margin(p.clean_margin)}` +
      `${p.gold === null ? '' : ` (moving away from ${q(p.gold, 40)})`}`
  ];
  if (p.outcome === 'not_searched' || p.outcome === 'no_edit') return [...out, `    ${outcomeText(p)}`];
  if (p.step1_queries === 0) {
    out.push('    step 1: nothing scored (half of the budget is 0 queries); step 2 walked the words in text order');
    out.push(
      p.kept.length === 0 ? '    step 2: no edit lowered the margin' : '    step 2: edits kept, in the order tried:'
    );
  } else if (p.step1_queries !== null) {
    const partly =
      p.ranked_words < p.editable_words
        ? ` (the budget reached ${p.ranked_words} of the ${p.editable_words} editable words, in a seeded order)`
        : '';
    out.push(
      `    step 1: ${p.step1_queries} single edits scored on ${p.ranked_words} words${partly}; lowest margin ` +
        `reached per word:`
    );
    p.ranking
      .slice(0, RANKING_SHOWN)
      .forEach((r, i) => out.push(`      ${String(i + 1).padStart(2)}. ${editText(r)}  margin ${margin(r.margin)}`));
    if (p.ranked_words > RANKING_SHOWN)
      out.push(`      … ${p.ranked_words - RANKING_SHOWN} more (--json lists up to 50)`);
    out.push(
      p.kept.length === 0 ? '    step 2: no edit lowered the margin' : '    step 2: edits kept, in the order tried:'
    );
  } else out.push(p.kept.length === 0 ? '    no edit kept' : '    edits kept after dropping the ones not needed:');
  for (const k of p.kept)
    out.push(
      `      + ${editText(k)}${k.margin === null ? '' : `  margin ${margin(k.margin)}`}` +
        `${k.queries === null ? '' : `  (after ${k.queries} queries)`}`
    );
  if (p.closest_only)
    out.push(`    the row shows the single edit that came closest: ${p.edits.map((e) => editText(e)).join(', ')}`);
  out.push(`    outcome: ${outcomeText(p)}`);
  return out;
}

/** What the search's objective margin measures, in words. */
function objectiveMeaning(s: SearchExplanation): string {
  if (s.against_policy) return 'the distance to a wrong decision the review policy accepts, for models with a policy';
  if (s.objective === 'targeted') return 'score of that label − the best score among its protected targets';
  return 'score of that label − the best other score';
}

function searchBlock(s: SearchExplanation, e: Explanation, width: number): string[] {
  const from =
    s.gold_from === 'data_row'
      ? "the data row's gold label"
      : "each model's clean prediction (no data row with this id, text and language)";
  const out = [
    '',
    `search (adaptive, knowledge ${s.knowledge}, budget ${s.budget} queries, operators ` +
      `${s.operators.join(', ')}, max_words_changed ${s.max_words_changed}): moving away from ${from}`,
    `  margins below are the search's objective margin (${objectiveMeaning(s)}); below 0 is a success`
  ];
  for (const p of s.paths) {
    out.push(...searchPathLines(p, width));
    if (
      p.perturbed_text !== e.text &&
      (p.outcome === 'success' || p.outcome === 'budget_spent' || p.outcome === 'no_success')
    ) {
      out.push(nowLine(e, p.perturbed_text, p.edits));
    }
  }
  return out;
}

/** The candidate an attack ended on, its edited words marked (or, failing that, the changed span). */
function nowLine(e: Explanation, perturbed: string, edits: SearchPath['edits']): string {
  const marks = searchMarks({ text: e.text, perturbed_text: perturbed, edits, language: e.language }, SNIPPET_CHARS);
  const span = changedSpan(e.text, perturbed);
  const now = marks
    ? markedParts(marks.perturbed)
    : marked(snippet(perturbed, span.start, span.endCandidate, SNIPPET_CHARS));
  return `    now: ${now}`;
}

function exactLine(r: ExactReading): string {
  const size = `${r.candidates}${r.candidates_bound ? '+' : ''} candidate${r.candidates === 1 ? '' : 's'}`;
  const how =
    r.method === 'closed_form'
      ? `by the closed form (${size}; the closest one asked)`
      : `after asking ${r.queries} of ${size}`;
  const reading = `${v(r.gold ?? '', 40)} → ${v(r.prediction ?? 'missing', 40)}`;
  switch (r.outcome) {
    case 'success': {
      const words = `${r.edits.length} edited word${r.edits.length === 1 ? '' : 's'}`;
      return `SUCCESS with ${words} (the fewest), found ${how}: ${reading}`;
    }
    case 'certified':
      return `certified ${how}: no candidate of the declared edit space moves it`;
    case 'tie':
      return `a tie ${how}: the closest candidate is within rounding of a wrong decision (never certified)`;
    case 'undecided':
      return (
        `undecided: more than max_candidates (${size}); ` +
        `${r.queries > 0 ? `${r.queries} asked before the cap` : 'nothing asked'} (uncovered: edit_space)`
      );
    case 'no_edit':
      return 'not tested: no word of this text has a valid edit (uncovered: no_edit)';
    case 'not_eligible':
      return 'not run: the clean prediction is not the label to move away from (not eligible)';
    case 'error':
      return `missing: ${v(r.error ?? 'the model failed', 200)}`;
  }
}

function exactBlock(readings: readonly ExactReading[], e: Explanation, width: number): string[] {
  const out = ['', 'exact (every candidate of the declared edit space; docs/search.md#exact):'];
  for (const r of readings) {
    out.push(`  ${`${v(r.model, 40)}:`.padEnd(width + 1)}  ${exactLine(r)}`);
    if (r.outcome === 'success' || r.outcome === 'certified' || r.outcome === 'tie') {
      const label = r.outcome === 'success' ? 'edits' : 'closest';
      if (r.edits.length > 0) out.push(`    ${label}: ${r.edits.map(editText).join(', ')}`);
      if (r.perturbed_text !== e.text) out.push(nowLine(e, r.perturbed_text, r.edits));
    }
  }
  return out;
}

/** The readings as text, one block per condition. */
export function renderExplanation(
  e: Explanation,
  context: { configPath: string; seed: number; trainRows: number }
): string {
  const width = Math.max(maxOf(e.models.map((m) => v(m.name, 40).length)), 5);
  const out: string[] = [];
  // A kind that runs the user's command (its descriptor's remote.command) is not trained here.
  const external = e.models.filter((m) => MODEL_KINDS.find((d) => d.kind === m.kind)?.remote?.command === true).length;
  const trained = e.models.length - external;
  const models =
    external === 0
      ? `${e.models.length} model${e.models.length === 1 ? '' : 's'} trained on ${context.trainRows} rows`
      : `${e.models.length} model${e.models.length === 1 ? '' : 's'} (${trained} trained on ${context.trainRows} ` +
        `rows, ${external} external command${external === 1 ? '' : 's'})`;
  out.push(`Evidence Gate explain: config ${v(context.configPath, 200)}, ${models}, seed ${context.seed}`);
  out.push(
    `id ${q(e.id)} (the id seeds every perturbation choice: with a data row's id, text and language the ` +
      `candidates are that row's)`
  );
  out.push(`language ${q(e.language, 40)}`);
  if (e.data_row) {
    const r = e.data_row;
    const same =
      r.same_text && r.same_language
        ? 'same text and language: its evidence rows hold these readings'
        : `${r.same_text ? 'same text' : 'a different text'} and ` +
          `${r.same_language ? 'the same language' : 'another language'}: its evidence differs`;
    out.push(`data row: ${v(r.split, 40)} ${q(e.id)}, gold label ${q(r.label, 40)} (${same})`);
  }
  out.push(`text: ${q(e.text, TEXT_SHOWN)}`);
  for (const c of e.conditions) {
    out.push('', conditionHeading(c));
    if (c.span && c.perturbed_text !== null) {
      const { start, end_original: endWas, end_perturbed: endNow } = c.span;
      const now = c.perturbed_text;
      out.push(
        `  was: ${marked(snippet(e.text, unitOffset(e.text, start), unitOffset(e.text, endWas), SNIPPET_CHARS))}`
      );
      out.push(`  now: ${marked(snippet(now, unitOffset(now, start), unitOffset(now, endNow), SNIPPET_CHARS))}`);
    }
    for (const r of c.readings) out.push(readingLine(r, width, c.condition === 'clean', c));
  }
  if (e.search) out.push(...searchBlock(e.search, e, width));
  if (e.exact) out.push(...exactBlock(e.exact, e, width));
  out.push(
    '',
    `Margins are top score − second score, not comparable across models. ${MARK_OPEN}…${MARK_CLOSE} marks the ` +
      `changed span; --json gives every score.`
  );
  return out.join('\n') + '\n';
}

/** The same readings as one JSON object (keys sorted; scores keyed by label in label order). */
export function explanationJson(
  e: Explanation,
  context: { configPath: string; configSha256: string; seed: number; tool: string }
): string {
  const value = {
    schema_version: EXPLAIN_SCHEMA_VERSION,
    tool: context.tool,
    config: { path: context.configPath, sha256: context.configSha256 },
    seed: context.seed,
    id: e.id,
    language: e.language,
    text: e.text,
    labels: e.labels,
    models: e.models,
    data_row: e.data_row,
    conditions: e.conditions.map((c) => ({
      ...c,
      readings: c.readings.map((r) => ({
        ...r,
        scores: r.scores === null ? null : orderedMap(e.labels.map((l, i) => [l, r.scores?.[i]] as const))
      }))
    })),
    ...(e.search ? { search: e.search } : {}),
    ...(e.exact ? { exact: e.exact } : {})
  };
  return visible(stableJson(value, 2), '\n') + '\n';
}
