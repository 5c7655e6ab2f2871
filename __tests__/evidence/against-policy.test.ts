/**
 * threat_model.against_policy on its own (docs/search.md#against-the-policy): the shared success
 * rule, the ledger masks it feeds, the search's margin to a confident wrong decision and pgd's
 * stop test, each on cases worked out by hand.
 */
import {
  isAttackSuccess,
  policyAccepts,
  policyValue,
  successPolicy,
  wrongUnderObjective
} from '../../src/evidence/attack-success.js';
import { evidenceRow, LABEL_ONLY_UNDER_POLICY } from '../../src/evidence/build-row.js';
import { ledgerMasks } from '../../src/evidence/ledger.js';
import type { ScoreResult } from '../../src/models/model.js';
import { editSpace, wordLimit } from '../../src/perturb/search/edits.js';
import { objectiveMargin, policyMargin } from '../../src/perturb/search/objective.js';
import { runSearch, type SearchTask } from '../../src/perturb/search/search.js';
import type { FeatureSpace } from '../../src/tabular/contract.js';
import { pgdCandidate } from '../../src/tabular/pgd.js';
import { staleReasons } from '../../src/pipeline/baseline.js';
import { LinearStub } from '../tabular/linear-stub.js';

const ABC = ['a', 'b', 'c'];
const prob = (threshold: number) => ({ on: 'probability' as const, threshold });
const margin = (threshold: number) => ({ on: 'margin' as const, threshold });

describe('the policy value and acceptance', () => {
  test('probability: the top score; margin: top − second; equal to the threshold is accepted', () => {
    expect(policyValue(prob(0.6), [0.2, 0.7, 0.1])).toBe(0.7);
    expect(policyValue(margin(0.3), [0.2, 0.7, 0.1])).toBeCloseTo(0.5, 12);
    expect(policyAccepts(prob(0.7), [0.2, 0.7, 0.1])).toBe(true);
    expect(policyAccepts(prob(0.71), [0.2, 0.7, 0.1])).toBe(false);
    expect(policyAccepts(margin(0.5), [0.25, 0.75, 0])).toBe(true);
    expect(policyAccepts(margin(0.51), [0.25, 0.75, 0])).toBe(false);
  });

  test('no policy accepts everything; a policy cannot judge a label-only answer', () => {
    expect(policyAccepts(null, [0.5, 0.5])).toBe(true);
    expect(policyAccepts(null, null)).toBe(true);
    expect(policyAccepts(prob(0.5), null)).toBeNull();
  });

  test('successPolicy: the model’s policy only when against_policy is on', () => {
    const selective = { abstainBelow: { nb: prob(0.6) } };
    const on = { threatModel: { againstPolicy: true }, selective } as never;
    const off = { threatModel: { againstPolicy: false }, selective } as never;
    expect(successPolicy(on, 'nb')).toEqual(prob(0.6));
    expect(successPolicy(on, 'other')).toBeNull();
    expect(successPolicy(off, 'nb')).toBeNull();
  });
});

