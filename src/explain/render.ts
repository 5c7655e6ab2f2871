/**
 * The sandbox's output: plain text for a person, or one JSON object. Every value from the config,
 * the data or the command line is shown with hidden characters escaped (util/visible.ts), so a
 * text cannot add a line, reorder one with a bidi control, or start a line with `::` (which a
 * GitHub runner reads as a workflow command). The JSON is escaped the same way, which keeps it
 * valid JSON with the same values.
 */
import { snippet, SNIPPET_CHARS, type TextSnippet } from '../drill/ref.js';
import { stableJson, orderedMap } from '../util/json.js';
import { truncateText, visible } from '../util/visible.js';
import type { ConditionReading, Explanation, Reading } from './explain.js';
import { maxOf } from '../util/numbers.js';
import { unitOffset } from '../util/strings.js';

/** Major version of the JSON object `explain --json` writes. */
export const EXPLAIN_SCHEMA_VERSION = 1;

/** Code points of the text shown in the heading; the JSON holds all of it. */
const TEXT_SHOWN = 400;
/** Where the changed span starts and ends in a shown candidate. */
export const MARK_OPEN = '⟦';
export const MARK_CLOSE = '⟧';

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

function marked(s: TextSnippet): string {
  return `${s.cutStart ? '…' : ''}${visible(s.before)}${MARK_OPEN}${visible(s.changed)}${MARK_CLOSE}${visible(s.after)}${s.cutEnd ? '…' : ''}`;
}

function margin(m: number | null): string {
  return m === null ? 'n/a' : m.toFixed(4);
}

function readingLine(r: Reading, width: number, isClean: boolean, c: ConditionReading): string {
  const name = v(r.model, 40).padEnd(width);
  if (r.status !== 'ok') return `  ${name}  missing (${r.status}: ${v(r.error ?? '', 120)})${isClean ? '' : `; clean ${v(r.clean_prediction ?? 'missing', 40)}`}`;
  const prediction = v(r.prediction ?? '', 40);
  if (isClean) return `  ${name}  ${prediction.padEnd(16)}  margin ${margin(r.margin)}`;
  const moved = `${v(r.clean_prediction ?? 'missing', 40)} → ${prediction}`;
  let flag = '';
  if (r.flipped) {
    flag = r.counted ? '  FLIPPED' : `  flipped (not counted: ${c.valid === false ? 'the candidate is invalid' : 'unchanged'})`;
    if (r.counted && c.label_preserving === false) flag = '  flipped (descriptive: destructive family)';
  }
  return `  ${name}  ${moved.padEnd(30)}  margin ${margin(r.clean_margin)} → ${margin(r.margin)}${flag}`;
}

function conditionHeading(c: ConditionReading): string {
  if (c.condition === 'clean') return 'clean';
  const destructive = c.label_preserving === false ? ' (destructive: it can change the true label, so its flips are descriptive only)' : '';
  if (!c.attempted) return `${c.condition}${destructive}: not attempted (${c.not_attempted_reason === 'no_dictionary' ? 'no dictionary for this language' : 'the family could not act'})`;
  if (!c.changed) return `${c.condition}${destructive}: unchanged (nothing for this family to edit; every reading equals clean)`;
  const validity = c.valid === false ? `INVALID: ${v(c.invalid_reason ?? 'no reason given', 200)}` : 'valid';
  return `${c.condition}${destructive}: changed, ${validity}`;
}

/** The readings as text, one block per condition. */
export function renderExplanation(e: Explanation, context: { configPath: string; seed: number; trainRows: number }): string {
  const width = Math.max(maxOf(e.models.map((m) => v(m.name, 40).length)), 5);
  const out: string[] = [];
  const external = e.models.filter((m) => m.kind === 'external').length;
  const trained = e.models.length - external;
  const models =
    external === 0
      ? `${e.models.length} model${e.models.length === 1 ? '' : 's'} trained on ${context.trainRows} rows`
      : `${e.models.length} model${e.models.length === 1 ? '' : 's'} (${trained} trained on ${context.trainRows} rows, ${external} external command${external === 1 ? '' : 's'})`;
  out.push(`Evidence Gate explain: config ${v(context.configPath, 200)}, ${models}, seed ${context.seed}`);
  out.push(`id ${q(e.id)} (the id seeds every perturbation choice: with a data row's id, text and language the candidates are that row's)`);
  out.push(`language ${q(e.language, 40)}`);
  if (e.data_row) {
    const r = e.data_row;
    const same = r.same_text && r.same_language ? 'same text and language: its evidence rows hold these readings' : `${r.same_text ? 'same text' : 'a different text'} and ${r.same_language ? 'the same language' : 'another language'}: its evidence differs`;
    out.push(`data row: ${v(r.split, 40)} ${q(e.id)}, gold label ${q(r.label, 40)} (${same})`);
  }
  out.push(`text: ${q(e.text, TEXT_SHOWN)}`);
  for (const c of e.conditions) {
    out.push('', conditionHeading(c));
    if (c.span && c.perturbed_text !== null) {
      out.push(`  was: ${marked(snippet(e.text, unitOffset(e.text, c.span.start), unitOffset(e.text, c.span.end_original), SNIPPET_CHARS))}`);
      out.push(`  now: ${marked(snippet(c.perturbed_text, unitOffset(c.perturbed_text, c.span.start), unitOffset(c.perturbed_text, c.span.end_perturbed), SNIPPET_CHARS))}`);
    }
    for (const r of c.readings) out.push(readingLine(r, width, c.condition === 'clean', c));
  }
  out.push('', `Margins are top score − second score, not comparable across models. ${MARK_OPEN}…${MARK_CLOSE} marks the changed span; --json gives every score.`);
  return out.join('\n') + '\n';
}


/** The same readings as one JSON object (keys sorted; scores keyed by label in label order). */
export function explanationJson(e: Explanation, context: { configPath: string; configSha256: string; seed: number; tool: string }): string {
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
      readings: c.readings.map((r) => ({ ...r, scores: r.scores === null ? null : orderedMap(e.labels.map((l, i) => [l, r.scores?.[i]] as const)) }))
    }))
  };
  return visible(stableJson(value, 2), '\n') + '\n';
}
