/** The huggingface and openai-chat formats against real loopback servers. */
import type { ExampleInput } from '../../../src/data/example.js';
import type { ChatOptions, HttpModelPlan } from '../../../src/models/http/contract.js';
import { chatUrl, firstTokenScores } from '../../../src/models/http/formats.js';
import { HttpModel } from '../../../src/models/http/http-model.js';
import { json, serve, type TestServer } from './servers.js';

const LABELS = ['limitation', 'result'];
const texts = (...t: string[]): ExampleInput[] => t.map((text) => ({ kind: 'text', text }));
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(handler: Parameters<typeof serve>[0], path?: string): Promise<TestServer> {
  const s = await serve(handler, path);
  servers.push(s);
  return s;
}
function plan(url: string, extra: Partial<HttpModelPlan>): HttpModelPlan {
  return {
    name: 'api',
    url,
    format: 'evidence-gate',
    headers: {},
    env: [],
    batch: 8,
    concurrency: 2,
    timeoutS: 5,
    retries: 0,
    probabilities: false,
    chat: null,
    seed: 1,
    ...extra
  };
}

describe('huggingface', () => {
  test('{"inputs": [text…]} → a list of {label, score} per input: every label gives scores; a top-1 list gives the label', async () => {
    const s = await server((body, res) =>
      json(
        res,
        body.inputs.map((t: string) =>
          t.startsWith('top')
            ? [{ label: 'result', score: 0.9 }]
            : t.startsWith('one')
              ? { label: 'limitation', score: 0.6 }
              : [
                  { label: 'result', score: 0.3 },
                  { label: 'limitation', score: 0.7 }
                ]
        )
      )
    );
    const model = new HttpModel(plan(s.url, { format: 'huggingface' }), LABELS);
    const results = await model.score(texts('all labels', 'top only', 'one object'));
    expect(s.bodies[0]).toEqual({ inputs: ['all labels', 'top only', 'one object'] });
    expect(results).toEqual([
      { status: 'ok', scores: [0.7, 0.3] },
      { status: 'ok', scores: null, label: 'result' },
      { status: 'ok', scores: null, label: 'limitation' }
    ]);
  });

  test.each([
    [
      'wrong length',
      (n: number) => Array.from({ length: n + 1 }, () => [{ label: 'result', score: 1 }]),
      /2 entries for 1 inputs/
    ],
    [
      'a label outside the training labels',
      () => [[{ label: 'LABEL_7', score: 1 }]],
      /"LABEL_7" is not a training label/
    ],
    [
      'a non-finite score',
      () => [
        [
          { label: 'result', score: 'NaN' },
          { label: 'limitation', score: 0 }
        ]
      ],
      /not a finite number/
    ],
    ['not a list', () => ({ error: 'model loading' }), /expected a list with one entry per input/]
  ])('%s is an error row', async (_name, answer, reason) => {
    const s = await server((body, res) => json(res, answer(body.inputs.length)));
    const model = new HttpModel(plan(s.url, { format: 'huggingface' }), LABELS);
    const [result] = await model.score(texts('x'));
    expect(result).toMatchObject({ status: 'error', error: expect.stringMatching(reason) });
  });
});

describe('huggingface answers pass the checks of every model (src/models/score-check.ts)', () => {
  const THREE = ['gap', 'limitation', 'result'];
  const hf = (...entries: Array<{ label: string; score: unknown }>) => [entries];
  test.each([
    [
      'scores outside [0, 1] declared as probabilities',
      true,
      hf({ label: 'gap', score: 5 }, { label: 'limitation', score: -3 }, { label: 'result', score: -1 }),
      'not_probabilities',
      /score for "gap" is not a probability: 5/
    ],
    [
      'probabilities that do not sum to 1',
      true,
      hf({ label: 'gap', score: 0.5 }, { label: 'limitation', score: 0.5 }, { label: 'result', score: 0.5 }),
      'not_probabilities',
      /sum to 1\.5, not 1/
    ],
    [
      'a label given twice',
      false,
      hf({ label: 'gap', score: 0.2 }, { label: 'gap', score: 0.7 }, { label: 'result', score: 0.1 }),
      'duplicate_label',
      /label "gap" is given more than once/
    ],
    [
      'a label given twice in a top-k list',
      false,
      hf({ label: 'gap', score: 0.2 }, { label: 'gap', score: 0.7 }),
      'duplicate_label',
      /"gap" is given more than once/
    ],
    [
      'a top-k list whose score is not a probability',
      true,
      hf({ label: 'gap', score: 1.5 }),
      'not_probabilities',
      /"gap" is not a probability: 1\.5/
    ],
    [
      'a top-k list summing past 1',
      true,
      hf({ label: 'gap', score: 0.7 }, { label: 'result', score: 0.8 }),
      'not_probabilities',
      /sum to 1\.5, more than 1/
    ]
  ])('%s is an error row', async (_name, probabilities, answer, kind, reason) => {
    const s = await server((_b, res) => json(res, answer));
    const model = new HttpModel(plan(s.url, { format: 'huggingface', probabilities }), THREE);
    const [result] = await model.score(texts('x'));
    expect(result).toEqual({ status: 'error', error: expect.stringMatching(reason) });
    expect(model.counters().failures).toEqual({ [kind]: 1 });
  });

  test('probabilities and a top-k list within [0, 1] are accepted', async () => {
    const s = await server((body, res) =>
      json(
        res,
        body.inputs.map((t: string) =>
          t === 'all'
            ? [
                { label: 'result', score: 0.25 },
                { label: 'gap', score: 0.5 },
                { label: 'limitation', score: 0.25 }
              ]
            : [
                { label: 'gap', score: 0.4 },
                { label: 'result', score: 0.6 }
              ]
        )
      )
    );
    const model = new HttpModel(plan(s.url, { format: 'huggingface', probabilities: true }), THREE);
    expect(await model.score(texts('all', 'top'))).toEqual([
      { status: 'ok', scores: [0.5, 0.25, 0.25] },
      { status: 'ok', scores: null, label: 'result' }
    ]);
  });
});

