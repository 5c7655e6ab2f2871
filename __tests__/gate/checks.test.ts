import type { GatePlan, Threshold } from '../../src/config/plan.js';
import { GATE_DEFAULTS_V1, GATE_KEYS } from '../../src/config/defaults.js';
import { decideCheck } from '../../src/gate/check.js';
import { evaluateGate } from '../../src/gate/checks.js';
import type { Metrics, ModelMetrics } from '../../src/metrics/metrics.js';
import { count, notApplicable, rate } from '../../src/metrics/figure.js';
import { fraction } from '../../src/util/fraction.js';
import { generalizationGap } from '../../src/metrics/gap.js';

function threshold(value: number, key = 'gate.x'): Threshold {
  return { value, configKey: key, isDefault: false, line: 7 };
}

function gatePlan(
  overrides: Partial<Record<string, number>> = {},
  models = ['m'],
  allowNotEvaluated = false
): GatePlan {
  const thresholds = Object.fromEntries(
    GATE_KEYS.map((k) => [
      k,
      {
        value: overrides[k] ?? GATE_DEFAULTS_V1[k],
        configKey: `gate.${k}`,
        isDefault: overrides[k] === undefined,
        line: 3
      }
    ])
  ) as GatePlan['thresholds'];
  return { thresholds, families: {}, allowNotEvaluated, models, requireBaseline: false };
}

function modelMetrics(
  model: string,
  controlled: [number, number],
  challenge: [number, number],
  missing = 0
): ModelMetrics {
  const accuracy = [
    {
      scope: 'all',
      split: null,
      language: null,
      figure: rate(controlled[0] + challenge[0], controlled[1] + challenge[1])
    },
    { scope: 'controlled', split: 'controlled', language: null, figure: rate(...controlled) },
    { scope: 'challenge', split: 'challenge', language: null, figure: rate(...challenge) },
    { scope: 'challenge/en', split: 'challenge', language: 'en', figure: rate(...challenge) }
  ];
  return {
    model,
    probabilities: false,
    label_only: false,
    missing_rows: count(missing, controlled[1] + challenge[1]),
    accuracy,
    classification: [],
    generalization_gap_pp: generalizationGap(accuracy[1]!.figure, accuracy[2]!.figure),
    robustness: [],
    ledger: [],
    union: [],
    protected_transitions: [],
    selective: [],
    reliability: null,
    abstention: null
  };
}

function metrics(models: ModelMetrics[], challengeRows = 60): Metrics {
  return {
    schema_version: 1,
    task: 'text',
    attack_families: ['format', 'transpose', 'dictionary', 'append'],
    labels: ['a', 'b'],
    conditions_evaluated: ['clean'],
    prng: { name: 'x', derivation: 'y', bootstrap: 'z', seed: 1 },
    data: {
      rows: { controlled: 100, challenge: challengeRows },
      challenge_examples: count(challengeRows, 100 + challengeRows),
      language_examples: [
        { scope: 'challenge/en', split: 'challenge', language: 'en', figure: count(challengeRows, challengeRows) }
      ],
      length_psi: { value: 0.1, numerator: null, denominator: challengeRows, status: 'ok', reason: null },
      length_histogram: { edges: [0, 5], counts: { controlled: [100], challenge: [challengeRows] } },
      language_jsd: { value: 0, numerator: null, denominator: challengeRows, status: 'ok', reason: null },
      label_jsd: { value: 0, numerator: null, denominator: challengeRows, status: 'ok', reason: null },
      train_overlap: []
    },
    models,
    comparisons: []
  };
}

describe('a single check', () => {
  test('a value exactly at its threshold passes, in both directions', () => {
    const atMin = decideCheck({
      check: 'c',
      key: 'min_challenge_accuracy',
      subject: 'm',
      scope: 's',
      direction: 'min',
      threshold: threshold(0.75),
      figure: rate(3, 4),
      exact: fraction(3, 4)
    });
    const atMax = decideCheck({
      check: 'c',
      key: 'max_flip_rate',
      subject: 'm',
      scope: 's',
      direction: 'max',
      threshold: threshold(0.2),
      figure: rate(1, 5),
      exact: fraction(1, 5)
    });
    expect(atMin.status).toBe('pass');
    expect(atMax.status).toBe('pass');
  });

  test('compares fractions exactly: 29/50 meets 0.58, 57/100 does not, 7/12 passes a 0.58 floor', () => {
    const check = (n: number, d: number) =>
      decideCheck({
        check: 'c',
        key: 'min_language_accuracy',
        subject: 'm',
        scope: 's',
        direction: 'min',
        threshold: threshold(0.58),
        figure: rate(n, d),
        exact: fraction(n, d)
      }).status;
    expect(check(29, 50)).toBe('pass');
    expect(check(57, 100)).toBe('fail');
    expect(check(7, 12)).toBe('pass');
  });

  test('zero denominator is not evaluated, never a pass or 0%', () => {
    const c = decideCheck({
      check: 'c',
      key: 'min_challenge_accuracy',
      subject: 'm',
      scope: 's',
      direction: 'min',
      threshold: threshold(0.75),
      figure: rate(0, 0)
    });
    expect(c.status).toBe('not_evaluated');
    expect(c.value).toBeNull();
    expect(c.denominator).toBe(0);
  });

  test('a not-applicable figure stays not applicable', () => {
    const c = decideCheck({
      check: 'c',
      key: 'min_challenge_accuracy',
      subject: 'm',
      scope: 's',
      direction: 'min',
      threshold: threshold(0.75),
      figure: notApplicable('no challenge split')
    });
    expect(c.status).toBe('not_applicable');
    expect(c.reason).toBe('no challenge split');
  });

  test('ids are <check>/<subject>[/<qualifier>] and carry key, line and counts', () => {
    const c = decideCheck({
      check: 'language_accuracy',
      key: 'min_language_accuracy',
      subject: 'nb',
      qualifier: 'pt',
      scope: 'challenge/pt',
      direction: 'min',
      threshold: threshold(0.58, 'gate.min_language_accuracy'),
      figure: rate(11, 18),
      exact: fraction(11, 18)
    });
    expect(c).toMatchObject({
      id: 'language_accuracy/nb/pt',
      config_key: 'gate.min_language_accuracy',
      config_line: 7,
      numerator: 11,
      denominator: 18,
      status: 'pass'
    });
  });
});

