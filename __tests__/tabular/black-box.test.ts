/**
 * The black-box tabular attacks (`square`, `boundary`) on hand-built rows and models: every point
 * they query lies in F(x), one query per candidate, the row's own seeded stream, the objective
 * (untargeted and targeted), the budget, label-only answers, and the lockstep driver (one call
 * per step across rows; a failed answer ends only its row).
 */
import type { ExampleInput } from '../../src/data/example.js';
import { runQueryAttacks } from '../../src/evaluate/tabular-queries.js';
import type { Model, ScoreResult } from '../../src/models/model.js';
import type { ModelCounters } from '../../src/run/facts.js';
import { boundaryAttack, BOUNDARY_TOLERANCE } from '../../src/tabular/boundary.js';
import type { FeatureSpace } from '../../src/tabular/contract.js';
import type { OkResult, QueryAttack, QueryRow } from '../../src/tabular/query-attack.js';
import { LABEL_ONLY_ANSWER, squareAttack, squareP } from '../../src/tabular/square.js';
import { validateCandidate } from '../../src/tabular/validity.js';

const LABELS = ['a', 'b', 'c'];

/** Softmax of affine logits zₖ = wₖ·x + bₖ; counts score() calls and inputs; can fail or answer labels only. */
class AffineModel implements Model {
  readonly name: string;
  readonly labels = LABELS;
  readonly batchSize = Infinity;
  calls = 0;
  inputs = 0;
  constructor(
    readonly w: number[][],
    readonly b: number[],
    readonly options: { name?: string; labelOnly?: boolean; failWhen?: (x: number[]) => boolean } = {}
  ) {
    this.name = options.name ?? 'affine';
  }
  describe() {
    return { name: this.name, kind: 'test', params: {}, digest: '', probabilities: true };
  }
  scoresAt(x: readonly number[]): number[] {
    const z = this.w.map((wk, k) => wk.reduce((s, v, i) => s + v * (x[i] as number), this.b[k] as number));
    const max = Math.max(...z);
    const e = z.map((v) => Math.exp(v - max));
    const sum = e.reduce((s, v) => s + v, 0);
    return e.map((v) => v / sum);
  }
  async score(inputs: readonly ExampleInput[]): Promise<ScoreResult[]> {
    this.calls++;
    this.inputs += inputs.length;
    return inputs.map((input) => {
      const x = Object.values((input as { values: Record<string, number> }).values);
      if (this.options.failWhen?.(x)) return { status: 'error', error: 'the model crashed' };
      const scores = this.scoresAt(x);
      if (this.options.labelOnly)
        return { status: 'ok', scores: null, label: LABELS[scores.indexOf(Math.max(...scores))] as string };
      return { status: 'ok', scores };
    });
  }
  async close() {}
}

const SPACE: FeatureSpace = {
  names: ['f1', 'f2', 'f3', 'age'],
  editable: [true, true, true, false],
  lower: [0, 0, 0.2, -Infinity],
  upper: [1, 1, 0.8, Infinity],
  eps: 0.1
};
// Label a wins at the centre; b gains with f1 + f2, c with f3 (which is bounded above at 0.8).
const W = [
  [0, 0, 0, 0],
  [4, 4, 0, 1],
  [0, 0, 6, 0]
];

function row(model: AffineModel, x: number[], gold = 'a', options: Partial<QueryRow> = {}): QueryRow {
  const scores = model.scoresAt(x);
  const clean: OkResult = model.options.labelOnly
    ? { status: 'ok', scores: null, label: LABELS[scores.indexOf(Math.max(...scores))] as string }
    : { status: 'ok', scores };
  return {
    id: 'r1',
    model: model.name,
    x,
    space: SPACE,
    seed: 7,
    objective: { labels: LABELS, gold, objective: 'untargeted', transitions: [] },
    clean,
    ...options
  };
}

/** Runs one attack alone, answering from `model`; returns every point it asked for and the outcome. */
async function drive(attack: QueryAttack, model: AffineModel) {
  const points: number[][] = [];
  let reason: string | null = null;
  for (let p = attack.next(); p !== null; p = attack.next()) {
    points.push([...p]);
    const [result] = await model.score([
      { kind: 'features', values: Object.fromEntries(p.map((v, i) => [SPACE.names[i], v])) }
    ]);
    reason = attack.observe(result as OkResult);
    if (reason !== null) break;
  }
  return { points, reason, outcome: attack.outcome() };
}

const predictionAt = (model: AffineModel, x: readonly number[]) => {
  const s = model.scoresAt(x);
  return LABELS[s.indexOf(Math.max(...s))];
};