describe('openai-chat', () => {
  const chat = (extra: Partial<ChatOptions> = {}): ChatOptions => ({
    prompt: 'Classify: {text}\nAnswer with one of: {labels}',
    model: 'tiny',
    temperature: 0,
    logprobs: false,
    ...extra
  });

  test('one completion per input at url + /chat/completions; the answer is mapped by trim + case folding', async () => {
    const s = await server((body, res) => {
      const text: string = body.messages[0].content;
      const content = text.includes('window') ? '  Limitation\n' : text.includes('gain') ? 'RESULT' : 'I am not sure';
      json(res, { choices: [{ message: { role: 'assistant', content } }] });
    }, '/v1/chat/completions');
    const model = new HttpModel(
      plan(s.url.replace('/chat/completions', ''), { format: 'openai-chat', batch: 1, chat: chat() }),
      LABELS
    );
    const results = await model.score(texts('a short window {labels}', 'a gain', 'hm'));
    expect(s.bodies).toHaveLength(3);
    const first = s.bodies.find((b: any) => b.messages[0].content.includes('window')) as any;
    expect(first).toEqual({
      model: 'tiny',
      temperature: 0,
      messages: [{ role: 'user', content: 'Classify: a short window {labels}\nAnswer with one of: limitation, result' }]
    });
    expect(results).toEqual([
      { status: 'ok', scores: null, label: 'limitation' },
      { status: 'ok', scores: null, label: 'result' },
      { status: 'error', error: 'the answer "I am not sure" is not one of the labels' }
    ]);
    expect(model.counters().failures).toEqual({ unmapped_answer: 1 });
  });

  test("logprobs: true asks for them; the labels' first tokens, renormalised, are the scores", async () => {
    const s = await server(
      (_b, res) =>
        json(res, {
          choices: [
            {
              message: { content: 'limitation' },
              logprobs: {
                content: [
                  {
                    token: 'lim',
                    logprob: Math.log(0.6),
                    top_logprobs: [
                      { token: 'lim', logprob: Math.log(0.6) },
                      { token: ' result', logprob: Math.log(0.2) },
                      { token: 'The', logprob: Math.log(0.2) }
                    ]
                  }
                ]
              }
            }
          ]
        }),
      '/v1/chat/completions'
    );
    const model = new HttpModel(
      plan(s.url.replace('/chat/completions', ''), {
        format: 'openai-chat',
        batch: 1,
        probabilities: true,
        chat: chat({ logprobs: true })
      }),
      LABELS
    );
    const [result] = await model.score(texts('x'));
    expect((s.bodies[0] as any).logprobs).toBe(true);
    expect(result?.status).toBe('ok');
    const scores = (result as { scores: number[] }).scores;
    expect(scores[0]).toBeCloseTo(0.75, 12);
    expect(scores[1]).toBeCloseTo(0.25, 12);
  });

  test('the chat URL keeps the base path and query', () => {
    expect(chatUrl('https://api.example/v1/')).toBe('https://api.example/v1/chat/completions');
    expect(chatUrl('http://127.0.0.1:9/openai/v1?api-version=2')).toBe(
      'http://127.0.0.1:9/openai/v1/chat/completions?api-version=2'
    );
  });

  test('no candidate token matches a label: no scores', () => {
    expect(firstTokenScores(LABELS, { content: [{ top_logprobs: [{ token: 'Hello', logprob: -0.1 }] }] })).toBeNull();
  });
});
