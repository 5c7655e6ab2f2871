/**
 * The three wire formats of an HTTP model (docs/http-models.md): how a batch of inputs becomes a
 * request body and how a response body becomes one answer per input. A response that cannot be
 * read as a whole fails every input of its request; a bad item fails only its input. Every
 * scored answer passes the same checks (src/models/score-check.ts), and untrusted text is masked
 * before a reason quotes and cuts it, so no piece of a secret survives the cut.
 */
import type { ExampleInput } from '../../data/example.js';
import { quote, ResponseParser, type OkResult } from '../external/protocol.js';
import { ScoreCheck, type Quote } from '../score-check.js';
import type { ChatOptions, HttpFailureKind, HttpFormat } from './contract.js';

type Answer = { ok: true; result: OkResult } | { ok: false; kind: HttpFailureKind; reason: string };

export interface WireFormat {
  /** Inputs in one request. */
  readonly perRequest: number;
  /** Where requests go. */
  readonly url: string;
  encode(items: ReadonlyArray<{ id: string; input: ExampleInput }>): string;
  /** One answer per item, in item order. */
  decode(body: string, ids: readonly string[]): Answer[];
}

const all = (n: number, kind: HttpFailureKind, reason: string): Answer[] =>
  Array.from({ length: n }, () => ({ ok: false as const, kind, reason }));

function parseJson(body: string, q: Quote): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    return { ok: false, reason: `malformed JSON response ${q(body)}` };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Case folding for answer matching: Unicode lower case of the trimmed text. */
const fold = (s: string): string => s.trim().toLowerCase();

/** How a format reads answers: the training labels, whether scores are probabilities, how secrets are hidden. */
interface AnswerRules {
  labels: readonly string[];
  probabilities: boolean;
  mask: (text: string) => string;
}

export function wireFormat(
  format: HttpFormat,
  url: string,
  batch: number,
  rules: AnswerRules,
  chat: ChatOptions | null
): WireFormat {
  const q: Quote = (text, max) => quote(rules.mask(text), max);
  const { labels, probabilities } = rules;
  if (format === 'huggingface') return huggingface(url, batch, new ScoreCheck(labels, probabilities, q), q);
  // Scores from log-probabilities are probabilities by construction; they pass the same checks.
  if (format === 'openai-chat') return openaiChat(url, labels, new ScoreCheck(labels, true, q), chat as ChatOptions, q);
  return evidenceGate(url, batch, new ResponseParser(labels, probabilities, rules.mask), q);
}

/**
 * `{"inputs": [{id, text|features}…]}` → `{"outputs": [{id, scores|label}…]}`, checked like the JSONL protocol's lines.
 */
function evidenceGate(url: string, batch: number, parser: ResponseParser, q: Quote): WireFormat {
  return {
    perRequest: batch,
    url,
    encode: (items) =>
      JSON.stringify({
        inputs: items.map(({ id, input }) =>
          input.kind === 'text' ? { id, text: input.text } : { id, features: input.values }
        )
      }),
    decode(body, ids) {
      const parsed = parseJson(body, q);
      if (!parsed.ok) return all(ids.length, 'malformed_json', parsed.reason);
      const value = parsed.value;
      if (!isObject(value) || !Array.isArray(value.outputs))
        return all(ids.length, 'bad_response', `response has no "outputs" list: ${q(body)}`);
      const outputs = value.outputs as unknown[];
      if (outputs.length !== ids.length)
        return all(ids.length, 'wrong_length', `the response has ${outputs.length} outputs for ${ids.length} inputs`);
      const index = new Map(ids.map((id, i) => [id, i]));
      const answers: Array<Answer | undefined> = new Array(ids.length);
      const strays: string[] = [];
      let kind: HttpFailureKind = 'bad_response';
      let why = 'an output without a usable id';
      for (const output of outputs) {
        const one = parser.parseValue(output, JSON.stringify(output) ?? '');
        if (!one.ok && one.id === null) {
          why = one.reason;
          continue;
        }
        const i = index.get(one.id as string);
        if (i === undefined) {
          strays.push(one.id as string);
          kind = 'unknown_id';
          continue;
        }
        if (answers[i] !== undefined) {
          kind = 'duplicate_response';
          why = `a second output for id ${q(one.id as string, 40)}`;
          continue;
        }
        answers[i] = one.ok
          ? { ok: true, result: one.result }
          : { ok: false, kind: one.failure as HttpFailureKind, reason: one.reason };
      }
      if (strays.length > 0)
        why = `the response named ids that were not sent: ${strays
          .slice(0, 3)
          .map((s) => q(s, 40))
          .join(', ')}`;
      return Array.from(answers, (a): Answer => a ?? { ok: false, kind, reason: `no output for this input (${why})` });
    }
  };
}

/**
 * `{"inputs": [text…]}` → per input a list of `{label, score}` (a single object is a list of
 * one). A list covering every training label gives scores; a shorter one (a pipeline's top-k)
 * gives its best label only.
 */
