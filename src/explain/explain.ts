/**
 * The sandbox for one text (docs/explain-and-release.md): every configured model's reading of
 * the text, clean and under each configured perturbation family. It goes through the run's own
 * stages — `prepare()` trains the models and builds the families, the run's candidate source
 * builds the candidates (evaluate/conditions.ts `candidatesFor`), the run's score store scores
 * them — so for a text that is in the data, with that row's id and language, every candidate,
 * prediction and margin equals the row's evidence. Nothing is written.
 *
 * With `attacks.search` configured, each model's search path follows (search-path.ts): the run's
 * own search, listened to.
 *
 * The id matters: every perturbation choice is drawn from (seed, family, id, position), so the
 * same text under another id can get other transpositions. The default id is `explain`.
 */
import { explainExact, type ExactReading } from './exact-reading.js';
import type { Condition } from '../evidence/condition.js';
import type { Example } from '../data/example.js';
import type { Candidate } from '../evaluate/candidate.js';
import type { ModelCounters } from '../run/facts.js';
import { ScoreStore } from '../evaluate/score-store.js';
import { decisionOf } from '../models/model.js';
import type { Prepared } from '../pipeline/prepare.js';
import { changedSpan } from '../drill/ref.js';
import { explainSearch, type SearchExplanation } from './search-path.js';

/** The id explain gives a text unless told otherwise (it seeds the perturbation choices). */
export const DEFAULT_EXPLAIN_ID = 'explain';

/** The split name of the synthetic example (never written anywhere). */
const EXPLAIN_SPLIT = 'explain';

interface ExplainRequest {
  id: string;
  text: string;
  /** Language slice (`unknown` when none was given): dictionary and append act per language. */
  language: string;
}

/** One model's reading of one candidate. */
export interface Reading {
  model: string;
  status: 'ok' | 'error' | 'timeout';
  error: string | null;
  prediction: string | null;
  /** Scores in label order (null for a missing row or a label-only external model). */
  scores: number[] | null;
  margin: number | null;
  clean_prediction: string | null;
  clean_margin: number | null;
  /** Null on clean; otherwise whether the changed input moved the prediction (a missing reading counts as moved). */
  flipped: boolean | null;
  /**
   * Whether this reading counts in the family's flip and accuracy figures (changed and valid, as in
   * docs/definitions.md#metrics).
   */
  counted: boolean;
}

/** What one condition made of the text, and how every model read it. */
export interface ConditionReading {
  condition: Condition;
  /** Null on clean; false for a destructive family (truncate), whose flips are descriptive only. */
  label_preserving: boolean | null;
  validity_rule: string | null;
  attempted: boolean;
  not_attempted_reason: 'no_dictionary' | null;
  perturbed_text: string | null;
  changed: boolean;
  valid: boolean | null;
  invalid_reason: string | null;
  /**
   * The changed span, in code points: [start, end_original) of the text became [start, end_perturbed) of the candidate.
   */
  span: { start: number; end_original: number; end_perturbed: number } | null;
  input_sha256: string;
  readings: Reading[];
}

export interface Explanation {
  id: string;
  language: string;
  text: string;
  labels: string[];
  models: Array<{ name: string; kind: string; digest: string; probabilities: boolean }>;
  /** The evaluation row with this id, when there is one: its gold label and whether it is the same input. */
  data_row: { split: string; label: string; same_text: boolean; same_language: boolean } | null;
  conditions: ConditionReading[];
  /** The adaptive search's path per model, when the config has `attacks.search` (search-path.ts). */
  search?: SearchExplanation;
  /** `exact`'s outcome per model, when the config has `attacks.exact` (exact-reading.ts). */
  exact?: ExactReading[];
}

function codePoints(text: string, units: number): number {
  return Array.from(text.slice(0, units)).length;
}

