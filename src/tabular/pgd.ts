/**
 * `pgd`: projected gradient steps on clean-correct rows (white-box). Untargeted, each step goes
 * up the cross-entropy of the gold label; targeted, down the cross-entropy of a protected target
 * of gold (each target in label order gets the full number of steps). Every iterate is projected
 * onto F(x) (docs/tabular.md); the first iterate the model gets wrong under the objective is
 * kept, else the last one. With threat_model.against_policy, "gets wrong" is the shared success
 * rule (src/evidence/attack-success.ts): the wrong decision must also pass the model's review policy.
 *
 * Start: x itself, or with `random_start` a point drawn uniformly from F(x), seeded per
 * (seed, attack, id, model). Work per attacked row: 1 prediction for the label at x, then per
 * step 1 gradient and 1 prediction (the success check).
 */
import { closed } from '../config/schema-parts.js';
import { isAttackSuccess, type ReviewPolicy } from '../evidence/attack-success.js';
import { decide } from '../perturb/decision.js';
import { tabularAttack } from '../perturb/descriptor.js';
import { clip, intervals, type Intervals } from './clip.js';
import type { Differentiable, FeatureSpace, TabularCandidate } from './contract.js';
import { validateCandidate } from './validity.js';
import { vectorOf } from './vector.js';

const PGD_DEFAULT_STEPS = 20;

interface PgdParams {
  steps: number;
  /** Null: eps / 4. */
  stepSize: number | null;
  randomStart: boolean;
}

/**
 * The projection onto F(x): within eps of x and inside the bounds on editable features; x elsewhere.
 * `ends` are F(x)'s intervals, computed once per row (every step projects onto the same set).
 */
export function project(
  x: readonly number[],
  v: readonly number[],
  space: FeatureSpace,
  ends: Intervals = intervals(x, space)
): number[] {
  return vectorOf(x.length, (i) =>
    space.editable[i] !== true ? (x[i] as number) : clip(v[i] as number, ends.lo[i] as number, ends.hi[i] as number)
  );
}

/**
 * A point drawn uniformly from F(x): each editable feature uniform on its interval, seeded per (seed, pgd, model, id,
 * feature).
 */
function randomStart(row: PgdRow, ends: Intervals): number[] {
  return vectorOf(row.x.length, (i) => {
    const xi = row.x[i] as number;
    if (row.space.editable[i] !== true) return xi;
    const lo = ends.lo[i] as number;
    const hi = ends.hi[i] as number;
    // Within [lo, hi] whatever the rounding: hi − lo can round up, lo + u·(hi − lo) past hi.
    return clip(lo + decide(row.seed, `pgd:${row.model.name}`, row.id, i) * (hi - lo), lo, hi);
  });
}

interface PgdRow {
  id: string;
  x: readonly number[];
  gold: string;
  targets: readonly string[] | null;
  model: Differentiable & { name: string; labels?: readonly string[] };
  space: FeatureSpace;
  seed: number;
  /** The review policy a success must get past; null or absent: every wrong decision counts. */
  policy?: ReviewPolicy | null;
}

export function pgdCandidate(
  row: PgdRow,
  params: PgdParams,
  counters: { gradientEvaluations: number; predictionEvaluations: number }
): TabularCandidate {
  const { x, gold, targets, model, space } = row;
  // Only eligible rows are attacked: correct at x and, targeted, with a protected target to reach.
  if ((targets !== null && targets.length === 0) || model.predict(x) !== gold) {
    const values = [...x];
    const reason = validateCandidate(x, values, space);
    return {
      values,
      attempted: false,
      valid: reason === null,
      invalidReason: reason,
      work: { queries: 0, gradientEvaluations: 0, certified: null, tie: null }
    };
  }
  let queries = 1;
  let gradients = 0;
  const alpha = params.stepSize ?? space.eps / 4;
  const ends = intervals(x, space);
  const start = params.randomStart ? randomStart(row, ends) : [...x];
  const goals: Array<{ label: string; sign: 1 | -1 }> =
    targets === null ? [{ label: gold, sign: 1 }] : targets.map((t) => ({ label: t, sign: -1 as const }));
  const policy = row.policy ?? null;
  const wins = (label: string) => (targets === null ? label !== gold : targets.includes(label));
  const succeeds = (v: readonly number[]): boolean => {
    if (policy === null) return wins(model.predict(v));
    if (typeof model.probabilities !== 'function' || model.labels === undefined)
      throw new Error(`model ${model.name} exposes no scores for against_policy`);
    const transitions = (targets ?? []).map((to) => ({ from: gold, to }));
    return isAttackSuccess(
      { objective: targets === null ? 'untargeted' : 'targeted', transitions, policy },
      model.labels,
      gold,
      model.probabilities(v)
    );
  };
  let current = start;
  let found: number[] | null = null;
  for (const goal of goals) {
    current = [...start];
    for (let step = 0; step < params.steps; step++) {
      const g = model.inputGradient(current, goal.label);
      gradients++;
      const from = current;
      current = project(
        x,
        vectorOf(from.length, (i) => (from[i] as number) + goal.sign * alpha * Math.sign(g[i] ?? 0)),
        space,
        ends
      );
      queries++;
      if (succeeds(current)) {
        found = current;
        break;
      }
    }
    if (found) break;
  }
  const values = found ?? current;
  counters.gradientEvaluations += gradients;
  counters.predictionEvaluations += queries;
  const reason = validateCandidate(x, values, space);
  return {
    values,
    attempted: true,
    valid: reason === null,
    invalidReason: reason,
    work: { queries, gradientEvaluations: gradients, certified: null, tie: null }
  };
}

/** `threat_model.attacks.pgd: { steps, step_size, random_start }`: iterative white-box. */
export const PGD = tabularAttack({
  name: 'pgd',
  task: 'tabular',
  schema: closed({
    steps: { type: 'integer', minimum: 1, maximum: 10000 },
    step_size: { type: 'number', exclusiveMinimum: 0 },
    random_start: { type: 'boolean' }
  }),
  attack: true,
  destructive: false,
  optIn: true,
  strategy: 'adaptive',
  needsGradients: true,
  reads: 'input gradient',
  perModel: true,
  reportsWork: true,
  method: {
    steps:
      'sign-gradient steps projected onto F(x), first success kept; untargeted: up the gold loss; targeted: down ' +
      'each protected target loss in turn'
  },
  read: (raw): PgdParams => ({
    steps: raw.steps ?? PGD_DEFAULT_STEPS,
    stepSize: raw.step_size ?? null,
    randomStart: raw.random_start ?? false
  }),
  settings: (params, eps) => ({
    steps: params.steps,
    step_size: params.stepSize ?? eps / 4,
    random_start: params.randomStart
  }),
  candidate: (row, params) => {
    const model = row.model as (Differentiable & { name: string }) | null;
    if (model === null || typeof model.inputGradient !== 'function')
      throw new Error(`model ${row.model?.name ?? '(none)'} exposes no gradient for pgd`);
    return pgdCandidate(
      {
        id: row.id,
        x: row.x,
        gold: row.label,
        targets: row.targets,
        model,
        space: row.space,
        seed: row.seed,
        policy: row.policy
      },
      params,
      row.counters
    );
  }
});