describe('the success rule', () => {
  const untargeted = { objective: 'untargeted' as const, transitions: [] };
  const targeted = { objective: 'targeted' as const, transitions: [{ from: 'a', to: 'c' }] };

  test('untargeted: wrong and, under a policy, accepted', () => {
    // b wins with 0.55: wrong; accepted at 0.5, not at 0.6.
    const scores = [0.35, 0.55, 0.1];
    expect(isAttackSuccess({ ...untargeted, policy: null }, ABC, 'a', scores)).toBe(true);
    expect(isAttackSuccess({ ...untargeted, policy: prob(0.5) }, ABC, 'a', scores)).toBe(true);
    expect(isAttackSuccess({ ...untargeted, policy: prob(0.6) }, ABC, 'a', scores)).toBe(false);
    // margin 0.55 − 0.35 = 0.2.
    expect(isAttackSuccess({ ...untargeted, policy: margin(0.2) }, ABC, 'a', scores)).toBe(true);
    expect(isAttackSuccess({ ...untargeted, policy: margin(0.25) }, ABC, 'a', scores)).toBe(false);
    // A right decision is never a success, however confident.
    expect(isAttackSuccess({ ...untargeted, policy: prob(0.1) }, ABC, 'a', [0.9, 0.05, 0.05])).toBe(false);
  });

  test('targeted: only a protected target, and accepted', () => {
    expect(isAttackSuccess({ ...targeted, policy: null }, ABC, 'a', [0.2, 0.7, 0.1])).toBe(false);
    expect(isAttackSuccess({ ...targeted, policy: prob(0.6) }, ABC, 'a', [0.2, 0.1, 0.7])).toBe(true);
    expect(isAttackSuccess({ ...targeted, policy: prob(0.75) }, ABC, 'a', [0.2, 0.1, 0.7])).toBe(false);
    expect(wrongUnderObjective('targeted', targeted.transitions, 'a', 'c')).toBe(true);
    expect(wrongUnderObjective('targeted', targeted.transitions, 'b', 'c')).toBe(false);
  });

  test('a label-only answer: a success without a policy, never under one', () => {
    expect(isAttackSuccess({ ...untargeted, policy: null }, ABC, 'a', null, 'b')).toBe(true);
    expect(isAttackSuccess({ ...untargeted, policy: prob(0.5) }, ABC, 'a', null, 'b')).toBe(false);
  });
});

describe('ledger masks and evidence rows', () => {
  const base = {
    objective: 'untargeted' as const,
    transitions: [],
    gold: 'a',
    cleanOk: true,
    cleanPrediction: 'a',
    attempted: true,
    changed: true,
    valid: true,
    rowOk: true,
    prediction: 'b'
  };

  test('a wrong decision the policy abstains on is tested, not a success, not uncovered', () => {
    expect(ledgerMasks(base)).toMatchObject({ tested: true, success: true });
    expect(ledgerMasks({ ...base, accepted: true })).toMatchObject({ tested: true, success: true });
    expect(ledgerMasks({ ...base, accepted: false })).toMatchObject({
      eligible: true,
      tested: true,
      success: false,
      uncovered: false,
      uncovered_reason: null
    });
  });

  const facts = (result: ScoreResult, policy: { on: 'probability' | 'margin'; threshold: number } | null) => ({
    example: {
      id: 'x',
      split: 's',
      label: 'a',
      language: 'en',
      domain: null,
      input: { kind: 'text' as const, text: 't' }
    } as never,
    model: 'm',
    labels: ABC,
    condition: 'format' as const,
    clean: { status: 'ok' as const, scores: [0.8, 0.1, 0.1] },
    result,
    candidate: { attempted: true, changed: true, valid: true, invalidReason: null },
    masked: true,
    objective: 'untargeted' as const,
    transitions: [],
    text: 't',
    perturbedText: 'T',
    inputSha256: 'd',
    policy
  });

  test('an evidence row: success needs the perturbed decision accepted', () => {
    const wrong: ScoreResult = { status: 'ok', scores: [0.35, 0.55, 0.1] };
    expect(evidenceRow(facts(wrong, null)).success).toBe(true);
    expect(evidenceRow(facts(wrong, prob(0.5))).success).toBe(true);
    const abstained = evidenceRow(facts(wrong, prob(0.6)));
    expect(abstained).toMatchObject({ prediction: 'b', tested: true, success: false, status: 'ok' });
  });

  test('a label-only answer under a policy is a missing row with the reason', () => {
    const row = evidenceRow(facts({ status: 'ok', scores: null, label: 'b' }, prob(0.5)));
    expect(row).toMatchObject({
      status: 'error',
      error: LABEL_ONLY_UNDER_POLICY,
      tested: false,
      success: false,
      uncovered: true,
      uncovered_reason: 'missing'
    });
    expect(evidenceRow(facts({ status: 'ok', scores: null, label: 'b' }, null))).toMatchObject({
      status: 'ok',
      success: true
    });
  });
});

