/**
 * Logistic regression against scikit-learn (golden file from scripts/golden/logistic.py):
 * coefficients within 1e-6, predict_proba within 1e-8 and hand-computed input gradients within
 * 1e-8, for binary (SPEC §13 design, C = 1 and 0.1), badly scaled binary, three-class
 * multinomial and a separable case; plus ties, digest determinism and bad inputs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example, ExampleInput } from '../../src/data/example.js';
import { DataError } from '../../src/errors.js';
import { LogisticRegressionModel } from '../../src/models/logistic.js';
import { decide } from '../../src/models/model.js';
import { sortCodePoints } from '../../src/util/strings.js';
import { REPO_ROOT } from '../helpers.js';

interface FixtureRow {
  id: string;
  features: Record<string, number>;
  label: string;
}
interface Fixture {
  features: string[];
  train: FixtureRow[];
  test: FixtureRow[];
}
interface GoldenCase {
  name: string;
  fixture: string;
  C: number;
  labels: string[];
  features: string[];
  coef: number[][];
  intercept: number[];
  test_proba: number[][];
  gradients: Array<{ row: number; label: string; gradient: number[] }>;
}

const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/logistic.json'), 'utf8')) as {
  cases: GoldenCase[];
};

function example(id: string, values: Record<string, number>, label: string, i = 0): Example {
  return {
    id,
    split: 'train',
    label,
    language: 'unknown',
    domain: null,
    input: { kind: 'features', values },
    file: 'x',
    line: i + 1
  };
}

function loadFixture(path: string): Fixture {
  return JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as Fixture;
}

function maxAbsDiff(a: readonly number[], b: readonly number[]): number {
  expect(a).toHaveLength(b.length);
  return a.reduce((m, v, i) => Math.max(m, Math.abs(v - (b[i] as number))), 0);
}

const deviations: Record<string, { coef: number; proba: number; gradient: number }> = {};

afterAll(() => {
  // The observed deviations from sklearn, for the record (LOGISTIC_REPORT=1 npm test -- logistic).
  if (process.env.LOGISTIC_REPORT)
    console.log('logistic regression: max |deviation| from scikit-learn\n' + JSON.stringify(deviations, null, 1));
});

describe('logistic regression equals a fully converged scikit-learn LogisticRegression', () => {
  test.each(golden.cases.map((c) => [c.name, c] as const))('%s', async (name, c) => {
    const fixture = loadFixture(c.fixture);
    expect(fixture.features).toEqual(c.features);
    const train = fixture.train.map((r, i) => example(r.id, r.features, r.label, i));
    const labels = sortCodePoints(new Set(train.map((e) => e.label)));
    expect(labels).toEqual(c.labels);
    const model = LogisticRegressionModel.fit(name, train, labels, fixture.features, c.C);
    const params = model.parameters();

    expect(params.coef).toHaveLength(c.coef.length);
    const coefDev = Math.max(
      ...params.coef.map((row, r) => maxAbsDiff(row, c.coef[r] as number[])),
      maxAbsDiff(params.intercept, c.intercept)
    );
    expect(coefDev).toBeLessThan(1e-6);
    if (c.labels.length > 2) expect(Math.abs(params.intercept.reduce((a, b) => a + b, 0))).toBeLessThan(1e-12);

    const inputs: ExampleInput[] = fixture.test.map((r) => ({ kind: 'features', values: r.features }));
    const results = await model.score(inputs);
    let probaDev = 0;
    results.forEach((r, i) => {
      if (r.status !== 'ok' || r.scores === null) throw new Error(`unexpected ${r.status}`);
      const want = c.test_proba[i] as number[];
      probaDev = Math.max(probaDev, maxAbsDiff(r.scores, want));
    });
    expect(probaDev).toBeLessThan(1e-8);

    // predict() agrees with sklearn's predict (argmax of predict_proba) on every held-out row.
    const vectors = fixture.test.map((r) => fixture.features.map((f) => r.features[f] as number));
    vectors.forEach((x, i) => expect(model.predict(x)).toBe(decide(c.labels, c.test_proba[i] as number[]).prediction));

    let gradDev = 0;
    for (const g of c.gradients)
      gradDev = Math.max(gradDev, maxAbsDiff(model.inputGradient(vectors[g.row] as number[], g.label), g.gradient));
    expect(c.gradients.length).toBeGreaterThan(0);
    expect(gradDev).toBeLessThan(1e-8);

    deviations[name] = { coef: coefDev, proba: probaDev, gradient: gradDev };
    const description = model.describe();
    expect(description).toMatchObject({
      name,
      kind: 'logistic-regression',
      probabilities: true,
      params: { C: c.C, solver: 'newton', tol: 1e-12 }
    });
    expect(description.params.iterations).toBeGreaterThan(0);
    expect(description.params.iterations).toBeLessThanOrEqual(200);
  });
});

describe('logistic regression behaviour', () => {
  const binary = loadFixture('__tests__/fixtures/logistic-binary.json');
  const binaryTrain = binary.train.map((r, i) => example(r.id, r.features, r.label, i));

  test('the input gradient is the derivative of the cross-entropy loss (central differences)', () => {
    const multi = loadFixture('__tests__/fixtures/logistic-multiclass.json');
    const train = multi.train.map((r, i) => example(r.id, r.features, r.label, i));
    for (const [model, x] of [
      [LogisticRegressionModel.fit('m', train, ['0', '1', '2'], multi.features), [0.3, -0.7, 1.1]],
      [LogisticRegressionModel.fit('b', binaryTrain, ['0', '1'], binary.features), [0.45, 0.6]]
    ] as const) {
      for (const label of model.labels) {
        const k = model.labels.indexOf(label);
        const loss = (v: number[]) => -Math.log(model.probabilities(v)[k] as number);
        const g = model.inputGradient(x, label);
        x.forEach((_, j) => {
          const h = 1e-6;
          const up: number[] = [...x];
          const down: number[] = [...x];
          up[j] = (up[j] as number) + h;
          down[j] = (down[j] as number) - h;
          expect(Math.abs((loss(up) - loss(down)) / (2 * h) - (g[j] as number))).toBeLessThan(1e-6);
        });
      }
    }
  });

  test('ties go to the first label: a symmetric training set gives w = 0, b = 0 and scores [0.5, 0.5]', async () => {
    const train = [
      example('a1', { x: 0 }, 'a'),
      example('b1', { x: 0 }, 'b'),
      example('a2', { x: 1 }, 'a'),
      example('b2', { x: 1 }, 'b')
    ];
    const model = LogisticRegressionModel.fit('tie', train, ['a', 'b'], ['x']);
    expect(model.parameters().coef[0]?.[0]).toBeCloseTo(0, 12);
    expect(model.parameters().intercept[0]).toBeCloseTo(0, 12);
    const [r] = await model.score([{ kind: 'features', values: { x: 3 } }]);
    if (r?.status !== 'ok' || r.scores === null) throw new Error('unexpected error');
    expect(r.scores[0]).toBeCloseTo(0.5, 12);
    expect(model.predict([3])).toBe('a');

    const zero = new LogisticRegressionModel('z', {
      labels: ['a', 'b', 'c'],
      features: ['x'],
      C: 1,
      coef: [[0], [0], [0]],
      intercept: [0, 0, 0],
      iterations: 0
    });
    expect(zero.probabilities([5])).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(zero.predict([5])).toBe('a');
    const second = new LogisticRegressionModel('s', {
      labels: ['a', 'b', 'c'],
      features: ['x'],
      C: 1,
      coef: [[0], [1], [1]],
      intercept: [0, 0, 0],
      iterations: 0
    });
    expect(second.predict([2])).toBe('b');
    expect(second.predict([-2])).toBe('a');
  });

  test('affineLogits: one frozen copy per model, a zero first row for binary, the coefficients for multinomial', () => {
    const binaryModel = new LogisticRegressionModel('b', {
      labels: ['a', 'b'],
      features: ['x', 'y'],
      C: 1,
      coef: [[2, -3]],
      intercept: [0.5],
      iterations: 0
    });
    const multi = new LogisticRegressionModel('m', {
      labels: ['a', 'b', 'c'],
      features: ['x'],
      C: 1,
      coef: [[1], [-2], [1]],
      intercept: [0.1, -0.3, 0.2],
      iterations: 0
    });
    expect(binaryModel.affineLogits()).toEqual({
      weights: [
        [0, 0],
        [2, -3]
      ],
      intercepts: [0, 0.5]
    });
    expect(multi.affineLogits()).toEqual({ weights: [[1], [-2], [1]], intercepts: [0.1, -0.3, 0.2] });
    for (const model of [binaryModel, multi]) {
      const a = model.affineLogits();
      // The same object every call (exact asks once per row), and nobody can change it.
      expect(model.affineLogits()).toBe(a);
      expect(
        Object.isFrozen(a) &&
          Object.isFrozen(a.weights) &&
          Object.isFrozen(a.intercepts) &&
          a.weights.every((w) => Object.isFrozen(w))
      ).toBe(true);
    }
    // Not the model's own coefficients: changing the parameters it was given afterwards changes nothing.
    const params = { labels: ['a', 'b'], features: ['x'], C: 1, coef: [[4]], intercept: [1], iterations: 0 };
    const held = new LogisticRegressionModel('h', params);
    (params.coef[0] as number[])[0] = 99;
    expect(held.affineLogits().weights[1]).toEqual([4]);
  });

  test('binary: positive class is labels[1]; scores are [1 − p, p] and sum to 1', async () => {
    const model = LogisticRegressionModel.fit('b', binaryTrain, ['0', '1'], binary.features);
    const w = model.parameters().coef[0] as number[];
    expect(w[0]).toBeGreaterThan(0);
    expect(w[1]).toBeGreaterThan(0);
    expect(model.predict([0.9, 0.9])).toBe('1');
    expect(model.predict([0.1, 0.1])).toBe('0');
    const [r] = await model.score([{ kind: 'features', values: { f2: 0.8, f1: 0.7 } }]);
    if (r?.status !== 'ok' || r.scores === null) throw new Error('unexpected error');
    expect((r.scores[0] as number) + (r.scores[1] as number)).toBeCloseTo(1, 15);
    // Label "1" raises the loss when the model leans to "0", so its gradient points down-hill of p1.
    expect(model.inputGradient([0.2, 0.2], '1').every((v) => v < 0)).toBe(true);
    expect(model.inputGradient([0.2, 0.2], '0').every((v) => v > 0)).toBe(true);
  });

  test('the digest is a function of the trained parameters: same rows in any order give the same digest', () => {
    const d1 = LogisticRegressionModel.fit('b', binaryTrain, ['0', '1'], binary.features).describe().digest;
    const d2 = LogisticRegressionModel.fit(
      'other-name',
      [...binaryTrain].reverse(),
      ['0', '1'],
      binary.features
    ).describe().digest;
    const d3 = LogisticRegressionModel.fit('b', binaryTrain, ['0', '1'], binary.features, 0.5).describe().digest;
    const d4 = LogisticRegressionModel.fit('b', binaryTrain.slice(1), ['0', '1'], binary.features).describe().digest;
    expect(d1).toMatch(/^[0-9a-f]{64}$/);
    expect(d2).toBe(d1);
    expect(d3).not.toBe(d1);
    expect(d4).not.toBe(d1);
  });

  test('bad inputs give error results, never a throw', async () => {
    const model = LogisticRegressionModel.fit('b', binaryTrain, ['0', '1'], binary.features);
    const results = await model.score([
      { kind: 'text', text: '0.5 0.5' },
      { kind: 'features', values: { f1: 0.5 } },
      { kind: 'features', values: { f1: Number.NaN, f2: 0.5 } },
      { kind: 'features', values: { f1: 0.5, f2: Infinity } },
      { kind: 'features', values: { f1: 0.5, f2: '0.5' as unknown as number } },
      { kind: 'features', values: { f1: 0.5, f2: 0.5, extra: 7 } }
    ]);
    expect(results.slice(0, 5).map((r) => r.status)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(results[1]).toEqual({ status: 'error', error: 'missing feature "f2"' });
    expect(results[5]?.status).toBe('ok');
    expect(() => model.inputGradient([0.5, 0.5], 'nope')).toThrow(/unknown label/);
    expect(() => model.predict([0.5])).toThrow(/expected 2/);
    expect(() => model.predict([0.5, Number.NaN])).toThrow(/finite/);
  });

  test('fit rejects unusable training data with a plain Error', () => {
    expect(() => LogisticRegressionModel.fit('b', binaryTrain, ['0', '1', '2'], binary.features)).toThrow(
      /no training rows for label\(s\) "2"/
    );
    expect(() => LogisticRegressionModel.fit('b', binaryTrain, ['0'], binary.features)).toThrow(/at least two labels/);
    expect(() =>
      LogisticRegressionModel.fit(
        'b',
        [...binaryTrain, example('bad', { f1: 0.5, f2: Number.NaN }, '1')],
        ['0', '1'],
        binary.features
      )
    ).toThrow(/row bad/);
    expect(() => LogisticRegressionModel.fit('b', binaryTrain, ['0', '1'], binary.features, 0)).toThrow(/C must be/);
  });

  test('a fit that does not converge on badly scaled features is a DataError naming the model and the remedy, with no data values', () => {
    let seed = 2027;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const gauss = () => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
    const inTrainCsv = (e: Example): Example => ({ ...e, file: 'data/train.csv' });
    // Features near 1e7 that differ by about 1: the logits cancel and the gradient never reaches 1e-12.
    const offset = Array.from({ length: 400 }, (_, i) => {
      const f0 = 1e7 + 100 * rand();
      const f1 = f0 + gauss();
      return inTrainCsv(example(`r${i}`, { f0, f1, f2: 2 * rand() }, f1 - f0 + 0.3 * gauss() > 0 ? 'pos' : 'neg', i));
    });
    // Values whose squares overflow: the Newton system is never positive definite.
    const huge = Array.from({ length: 100 }, (_, i) => {
      const a = 1e200 * (rand() - 0.5);
      return inTrainCsv(example(`h${i}`, { a }, a + 3e199 * (rand() - 0.5) > 0 ? 'p' : 'n', i));
    });
    const cases = [
      {
        fit: () => LogisticRegressionModel.fit('tab-lr', offset, ['neg', 'pos'], ['f0', 'f1', 'f2']),
        reason: 'no step along the Newton direction made progress'
      },
      {
        fit: () => LogisticRegressionModel.fit('tab-lr', huge, ['n', 'p'], ['a']),
        reason: 'the Newton system is not positive definite'
      }
    ];
    for (const { fit, reason } of cases) {
      let caught: unknown;
      try {
        fit();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataError);
      const message = (caught as DataError).message;
      expect((caught as DataError).kind).toBe('data');
      const steps = /did not converge in (\d+) Newton steps/.exec(message)?.[1];
      expect(Number(steps)).toBeLessThanOrEqual(200); // the solver's step limit (src/models/newton.ts)
      expect(
        message.startsWith(
          `data/train.csv: model "tab-lr": logistic regression did not converge in ${steps} Newton steps (${reason}); `
        )
      ).toBe(true);
      expect(message).toContain('too badly scaled');
      expect(message).toContain('no feature-scaling option');
      expect(message).toContain('standardise each column to mean 0 and standard deviation 1');
      expect(message).toContain('threat_model.constraints (linf_eps, bounds)');
      expect(message).not.toContain('\n');
      // No value from the data: the only numbers are the step count, "far from 0" and the standardisation's 0 and 1.
      expect(message.match(/\d[\d.e+-]*/g)).toEqual([steps, '0', '0', '1']);
    }
  });

  test('separable data converges thanks to the L2 term, however weak the penalty (C up to 1e8)', () => {
    const sep = loadFixture('__tests__/fixtures/logistic-separable.json');
    const train = sep.train.map((r, i) => example(r.id, r.features, r.label, i));
    const vectors = train.map((e) =>
      sep.features.map((f) => (e.input.kind === 'features' ? (e.input.values[f] as number) : NaN))
    );
    let previousNorm = 0;
    for (const C of [1, 1e2, 1e4, 1e6, 1e8]) {
      const model = LogisticRegressionModel.fit('s', train, ['0', '1'], sep.features, C);
      const { coef, intercept, iterations } = model.parameters();
      expect(iterations).toBeLessThanOrEqual(200);
      const w = coef[0] as number[];
      [...w, ...intercept].forEach((v) => expect(Number.isFinite(v)).toBe(true));
      // A weaker penalty lets the weights grow along the separating direction (1, 1).
      const norm = Math.hypot(...w);
      expect(norm).toBeGreaterThan(previousNorm);
      previousNorm = norm;
      expect(Math.abs((w[0] as number) / (w[1] as number) - 1)).toBeLessThan(0.5);
      const correct = train.filter((e, i) => model.predict(vectors[i] as number[]) === e.label).length;
      expect(correct / train.length).toBeGreaterThan(C >= 1e4 ? 0.99 : 0.9);
      if (C >= 1e6) expect(correct).toBe(train.length);
      if (process.env.LOGISTIC_REPORT)
        console.log(
          `separable C=${C}: ${iterations} Newton steps, |w| = ${norm.toPrecision(6)}, ${correct}/${train.length} correct`
        );
    }
  });

  test('fits 2,000 × 2 and 20,000 × 20 quickly', () => {
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const [n, d] of [
      [2000, 2],
      [20000, 20]
    ] as const) {
      const features = Array.from({ length: d }, (_, j) => `x${j}`);
      const train = Array.from({ length: n }, (_, i) => {
        const values: Record<string, number> = {};
        let s = 0;
        features.forEach((f, j) => {
          const v = rand();
          values[f] = v;
          s += (j % 2 === 0 ? 1 : -0.5) * v;
        });
        return example(`r${i}`, values, s + 0.3 * (rand() - 0.5) > d / 4 ? 'hi' : 'lo', i);
      });
      const t0 = performance.now();
      const model = LogisticRegressionModel.fit('perf', train, ['hi', 'lo'], features);
      const ms = performance.now() - t0;
      if (process.env.LOGISTIC_REPORT)
        console.log(`logistic fit ${n} × ${d}: ${ms.toFixed(0)} ms, ${model.parameters().iterations} Newton steps`);
      expect(ms).toBeLessThan(20000);
    }
  });
});