function huggingface(url: string, batch: number, check: ScoreCheck, q: Quote): WireFormat {
  return {
    perRequest: batch,
    url,
    encode: (items) => JSON.stringify({ inputs: items.map(({ input }) => (input.kind === 'text' ? input.text : '')) }),
    decode(body, ids) {
      const parsed = parseJson(body, q);
      if (!parsed.ok) return all(ids.length, 'malformed_json', parsed.reason);
      const value = parsed.value;
      if (!Array.isArray(value))
        return all(ids.length, 'bad_response', `expected a list with one entry per input, found ${q(body)}`);
      if (value.length !== ids.length)
        return all(ids.length, 'wrong_length', `the response has ${value.length} entries for ${ids.length} inputs`);
      return value.map((entry: unknown): Answer => {
        const list = isObject(entry) ? [entry] : entry;
        if (
          !Array.isArray(list) ||
          list.length === 0 ||
          !list.every((x) => isObject(x) && typeof x.label === 'string')
        ) {
          return {
            ok: false,
            kind: 'bad_response',
            reason: `expected a list of {label, score}, found ${q(JSON.stringify(entry) ?? '')}`
          };
        }
        const pairs = (list as Array<{ label: string; score: unknown }>).map((x): [string, unknown] => [
          x.label,
          x.score
        ]);
        // Top-k answers: the best one is the prediction, without scores.
        const checked = check.pairs(pairs, true);
        if (!checked.ok) return { ok: false, kind: checked.failure, reason: checked.reason };
        if (checked.scores !== null) return { ok: true, result: { status: 'ok', scores: checked.scores } };
        return { ok: true, result: { status: 'ok', scores: null, label: checked.label } };
      });
    }
  };
}

/** One chat completion per input; the answer names a label, or the first token's log-probabilities score the labels. */
function openaiChat(
  base: string,
  labels: readonly string[],
  check: ScoreCheck,
  chat: ChatOptions,
  q: Quote
): WireFormat {
  const byFold = new Map(labels.map((l) => [fold(l), l]));
  const labelList = labels.join(', ');
  return {
    perRequest: 1,
    url: chatUrl(base),
    encode(items) {
      const input = (items[0] as { input: ExampleInput }).input;
      const text = input.kind === 'text' ? input.text : JSON.stringify(input.values);
      // One pass, so a `{labels}` inside the text is left as the text wrote it.
      const content = chat.prompt.replace(/\{(text|labels)\}/g, (_, key: string) =>
        key === 'text' ? text : labelList
      );
      const body: Record<string, unknown> = {
        model: chat.model,
        temperature: chat.temperature,
        messages: [{ role: 'user', content }]
      };
      if (chat.logprobs) Object.assign(body, { logprobs: true, top_logprobs: 20, max_tokens: 16 });
      return JSON.stringify(body);
    },
    decode(body, ids) {
      const parsed = parseJson(body, q);
      if (!parsed.ok) return all(ids.length, 'malformed_json', parsed.reason);
      const value = parsed.value;
      const choice = isObject(value) && Array.isArray(value.choices) ? (value.choices[0] as unknown) : undefined;
      const message = isObject(choice) && isObject(choice.message) ? choice.message : undefined;
      if (message === undefined || typeof message.content !== 'string')
        return all(ids.length, 'bad_response', `expected choices[0].message.content, found ${q(body)}`);
      const answer = message.content;
      const label = byFold.get(fold(answer));
      const scores = chat.logprobs && isObject(choice) ? firstTokenScores(labels, choice.logprobs) : null;
      if (scores !== null) {
        const checked = check.values(scores);
        if (!checked.ok) return [{ ok: false, kind: checked.failure, reason: checked.reason }];
        return [{ ok: true, result: { status: 'ok', scores: checked.scores } }];
      }
      if (label === undefined)
        return [{ ok: false, kind: 'unmapped_answer', reason: `the answer ${q(answer, 60)} is not one of the labels` }];
      return [{ ok: true, result: { status: 'ok', scores: null, label } }];
    }
  };
}

/** `url` is the API base (…/v1): the chat endpoint below it, query string kept. */
export function chatUrl(base: string): string {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/chat/completions`;
  return u.toString();
}

/**
 * Scores from the first generated token's top log-probabilities: each label takes the
 * probability of the longest candidate token its folded text starts with; the label scores are
 * renormalised to sum to 1. Null when no label matches any candidate (the answer text decides).
 */
export function firstTokenScores(labels: readonly string[], logprobs: unknown): number[] | null {
  const content = isObject(logprobs) && Array.isArray(logprobs.content) ? (logprobs.content[0] as unknown) : undefined;
  const top = isObject(content) && Array.isArray(content.top_logprobs) ? content.top_logprobs : null;
  if (top === null) return null;
  const candidates = top.flatMap((t: unknown) =>
    isObject(t) &&
    typeof t.token === 'string' &&
    typeof t.logprob === 'number' &&
    Number.isFinite(t.logprob) &&
    fold(t.token) !== ''
      ? [{ token: fold(t.token), p: Math.exp(t.logprob) }]
      : []
  );
  const raw = labels.map((l) => {
    const f = fold(l);
    let best = { len: 0, p: 0 };
    for (const c of candidates)
      if (f.startsWith(c.token) && c.token.length > best.len) best = { len: c.token.length, p: c.p };
    return best.p;
  });
  const sum = raw.reduce((a, b) => a + b, 0);
  return sum > 0 ? raw.map((p) => p / sum) : null;
}