describe('the margin to a confident wrong decision', () => {
  const o = { labels: ABC, gold: 'a', objective: 'untargeted' as const, transitions: [] };

  test('untargeted, on probability (τ = 0.7): max(best other score − s_j, τ − s_j), least over j', () => {
    // j = b: r = 0.5 → max(0.1, 0.3) = 0.3; j = c: max(0.4, 0.6) = 0.6.
    expect(policyMargin(o, prob(0.7), [0.5, 0.4, 0.1])).toBeCloseTo(0.3, 12);
    // Wrong but not confident (0.65 < 0.7): max(−0.35, 0.05) = 0.05 > 0.
    expect(policyMargin(o, prob(0.7), [0.3, 0.65, 0.05])).toBeCloseTo(0.05, 12);
    // Confident and wrong: max(−0.55, −0.05) < 0.
    expect(policyMargin(o, prob(0.7), [0.2, 0.75, 0.05])).toBeCloseTo(-0.05, 12);
  });

  test('untargeted, on margin (τ = 0.3): max(r_j − s_j, τ − (s_j − r_j))', () => {
    // j = b: r = 0.5, s = 0.4 → max(0.1, 0.3 + 0.1) = 0.4.
    expect(policyMargin(o, margin(0.3), [0.5, 0.4, 0.1])).toBeCloseTo(0.4, 12);
    // j = b wins by 0.35 ≥ 0.3: max(−0.35, −0.05) = −0.05.
    expect(policyMargin(o, margin(0.3), [0.3, 0.65, 0.05])).toBeCloseTo(-0.05, 12);
    // Wins by 0.2 < 0.3: 0.1.
    expect(policyMargin(o, margin(0.3), [0.35, 0.55, 0.1])).toBeCloseTo(0.1, 12);
  });

  test('targeted: only the protected targets of gold, each against every other label', () => {
    const t = { ...o, objective: 'targeted' as const, transitions: [{ from: 'a', to: 'c' }] };
    // c must beat b (0.6) as well as a: max(0.6 − 0.3, 0.5 − 0.3) = 0.3; b's confident win does not count.
    expect(policyMargin(t, prob(0.5), [0.1, 0.6, 0.3])).toBeCloseTo(0.3, 12);
    expect(policyMargin(t, prob(0.5), [0.1, 0.3, 0.6])).toBeCloseTo(-0.1, 12);
  });

  test('its sign agrees with the success rule on a grid of score vectors (no ties)', () => {
    const rule = { objective: 'untargeted' as const, transitions: [] };
    for (const policy of [prob(0.55), margin(0.25)]) {
      for (let a = 0.01; a < 1; a += 0.07) {
        for (let b = 0.013; a + b < 1; b += 0.07) {
          const s = [a, b, 1 - a - b];
          const m = policyMargin(o, policy, s);
          if (Math.abs(m) < 1e-9) continue;
          expect(m < 0).toBe(isAttackSuccess({ ...rule, policy }, ABC, 'a', s));
        }
      }
    }
  });

  test('without a policy, objectiveMargin is the plain margin as before', () => {
    expect(objectiveMargin(o, [0.5, 0.4, 0.1])).toBeCloseTo(0.1, 12);
    expect(objectiveMargin({ ...o, policy: null }, [0.5, 0.4, 0.1])).toBeCloseTo(0.1, 12);
    expect(objectiveMargin({ ...o, policy: prob(0.7) }, [0.5, 0.4, 0.1])).toBeCloseTo(0.3, 12);
  });
});