describe('the gate', () => {
  test('passes when every check passes', () => {
    const g = evaluateGate(metrics([modelMetrics('m', [90, 100], [50, 60])]), gatePlan());
    expect(g.failing).toEqual([]);
    expect(g.verdict).toBe('pass');
  });

  test('generalization gap is exact: 80/100 − 58/100 = 22 pp passes a 22 pp ceiling', () => {
    const g = evaluateGate(
      metrics([modelMetrics('m', [80, 100], [58, 100])], 100),
      gatePlan({ min_challenge_accuracy: 0.5, min_language_accuracy: 0.5 })
    );
    const gap = g.checks.find((c) => c.id === 'generalization_gap/m');
    expect(gap?.status).toBe('pass');
    expect(gap?.value).toBeCloseTo(22, 9);
    // 0.8 - 0.58 in doubles is 0.22000000000000008: a float comparison would fail this check.
    expect(100 * (0.8 - 0.58) > 22).toBe(true);
  });

  test('one failing check fails the gate and no other check offsets it', () => {
    const g = evaluateGate(metrics([modelMetrics('m', [100, 100], [60, 60], 1)]), gatePlan());
    expect(g.verdict).toBe('fail');
    expect(g.failing).toEqual(['missing_rows/m']);
    expect(g.counts.fail).toBe(1);
  });

  test('not evaluated blocks unless allowed; not applicable never blocks', () => {
    const m = modelMetrics('m', [90, 100], [50, 60]);
    m.accuracy[3] = { scope: 'challenge/en', split: 'challenge', language: 'en', figure: rate(0, 0) };
    expect(evaluateGate(metrics([m]), gatePlan()).verdict).toBe('fail');
    expect(evaluateGate(metrics([m]), gatePlan({}, ['m'], true)).verdict).toBe('pass');
    const noChallenge = metrics([modelMetrics('m', [90, 100], [50, 60])]);
    noChallenge.data.challenge_examples = notApplicable('no challenge split');
    noChallenge.data.language_examples = [];
    noChallenge.data.length_psi = notApplicable('no challenge split');
    noChallenge.models[0]!.accuracy = noChallenge.models[0]!.accuracy.filter((a) => a.split !== 'challenge');
    noChallenge.models[0]!.generalization_gap_pp = notApplicable('no challenge split');
    const g = evaluateGate(noChallenge, gatePlan());
    const na = g.checks.filter((c) => c.status === 'not_applicable').map((c) => c.id);
    expect(na.slice(0, 4)).toEqual([
      'challenge_examples/data',
      'length_psi/data',
      'challenge_accuracy/m',
      'generalization_gap/m'
    ]);
    // No family configured: every family, union and protected-transition check is not applicable.
    for (const family of ['format', 'transpose', 'dictionary', 'append']) {
      for (const check of ['changed_examples', 'flip_rate', 'accuracy_drop', 'eligible_coverage', 'attack_success'])
        expect(na).toContain(`${check}/m/${family}`);
    }
    expect(na).toEqual(
      expect.arrayContaining(['eligible_coverage/m/union', 'attack_success/m/union', 'protected_transitions/m'])
    );
    expect(g.checks.find((c) => c.id === 'flip_rate/m/format')?.reason).toBe(
      'the format family is not configured in threat_model.attacks'
    );
    expect(g.verdict).toBe('pass');
  });

  test('models outside gate.models are reported but never block', () => {
    const g = evaluateGate(
      metrics([modelMetrics('a', [90, 100], [50, 60]), modelMetrics('b', [90, 100], [10, 60])]),
      gatePlan({}, ['a'])
    );
    const b = g.checks.find((c) => c.id === 'challenge_accuracy/b');
    expect(b).toMatchObject({ status: 'fail', judged: false });
    expect(g.verdict).toBe('pass');
  });

  test('the challenge example count fails below its minimum', () => {
    const g = evaluateGate(metrics([modelMetrics('m', [90, 100], [40, 49])], 49), gatePlan());
    expect(g.checks.find((c) => c.id === 'challenge_examples/data')).toMatchObject({
      value: 49,
      status: 'fail',
      threshold: 50
    });
  });
});
