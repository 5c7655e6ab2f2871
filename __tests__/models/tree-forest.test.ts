/**
 * Tree ensembles read from the formats' own files predict as the libraries do (SPEC §25.1): margins, predict_proba
 * and the classifier's label on held-out rows with missing values, zeros and values on, just below and just above
 * split thresholds. Expected values: scripts/golden/trees.py (XGBoost 1.7's and LightGBM 4's own predict).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { margins, scoresOf, type Forest } from '../../src/models/trees/forest.js';
import { readLightgbmText } from '../../src/models/trees/lightgbm-text.js';
import { readXgboostJson } from '../../src/models/trees/xgboost-json.js';
import { REPO_ROOT } from '../helpers.js';

interface Case {
  file: string;
  rows: (number | null)[][];
  margins: number[][];
  proba: number[][];
  labels: number[];
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/trees.json'), 'utf8')) as { cases: Case[] };

function load(file: string): Forest {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  return file.endsWith('.json') ? readXgboostJson(text) : readLightgbmText(text);
}

function argmax(v: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < v.length; i++) if ((v[i] as number) > (v[best] as number)) best = i;
  return best;
}

describe.each(golden.cases.map((c) => [c.file, c] as const))('%s', (_file, c) => {
  const forest = load(c.file);
  const rows = c.rows.map((r) => r.map((v) => (v === null ? NaN : v)));

  test('margins equal the library’s own raw sums', () => {
    // XGBoost sums in float32 as its predictor does: bit for bit. LightGBM sums doubles in the same order.
    const tolerance = forest.float32 ? 0 : 1e-12;
    rows.forEach((x, i) => {
      const ours = margins(forest, x);
      const theirs = c.margins[i] as number[];
      expect(ours.length).toBe(theirs.length);
      ours.forEach((m, k) => expect(Math.abs(m - (theirs[k] as number))).toBeLessThanOrEqual(tolerance));
    });
  });

  test('predict_proba within float32 rounding, and the same label on every row', () => {
    // XGBoost's float32 logistic and softmax, emulated step by step, agree bit for bit on these rows (a platform's expf
    // could differ from a rounded exp by one unit in the last place; none does here). LightGBM's doubles: 1e-15.
    const tolerance = forest.float32 ? 0 : 1e-15;
    let moved = 0;
    rows.forEach((x, i) => {
      const scores = scoresOf(forest, margins(forest, x));
      (c.proba[i] as number[]).forEach((p, k) =>
        expect(Math.abs((scores[k] as number) - p)).toBeLessThanOrEqual(tolerance)
      );
      expect([i, argmax(scores)]).toEqual([i, c.labels[i]]);
      if (argmax(scores) !== c.labels[0]) moved++;
    });
    // The rows are not all one class (the check above would then be weak).
    expect(moved).toBeGreaterThan(0);
  });
});

describe('rules the trained fixtures do not reach, on hand-built files', () => {
  const xgboost = (objective: string, attributes: Record<string, string> = {}) =>
    readXgboostJson(
      JSON.stringify({
        version: [3, 1, 0],
        learner: {
          attributes,
          feature_names: [],
          objective: { name: objective },
          learner_model_param: { base_score: '[2E-1]', num_class: '0', num_feature: '1' },
          gradient_booster: {
            name: 'gbtree',
            model: {
              gbtree_model_param: { num_parallel_tree: '1', num_trees: '2' },
              tree_info: [0, 0],
              trees: [0.5, 0.25].map((t) => ({
                tree_param: { size_leaf_vector: '1' },
                left_children: [1, -1, -1],
                right_children: [2, -1, -1],
                split_indices: [0, 0, 0],
                split_conditions: [t, -0.25, 0.75],
                default_left: [true, false, false],
                split_type: [0, 0, 0]
              }))
            }
          }
        }
      })
    );

  test('binary:logistic starts from the logit of base_score; early stopping keeps the rounds up to best_iteration', () => {
    const f32 = Math.fround;
    const logit = f32(-Math.log(f32(f32(1 / f32(0.2)) - 1)));
    // x = 0.3: left in the first tree (0.3 < 0.5), right in the second (0.3 ≥ 0.25); NaN goes left in both.
    expect(margins(xgboost('binary:logistic'), [0.3])).toEqual([f32(f32(logit + f32(-0.25)) + f32(0.75))]);
    expect(margins(xgboost('binary:logistic'), [NaN])).toEqual([f32(f32(logit + f32(-0.25)) + f32(-0.25))]);
    expect(margins(xgboost('binary:logistic', { best_iteration: '0' }), [0.3])).toEqual([f32(logit + f32(-0.25))]);
    expect(xgboost('binary:logistic', { best_iteration: '0' }).trees).toHaveLength(1);
    // binary:logitraw's wrapper reads the raw margin as a probability: refused rather than predicted otherwise.
    expect(() => xgboost('binary:logitraw')).toThrow(/learner\.objective\.name: expected one of binary:logistic/);
  });

  const lightgbm = (decisionType: number, threshold = '0.5') =>
    readLightgbmText(
      [
        'tree',
        'version=v4',
        'num_class=1',
        'num_tree_per_iteration=1',
        'label_index=0',
        'max_feature_idx=0',
        'objective=binary sigmoid:2',
        'feature_names=x',
        '',
        'Tree=0',
        'num_leaves=2',
        'num_cat=0',
        'split_feature=0',
        `threshold=${threshold}`,
        `decision_type=${decisionType}`,
        'left_child=-1',
        'right_child=-2',
        'leaf_value=-1 2',
        'shrinkage=1',
        '',
        'Tree=1',
        'num_leaves=1',
        'num_cat=0',
        'leaf_value=0.25',
        '',
        'end of trees',
        ''
      ].join('\n')
    );

  test('LightGBM missing types: none reads NaN as 0; zero sends values within 1e-35 of 0 to the default side', () => {
    // Missing type none (0), default right: NaN is 0, which is ≤ 0.5, so left.
    expect(margins(lightgbm(0), [NaN])).toEqual([-1 + 0.25]);
    // Missing type zero (4), default right (bit 1 clear): 0 and NaN go right.
    expect(margins(lightgbm(4), [0])).toEqual([2 + 0.25]);
    expect(margins(lightgbm(4), [NaN])).toEqual([2 + 0.25]);
    expect(margins(lightgbm(4), [1e-36])).toEqual([2 + 0.25]);
    // The band's edge is LightGBM's float 1e-35f (1.0000000180025095e-35), not the double 1e-35.
    expect(margins(lightgbm(4), [1.00000001e-35])).toEqual([2 + 0.25]);
    expect(margins(lightgbm(4), [1.00000002e-35])).toEqual([-1 + 0.25]);
    expect(margins(lightgbm(4), [0.4])).toEqual([-1 + 0.25]);
    // Missing type NaN (8) with default left (2): NaN left, 0 compared.
    expect(margins(lightgbm(10, '-0.5'), [NaN])).toEqual([-1 + 0.25]);
    expect(margins(lightgbm(10, '-0.5'), [0])).toEqual([2 + 0.25]);
    // ≤ in doubles: the threshold itself goes left; an `inf` threshold sends everything left.
    expect(margins(lightgbm(8), [0.5])).toEqual([-1 + 0.25]);
    expect(margins(lightgbm(8, 'inf'), [1e300])).toEqual([-1 + 0.25]);
    // sigmoid:2 scales the margin before the logistic.
    const p = scoresOf(lightgbm(8), [0.25]);
    expect(p[1]).toBeCloseTo(1 / (1 + Math.exp(-0.5)), 15);
  });
});