describe('the search under a policy', () => {
  const TEXT = 'The results show a clear Gain although not 12% of samples were large';
  /** a = 0.9 − 0.15 × (words changed): wrong from 3 changed words (b = 0.55), b ≥ 0.69 from 4. */
  const score = async (texts: readonly string[]): Promise<ScoreResult[]> => {
    const base = TEXT.split(/\s+/);
    return texts.map((t) => {
      const changed = t.split(/\s+/).filter((w, i) => w !== base[i]).length;
      const a = Math.max(0, 0.9 - 0.15 * changed);
      return { status: 'ok', scores: [a, 1 - a] };
    });
  };
  const task = (policy: { on: 'probability'; threshold: number } | null): SearchTask => {
    const space = editSpace(TEXT, {
      seed: 7,
      id: 'x1',
      language: 'en',
      operators: ['transpose', 'format'],
      dictionary: undefined
    });
    return {
      labels: ['a', 'b'],
      gold: 'a',
      objective: 'untargeted',
      transitions: [],
      policy,
      seed: 7,
      id: 'x1',
      model: 'm',
      knowledge: 'scores',
      budget: 200,
      space,
      limit: wordLimit(space.words, 0.5),
      maxCharEditRatio: null,
      clean: { status: 'ok', scores: [0.9, 0.1] },
      score
    };
  };

  test('score-based: goes on past a wrong decision the policy would abstain on, to an accepted one', async () => {
    const plain = await runSearch(task(null));
    expect(plain.edits).toHaveLength(3);
    const policed = await runSearch(task(prob(0.69)));
    expect(policed.edits).toHaveLength(4);
    const scores = (policed.result as { scores: number[] }).scores;
    expect(scores[1]).toBeGreaterThanOrEqual(0.69);
    expect(policed.queries).toBeLessThanOrEqual(200);
  });

  test('label-only: stops only on an accepted wrong decision, then reduces while it stays accepted', async () => {
    const policed = await runSearch({ ...task(prob(0.69)), knowledge: 'labels' });
    expect(policed.edits).toHaveLength(4);
    expect((policed.result as { scores: number[] }).scores[1]).toBeGreaterThanOrEqual(0.69);
  });

  test('out of reach within the word limit: a wrong decision is not enough, the search ends without an accepted one', async () => {
    // Three words at most: b reaches 0.55 (wrong), never 0.69.
    const out = await runSearch({ ...task(prob(0.69)), limit: 3, budget: 40 });
    expect(out.queries).toBeLessThanOrEqual(40);
    expect(out.edits).toHaveLength(3);
    expect((out.result as { scores: number[] }).scores[1]).toBeLessThan(0.69);
  });
});

describe('pgd under a policy', () => {
  const space: FeatureSpace = {
    names: ['a', 'b'],
    eps: 0.5,
    editable: [true, true],
    lower: [-10, -10],
    upper: [10, 10]
  };
  /** p(1 | x) = σ(a + b − 1); probabilities [1 − p, p]. */
  class Scored extends LinearStub {
    readonly name = 'lin';
    readonly labels = ['0', '1'];
    probabilities(x: readonly number[]): number[] {
      const p = 1 / (1 + Math.exp(-this.logit(x)));
      return [1 - p, p];
    }
  }

  test('the first iterate that is wrong AND accepted is kept', () => {
    // Steps of 0.125 on both features from (0.4, 0.4): logit −0.2 + 0.25 k. Wrong from k = 1 (p = 0.512);
    // p ≥ 0.6 needs logit ≥ 0.405: k = 3 (logit 0.55, p = 0.634).
    const run = (policy: { on: 'probability'; threshold: number } | null) =>
      pgdCandidate(
        { id: 'r', x: [0.4, 0.4], gold: '0', targets: null, model: new Scored([1, 1], -1), space, seed: 1, policy },
        { steps: 20, stepSize: null, randomStart: false },
        { gradientEvaluations: 0, predictionEvaluations: 0 }
      );
    const plain = run(null);
    expect(plain.values[0]).toBeCloseTo(0.525, 12);
    expect(plain.work).toMatchObject({ gradientEvaluations: 1 });
    const policed = run(prob(0.6));
    expect(policed.values[0]).toBeCloseTo(0.775, 12);
    expect(policed.work).toMatchObject({ gradientEvaluations: 3 });
  });
});

test('a baseline whose success meant something else (against_policy differs) is stale', () => {
  const manifest = (against?: boolean) =>
    ({
      data: { files: [{ split: 'test', sha256: 'd' }] },
      threat_model: { id: 't', revision: '1', ...(against === undefined ? {} : { against_policy: against }) }
    }) as never;
  expect(staleReasons(manifest(), manifest())).toEqual([]);
  expect(staleReasons(manifest(true), manifest(true))).toEqual([]);
  expect(staleReasons(manifest(true), manifest())).toEqual(['threat_model.against_policy false → true']);
});
