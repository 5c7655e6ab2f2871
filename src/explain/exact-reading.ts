/**
 * `exact` for one text and each model, in `explain` (docs/search.md#exact, docs/explain-and-release.md): the run's own
 * function for an exact row (evaluate/exact-text.ts) on this one example, so the outcome, the edits and the queries
 * equal that row's evidence. The label moved away from is the data row's gold label when the text is that row, else the
 * model's clean prediction (as for the search).
 */
import type { Plan } from '../config/plan.js';
import type { Example } from '../data/example.js';
import type { Candidate } from '../evaluate/candidate.js';
import { exactCandidates } from '../evaluate/exact-text.js';
import { decisionOf, type Model, type ScoreResult } from '../models/model.js';
import type { TextExact } from '../perturb/exact/runner.js';
import type { SearchEdit } from '../perturb/search/edits.js';
import { isSuccess } from '../perturb/search/objective.js';
import { successPolicy } from '../evidence/attack-success.js';

type ExactOutcome = 'success' | 'certified' | 'tie' | 'undecided' | 'no_edit' | 'not_eligible' | 'error';

export interface ExactReading {
  model: string;
  gold: string | null;
  outcome: ExactOutcome;
  method: 'closed_form' | 'enumeration' | 'undecided';
  candidates: number;
  candidates_bound: boolean;
  queries: number;
  /** The minimal edit list of a success; on a certified row, the candidate that came closest. */
  edits: SearchEdit[];
  perturbed_text: string;
  prediction: string | null;
  margin: number | null;
  error: string | null;
}

function outcomeOf(candidate: Candidate, eligible: boolean, success: boolean, result: ScoreResult): ExactOutcome {
  const c = candidate.certificate as NonNullable<Candidate['certificate']>;
  if (!eligible) return 'not_eligible';
  if (candidate.notAttemptedReason === 'no_edit') return 'no_edit';
  if (c.method === 'undecided') return 'undecided';
  if (result.status !== 'ok') return 'error';
  if (success) return 'success';
  return c.tie === true ? 'tie' : 'certified';
}

export async function explainExact(input: {
  plan: Plan;
  example: Example;
  models: readonly Model[];
  clean: Candidate;
  cleanResults: readonly ScoreResult[];
  exact: TextExact | undefined;
  dataGold: string | null;
}): Promise<ExactReading[] | null> {
  const { exact, plan } = input;
  if (exact === undefined) return null;
  const out: ExactReading[] = [];
  for (const [m, model] of input.models.entries()) {
    const cleanResult = input.cleanResults[m] as ScoreResult;
    const gold = input.dataGold ?? decisionOf(model.labels, cleanResult)?.prediction ?? null;
    const counters = { model: model.name, predictions: 0, distinctInputs: 0, modelCalls: 0 };
    const example = { ...input.example, label: gold ?? '' };
    const [candidate] = (await exactCandidates(
      plan,
      [example],
      model,
      [input.clean],
      [cleanResult],
      exact,
      counters
    )) as [Candidate];
    const row = candidate.search as NonNullable<Candidate['search']>;
    const certificate = candidate.certificate as NonNullable<Candidate['certificate']>;
    const eligible = gold !== null && decisionOf(model.labels, cleanResult)?.prediction === gold;
    const objective = {
      labels: model.labels,
      gold: gold ?? '',
      objective: plan.threatModel.objective,
      transitions: plan.threatModel.protectedTransitions,
      policy: successPolicy(plan, model.name)
    };
    const success = row.result.status === 'ok' && isSuccess(objective, row.result);
    const d = decisionOf(model.labels, row.result);
    out.push({
      model: model.name,
      gold,
      outcome: outcomeOf(candidate, eligible, success, row.result),
      method: certificate.method,
      candidates: certificate.candidates,
      candidates_bound: certificate.candidatesBound,
      queries: row.queries,
      edits: row.edits,
      perturbed_text: candidate.perturbedText ?? '',
      prediction: d?.prediction ?? null,
      margin: d?.margin ?? null,
      error: row.result.status === 'ok' ? null : row.result.error
    });
  }
  return out;
}
