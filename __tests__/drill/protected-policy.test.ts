/**
 * Under threat_model.against_policy the rows behind a check are the rows the check counts
 * (docs/definitions.md#drill-down, docs/search.md#against-the-policy): a protected move the
 * review policy abstains on is tested and no success, so it is neither in the protected-transition
 * numerator nor among that check's rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { jsonl, tempRepo } from '../helpers.js';

/**
 * A command model with scores: a text without the appended sentence reads as a limitation (0.9);
 * with it, as a result — with 0.9 when the text holds the word "sure", else with 0.6.
 */
const MODEL = `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, text } = JSON.parse(line);
  const moved = text.includes('See the appendix.');
  const result = !moved ? 0.1 : /\\bsure\\b/.test(text) ? 0.9 : 0.6;
  process.stdout.write(JSON.stringify({ id, scores: { limitation: 1 - result, result } }) + '\\n');
});
`;

const CONFIG = `version: 1
threat_model:
  id: tm
  objective: untargeted
  protected_transitions:
    - { from: limitation, to: result }
  against_policy: true
  attacks:
    append: { sentences: { en: "See the appendix." } }
data:
  train: data/train.jsonl
  evaluate:
    controlled: data/controlled.jsonl
models:
  - { name: keyword, command: "node model.mjs", probabilities: true }
selective: { abstain_below: { keyword: { on: probability, threshold: 0.7 } } }
`;

const TRAIN = [
  { id: 't1', text: 'results show a gain', label: 'result', language: 'en' },
  { id: 't2', text: 'one limitation is the sample', label: 'limitation', language: 'en' }
];

// a1, a2: moved to result with 0.9 (accepted: 0.9 ≥ 0.7); a3–a5: moved with 0.6 (abstained);
// r1: gold result, read as a limitation on clean text, so not eligible.
const CONTROLLED = [
  { id: 'a1', text: 'sure the sample was small', label: 'limitation', language: 'en' },
  { id: 'a2', text: 'sure the window was short', label: 'limitation', language: 'en' },
  { id: 'a3', text: 'the sample was small', label: 'limitation', language: 'en' },
  { id: 'a4', text: 'the window was short', label: 'limitation', language: 'en' },
  { id: 'a5', text: 'the data was thin', label: 'limitation', language: 'en' },
  { id: 'r1', text: 'results show a gain', label: 'result', language: 'en' }
];

interface Check {
  id: string;
  status: string;
  numerator: number | null;
  denominator: number | null;
  examples?: { count: number | null; shown: Array<{ id: string; condition: string }> };
}

describe('drill-down under against_policy', () => {
  let checks: Check[];
  let rows: Array<Record<string, unknown>>;

  beforeAll(async () => {
    const root = tempRepo({
      'evidence-gate.yml': CONFIG,
      'model.mjs': MODEL,
      'data/train.jsonl': jsonl(TRAIN),
      'data/controlled.jsonl': jsonl(CONTROLLED)
    });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    checks = (JSON.parse(readFileSync(join(root, 'out/checks.json'), 'utf8')) as { checks: Check[] }).checks;
    rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  });

  const check = (id: string) => checks.find((c) => c.id === id) as Check;

  test('the evidence: five protected moves tested, two accepted (successes), three abstained', () => {
    const append = rows.filter((r) => r.condition === 'append');
    expect(append.filter((r) => r.tested === true).map((r) => r.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(append.filter((r) => r.prediction === 'result' && r.label === 'limitation').map((r) => r.id)).toEqual([
      'a1',
      'a2',
      'a3',
      'a4',
      'a5'
    ]);
    expect(append.filter((r) => r.success === true).map((r) => r.id)).toEqual(['a1', 'a2']);
  });

  test('protected transitions: 2 of 5 tested, and the rows listed are those 2', () => {
    const c = check('protected_transitions/keyword');
    expect([c.status, c.numerator, c.denominator]).toEqual(['fail', 2, 5]);
    expect(c.examples?.count).toBe(2);
    expect(c.examples?.shown.map((r) => r.id).sort()).toEqual(['a1', 'a2']);
  });

  test('attack success (append and the union): the rows listed are the numerator’s', () => {
    for (const id of ['attack_success/keyword/append', 'attack_success/keyword/union']) {
      const c = check(id);
      expect([id, c.status, c.numerator, c.denominator]).toEqual([id, 'fail', 2, 5]);
      expect(c.examples?.count).toBe(2);
      expect(c.examples?.shown.map((r) => r.id).sort()).toEqual(['a1', 'a2']);
    }
  });
});