describe('square', () => {
  test('finds the wrong decision that exists, querying only points of F(x), one query per point, first success kept', async () => {
    const model = new AffineModel(W, [0.3, -4, -3.7]);
    const x = [0.4, 0.45, 0.55, 0.3];
    expect(predictionAt(model, x)).toBe('a');
    const { points, outcome } = await drive(squareAttack(row(model, x), { queries: 200, pInit: 0.3 }), model);
    for (const p of points) expect(validateCandidate(x, p, SPACE)).toBeNull();
    expect(points.every((p) => p[3] === 0.3)).toBe(true);
    expect(outcome.queries).toBe(points.length);
    expect(model.inputs).toBe(points.length);
    expect(predictionAt(model, outcome.values)).not.toBe('a');
    // It stopped at its first success.
    expect(points.slice(0, -1).every((p) => predictionAt(model, p) === 'a')).toBe(true);
    expect(outcome.values).toEqual(points[points.length - 1]);
  });

  test('spends exactly its budget on a row no point can move, and keeps the lowest margin found', async () => {
    const model = new AffineModel(W, [3, -4, -3.6]);
    const x = [0.4, 0.45, 0.55, 0.3];
    const { points, outcome } = await drive(squareAttack(row(model, x), { queries: 57, pInit: 0.3 }), model);
    expect(points).toHaveLength(57);
    expect(outcome.queries).toBe(57);
    expect(predictionAt(model, outcome.values)).toBe('a');
    const margin = (p: readonly number[]) => {
      const s = model.scoresAt(p);
      return (s[0] as number) - Math.max(s[1] as number, s[2] as number);
    };
    expect(margin(outcome.values)).toBe(Math.min(...points.map(margin)));
    // Every query moves away from the point kept at the time (the start is kept; later moves when the margin drops).
    let kept = points[0] as number[];
    for (const p of points.slice(1)) {
      expect(p).not.toEqual(kept);
      if (margin(p) < margin(kept)) kept = p;
    }
    expect(kept).toEqual(outcome.values);
  });

  test("its stream is the row's own: same (seed, id, model) → same points; another model name or id → others", async () => {
    const x = [0.4, 0.45, 0.55, 0.3];
    const model = new AffineModel(W, [3, -4, -3.6]);
    const run = async (options: Partial<QueryRow>, name?: string) =>
      (
        await drive(
          squareAttack(row(new AffineModel(W, [3, -4, -3.6], { name }), x, 'a', options), { queries: 30, pInit: 0.3 }),
          model
        )
      ).points;
    const first = await run({});
    expect(await run({})).toEqual(first);
    expect(await run({ id: 'r2' })).not.toEqual(first);
    expect(await run({}, 'other')).not.toEqual(first);
    expect(await run({ seed: 8 })).not.toEqual(first);
  });

  test('targeted: only a protected target of gold counts; the margin is to that target', async () => {
    // b is reachable, c is not: targeting c never succeeds, targeting b does.
    const model = new AffineModel(W, [0.3, -4, -30]);
    const x = [0.4, 0.45, 0.55, 0.3];
    const toC = await drive(
      squareAttack(
        row(model, x, 'a', {
          objective: { labels: LABELS, gold: 'a', objective: 'targeted', transitions: [{ from: 'a', to: 'c' }] }
        }),
        { queries: 40, pInit: 0.3 }
      ),
      model
    );
    expect(toC.outcome.queries).toBe(40);
    expect(predictionAt(model, toC.outcome.values)).not.toBe('c');
    const toB = await drive(
      squareAttack(
        row(model, x, 'a', {
          objective: { labels: LABELS, gold: 'a', objective: 'targeted', transitions: [{ from: 'a', to: 'b' }] }
        }),
        { queries: 40, pInit: 0.3 }
      ),
      model
    );
    expect(predictionAt(model, toB.outcome.values)).toBe('b');
  });

  test('a label-only answer ends the row with its reason', async () => {
    const model = new AffineModel(W, [3, -4, -3.6], { labelOnly: true });
    const { points, reason } = await drive(
      squareAttack(row(model, [0.4, 0.45, 0.55, 0.3]), { queries: 10, pInit: 0.3 }),
      model
    );
    expect(points).toHaveLength(1);
    expect(reason).toBe(LABEL_ONLY_ANSWER);
  });

  test('p halves at fixed fractions of the budget', () => {
    expect([1, 2, 6, 21, 51, 101, 201, 401, 601, 801, 1000].map((q) => squareP(q, 1000, 0.4))).toEqual([
      0.4, 0.2, 0.1, 0.05, 0.025, 0.0125, 0.00625, 0.003125, 0.0015625, 0.00078125, 0.00078125
    ]);
  });

  test('a row with no movable feature spends nothing', async () => {
    const model = new AffineModel(W, [3, -4, -3.6]);
    const fixed: FeatureSpace = { ...SPACE, editable: [false, false, false, false] };
    const { points, outcome } = await drive(
      squareAttack({ ...row(model, [0.4, 0.45, 0.55, 0.3]), space: fixed }, { queries: 10, pInit: 0.3 }),
      model
    );
    expect(points).toHaveLength(0);
    expect(outcome).toEqual({ values: [0.4, 0.45, 0.55, 0.3], answer: null, queries: 0 });
  });
});