function spanOf(text: string, candidate: Candidate): ConditionReading['span'] {
  if (!candidate.changed || candidate.perturbedText === null) return null;
  const s = changedSpan(text, candidate.perturbedText);
  return {
    start: codePoints(text, s.start),
    end_original: codePoints(text, s.endOriginal),
    end_perturbed: codePoints(candidate.perturbedText, s.endCandidate)
  };
}

function dataRow(prepared: Prepared, request: ExplainRequest): Explanation['data_row'] {
  for (const split of prepared.dataset.splits) {
    const row = split.examples.find((e) => e.id === request.id);
    if (row) {
      const same = row.input.kind === 'text' && row.input.text === request.text;
      return {
        split: split.split,
        label: row.label,
        same_text: same,
        same_language: row.language === request.language
      };
    }
  }
  return null;
}

export async function explain(prepared: Prepared, request: ExplainRequest): Promise<Explanation> {
  const { models, source, head } = prepared;
  const example: Example = {
    id: request.id,
    split: EXPLAIN_SPLIT,
    label: '',
    language: request.language,
    domain: null,
    input: { kind: 'text', text: request.text },
    file: '(explain)',
    line: 0
  };
  // The run's candidate source: text candidates are the same for every model.
  const candidates = source.candidates(example, 0);
  source.release?.();
  const store = new ScoreStore(models);
  const counters: ModelCounters[] = models.map((model) => ({
    model: model.name,
    predictions: 0,
    distinctInputs: 0,
    modelCalls: 0
  }));
  await store.score(
    models,
    models.map((_, m) => store.todo(m, candidates)),
    counters
  );
  const families = new Map(head.threat_model.attacks.map((f) => [f.family, f]));
  const clean = candidates[0] as Candidate;
  const conditions = candidates.map((c): ConditionReading => {
    const isClean = c === clean;
    const family = families.get(c.condition);
    return {
      condition: c.condition,
      label_preserving: isClean ? null : (family?.label_preserving ?? null),
      validity_rule: isClean ? null : (family?.validity_rule ?? null),
      attempted: c.attempted,
      // A text family that does not act has one reason: no dictionary for the row's language.
      not_attempted_reason: c.attempted ? null : 'no_dictionary',
      perturbed_text: c.perturbedText,
      changed: c.changed,
      valid: c.valid,
      invalid_reason: c.invalidReason,
      span: spanOf(request.text, c),
      input_sha256: c.digest,
      readings: models.map((model, m): Reading => {
        const cleanResult = store.get(m, clean);
        const result = store.get(m, c);
        const before = decisionOf(model.labels, cleanResult);
        const after = decisionOf(model.labels, result);
        return {
          model: model.name,
          status: result.status,
          error: result.status === 'ok' ? null : result.error,
          prediction: after?.prediction ?? null,
          scores: result.status === 'ok' ? result.scores : null,
          margin: after?.margin ?? null,
          clean_prediction: before?.prediction ?? null,
          clean_margin: before?.margin ?? null,
          flipped: isClean
            ? null
            : c.changed && (after === null || before === null || after.prediction !== before.prediction),
          counted: !isClean && c.changed && c.valid === true
        };
      })
    };
  });
  const row = dataRow(prepared, request);
  // The search and exact move away from the data row's gold label when this is that row, else from each model's
  // clean prediction.
  const shared = {
    plan: prepared.plan,
    example,
    models,
    clean,
    cleanResults: models.map((_, m) => store.get(m, clean)),
    dataGold: row && row.same_text && row.same_language ? row.label : null
  };
  const search = await explainSearch({ ...shared, search: source.search });
  const exact = await explainExact({ ...shared, exact: source.exact });
  return {
    id: request.id,
    language: request.language,
    text: request.text,
    labels: [...prepared.dataset.labels],
    models: head.models.map((d) => ({ name: d.name, kind: d.kind, digest: d.digest, probabilities: d.probabilities })),
    data_row: row,
    conditions,
    ...(search ? { search } : {}),
    ...(exact ? { exact } : {})
  };
}
