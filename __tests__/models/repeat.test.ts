/**
 * `repeat: N` (docs/models.md#repeated-queries): N answers become the majority label (ties to
 * the first label in code-point order), the mean scores and the agreement; one failed answer
 * fails the input. The command and HTTP models ask every distinct input N times, round after
 * round, and count the requests of the later rounds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExampleInput } from '../../src/data/example.js';
import { HttpModel } from '../../src/models/http/http-model.js';
import { decisionOf, type ScoreResult } from '../../src/models/model.js';
import { askRepeatedly, combineAnswers } from '../../src/models/repeat.js';
import { isSuccess } from '../../src/perturb/search/objective.js';
import { tempRepo } from '../helpers.js';
import { fixture, model } from './external/helpers.js';
import { json, serve, type TestServer } from './http/servers.js';

const ABC = ['a', 'b', 'c'];
const ok = (scores: number[]): ScoreResult => ({ status: 'ok', scores });
const said = (label: string): ScoreResult => ({ status: 'ok', scores: null, label });

describe('combining N answers', () => {
  test('majority label, mean scores, agreement; the margin is the majority label’s mean score minus the best other’s', () => {
    // Argmaxes a, b, a: a wins 2 of 3, though the mean ranks b first (1.4/3 against 1.3/3).
    const r = combineAnswers(ABC, [ok([0.6, 0.3, 0.1]), ok([0.2, 0.7, 0.1]), ok([0.5, 0.4, 0.1])]);
    expect(r.status).toBe('ok');
    if (r.status !== 'ok' || r.scores === null) throw new Error('expected scores');
    expect(r.label).toBe('a');
    expect(r.agreement).toBe(2 / 3);
    expect(r.scores[0]).toBeCloseTo(1.3 / 3, 12);
    expect(r.scores[1]).toBeCloseTo(1.4 / 3, 12);
    expect(r.scores[2]).toBeCloseTo(0.1, 12);
    const d = decisionOf(ABC, r);
    expect(d?.prediction).toBe('a');
    expect(d?.margin).toBeCloseTo(-0.1 / 3, 12);
  });

  test('an attack succeeds by the majority, as the row’s prediction does, not by the mean’s argmax', () => {
    const r = combineAnswers(ABC, [ok([0.6, 0.3, 0.1]), ok([0.2, 0.7, 0.1]), ok([0.5, 0.4, 0.1])]);
    const objective = { labels: ABC, objective: 'untargeted' as const, transitions: [] };
    expect(isSuccess({ ...objective, gold: 'a' }, r)).toBe(false);
    expect(isSuccess({ ...objective, gold: 'b' }, r)).toBe(true);
  });

  test('unanimous answers: agreement 1 and the plain argmax decision', () => {
    const r = combineAnswers(ABC, [ok([0.1, 0.2, 0.7]), ok([0.3, 0.1, 0.6])]);
    expect(r).toMatchObject({ status: 'ok', label: 'c', agreement: 1 });
    expect(decisionOf(ABC, r)?.margin).toBeCloseTo(0.65 - 0.2, 12);
  });

  test('ties go to the first label in code-point order', () => {
    expect(combineAnswers(ABC, [ok([0, 1, 0]), ok([1, 0, 0])])).toMatchObject({ label: 'a', agreement: 0.5 });
    expect(combineAnswers(ABC, [said('c'), said('c'), said('b'), said('b')])).toMatchObject({
      label: 'b',
      agreement: 0.5
    });
    // Labels compare by code point: "B" (U+0042) precedes "a" (U+0061).
    expect(combineAnswers(['B', 'a'], [said('a'), said('B')])).toMatchObject({ label: 'B' });
  });

  test('label-only answers: majority and agreement, no scores; one label-only answer among scored ones drops the scores', () => {
    expect(combineAnswers(ABC, [said('b'), said('c'), said('b')])).toEqual({
      status: 'ok',
      scores: null,
      label: 'b',
      agreement: 2 / 3
    });
    expect(combineAnswers(ABC, [ok([0, 0, 1]), said('c'), said('a')])).toEqual({
      status: 'ok',
      scores: null,
      label: 'c',
      agreement: 2 / 3
    });
  });

  test('one failed answer fails the input with the first failure’s status and reason', () => {
    expect(
      combineAnswers(ABC, [said('a'), { status: 'error', error: 'malformed' }, { status: 'timeout', error: 'late' }])
    ).toEqual({ status: 'error', error: 'answer 2 of 3: malformed' });
    expect(combineAnswers(ABC, [{ status: 'timeout', error: 'late' }, said('a')])).toEqual({
      status: 'timeout',
      error: 'answer 1 of 2: late'
    });
    expect(combineAnswers(ABC, [ok([0.5, 0.5, Number.NaN]), said('a')])).toMatchObject({
      status: 'error',
      error: 'answer 1 of 2: expected 3 finite scores'
    });
  });

  test('askRepeatedly asks every input N times, one round after another', async () => {
    const inputs: ExampleInput[] = [
      { kind: 'text', text: 'x' },
      { kind: 'text', text: 'y' }
    ];
    const calls: string[][] = [];
    let round = 0;
    const results = await askRepeatedly(3, ABC, inputs, async (batch) => {
      calls.push(batch.map((i) => (i.kind === 'text' ? i.text : '')));
      round++;
      return batch.map((i) => said(i.kind === 'text' && i.text === 'x' && round === 2 ? 'b' : 'a'));
    });
    expect(calls).toEqual([
      ['x', 'y'],
      ['x', 'y'],
      ['x', 'y']
    ]);
    expect(results).toEqual([
      { status: 'ok', scores: null, label: 'a', agreement: 2 / 3 },
      { status: 'ok', scores: null, label: 'a', agreement: 1 }
    ]);
  });
});

describe('a command model with repeat', () => {
  test('each distinct text is sent N times; answers vary per call; repeated_requests counts the later rounds', async () => {
    const root = tempRepo();
    writeFileSync(
      join(root, 'script.json'),
      JSON.stringify({
        rules: [
          {
            contains: 'wobbly',
            answers: [
              { a: 0.9, b: 0.1 },
              { a: 0.2, b: 0.8 },
              { a: 0.4, b: 0.6 }
            ]
          }
        ],
        default: [{ a: 0.3, b: 0.7 }]
      })
    );
    const { m } = model({
      command: fixture(join(import.meta.dirname, 'external/fixtures/scripted-model.mjs'), join(root, 'script.json')),
      repeat: 3
    });
    try {
      const inputs: ExampleInput[] = [
        { kind: 'text', text: 'a wobbly one' },
        { kind: 'text', text: 'a steady one' }
      ];
      const [wobbly, steady] = await m.score(inputs);
      // Answers a (0.9), then b (0.8), then b (0.6): b wins 2 of 3; mean a = (0.9 + 0.2 + 0.4) / 3 = 0.5.
      expect(wobbly).toMatchObject({ status: 'ok', label: 'b', agreement: 2 / 3 });
      expect((wobbly as { scores: number[] }).scores[0]).toBeCloseTo(0.5, 12);
      expect(steady).toMatchObject({ status: 'ok', label: 'b', agreement: 1 });
      expect((steady as { scores: number[] }).scores[1]).toBeCloseTo(0.7, 12);
      expect(m.counters()).toMatchObject({ requests: 6, responses: 6, repeated_requests: 4 });
      expect(m.describe().params.repeat).toBe(3);
    } finally {
      await m.close();
    }
  });

  test('repeat 1 (or none): asked once, no repeat in the description or counters', async () => {
    const { m } = model();
    try {
      await m.score([{ kind: 'text', text: 'one' }]);
      expect(m.counters().requests).toBe(1);
      expect(m.counters()).not.toHaveProperty('repeated_requests');
      expect(m.describe().params).not.toHaveProperty('repeat');
    } finally {
      await m.close();
    }
  });
});

describe('an HTTP model with repeat', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  test('a server that answers differently on repeated calls: majority, agreement and requests = distinct texts × N', async () => {
    const asked = new Map<string, number>();
    const s = await serve((body, res) => {
      json(res, {
        outputs: body.inputs.map((i: { id: string; text: string }) => {
          const k = asked.get(i.text) ?? 0;
          asked.set(i.text, k + 1);
          // "flaky" says limitation on its first call only; everything else says result.
          return { id: i.id, label: i.text.includes('flaky') && k === 0 ? 'limitation' : 'result' };
        })
      });
    });
    servers.push(s);
    const plan = {
      name: 'api',
      url: s.url,
      format: 'evidence-gate' as const,
      headers: {},
      env: [],
      batch: 1,
      concurrency: 2,
      timeoutS: 5,
      retries: 0,
      probabilities: false,
      chat: null,
      seed: 7
    };
    const m = new HttpModel({ ...plan, repeat: 5 }, ['limitation', 'result']);
    const once = new HttpModel(plan, ['limitation', 'result']);
    const inputs: ExampleInput[] = ['flaky one', 'steady one', 'flaky one', 'third'].map((text) => ({
      kind: 'text',
      text
    }));
    const results = await m.score(inputs);
    expect(results.map((r) => (r.status === 'ok' ? [r.label, r.agreement] : r.status))).toEqual([
      ['result', 4 / 5],
      ['result', 1],
      ['result', 4 / 5],
      ['result', 1]
    ]);
    // Three distinct texts, five times each, one per request.
    expect(s.bodies).toHaveLength(15);
    expect([...asked.values()]).toEqual([5, 5, 5]);
    expect(m.counters()).toMatchObject({ requests: 15, repeated_requests: 12 });
    expect(m.describe().params).toMatchObject({ repeat: 5 });
    // repeat is how the model is asked, not which model it is.
    expect(m.describe().digest).toBe(once.describe().digest);
    expect(once.describe().params).not.toHaveProperty('repeat');
  });
});