describe('boundary', () => {
  test('label-only: finds a success, then moves it towards x by binary search; every point in F(x)', async () => {
    const model = new AffineModel(W, [0.3, -4, -3.7], { labelOnly: true });
    const x = [0.4, 0.45, 0.55, 0.3];
    const { points, outcome } = await drive(boundaryAttack(row(model, x), { queries: 1000 }), model);
    for (const p of points) expect(validateCandidate(x, p, SPACE)).toBeNull();
    expect(outcome.queries).toBe(points.length);
    expect(points.length).toBeLessThan(40);
    expect(predictionAt(model, outcome.values)).not.toBe('a');
    const firstSuccess = points.find((p) => predictionAt(model, p) !== 'a') as number[];
    const dist = (p: readonly number[]) => Math.max(...p.map((v, i) => Math.abs(v - (x[i] as number))));
    expect(dist(outcome.values)).toBeLessThan(dist(firstSuccess));
    // The kept point is the closest success queried, within the tolerance of the boundary.
    const successes = points.filter((p) => predictionAt(model, p) !== 'a');
    expect(dist(outcome.values)).toBe(Math.min(...successes.map(dist)));
    const failures = points.filter((p, i) => i > points.indexOf(firstSuccess) && predictionAt(model, p) === 'a');
    expect(dist(outcome.values) - Math.max(...failures.map(dist))).toBeLessThanOrEqual(
      BOUNDARY_TOLERANCE * SPACE.eps * 1.0000001
    );
  });

  test('without a success it spends the budget and keeps the last vertex (tested, not a success)', async () => {
    const model = new AffineModel(W, [3, -4, -3.6], { labelOnly: true });
    const { points, outcome } = await drive(boundaryAttack(row(model, [0.4, 0.45, 0.55, 0.3]), { queries: 25 }), model);
    expect(points).toHaveLength(25);
    expect(outcome.values).toEqual(points[24]);
    expect(outcome.answer).not.toBeNull();
  });
});

describe('the lockstep driver', () => {
  const counters = (): ModelCounters => ({ model: 'affine', predictions: 0, distinctInputs: 0, modelCalls: 0 });
  const xs = [
    [0.4, 0.45, 0.55, 0.3],
    [0.1, 0.2, 0.3, 0.1],
    [0.45, 0.45, 0.5, 0.9],
    [0.2, 0.1, 0.75, 0.2]
  ];

  test('one call per step across rows; rows not attacked are left alone; outcomes equal running each row alone', async () => {
    const model = new AffineModel(W, [0.3, -4, -3.7]);
    const attacks = xs.map((x, k) =>
      k === 1 ? null : squareAttack({ ...row(model, x), id: `r${k}` }, { queries: 50, pInit: 0.3 })
    );
    const c = counters();
    const outcomes = await runQueryAttacks(model, SPACE.names, attacks, c);
    expect(outcomes[1]).toBeNull();
    const alone = await Promise.all(
      xs.map(async (x, k) =>
        k === 1
          ? null
          : (await drive(squareAttack({ ...row(model, x), id: `r${k}` }, { queries: 50, pInit: 0.3 }), model)).outcome
      )
    );
    expect(outcomes).toEqual(alone);
    const steps = Math.max(...outcomes.map((o) => o?.queries ?? 0));
    expect(c.modelCalls).toBe(steps);
    expect(c.predictions).toBe(outcomes.reduce((n, o) => n + (o?.queries ?? 0), 0));
  });

  test("a failed answer marks only that row an error, with the model's reason; the others go on", async () => {
    // The model fails on any point with f3 at its upper end (0.8) for the row near it.
    const model = new AffineModel(W, [3, -4, -3.6], { failWhen: (x) => x[2] === 0.8 });
    const attacks = xs.map((x, k) => squareAttack({ ...row(model, x), id: `r${k}` }, { queries: 30, pInit: 0.3 }));
    const outcomes = await runQueryAttacks(model, SPACE.names, attacks, counters());
    const failed = outcomes[3];
    expect(failed?.answer).toEqual({ status: 'error', error: 'the model crashed' });
    expect(failed?.values[2]).toBe(0.8);
    expect(failed?.queries).toBeLessThan(30);
    for (const k of [0, 1, 2]) expect([k, outcomes[k]?.answer?.status, outcomes[k]?.queries]).toEqual([k, 'ok', 30]);
  });

  test('a label-only model: square rows become errors with the reason; boundary works', async () => {
    const model = new AffineModel(W, [0.3, -4, -3.7], { labelOnly: true });
    const square = await runQueryAttacks(
      model,
      SPACE.names,
      [squareAttack(row(model, xs[0] as number[]), { queries: 10, pInit: 0.3 })],
      counters()
    );
    expect(square[0]?.answer).toEqual({ status: 'error', error: LABEL_ONLY_ANSWER });
    const boundary = await runQueryAttacks(
      model,
      SPACE.names,
      [boundaryAttack(row(model, xs[0] as number[]), { queries: 100 })],
      counters()
    );
    expect(boundary[0]?.answer).toMatchObject({ status: 'ok', label: 'b' });
    expect(boundary[0]?.queries).toBeLessThan(100);
  });
});
