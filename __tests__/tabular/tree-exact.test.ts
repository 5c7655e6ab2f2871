/**
 * Tabular `exact` on tree ensembles (SPEC §25.3): on every golden row, the success or certificate equals what the
 * libraries' own predict gives over one point per cell of F(x) (scripts/golden/trees_exact.py, thresholds read from
 * the libraries' dumps), for XGBoost and LightGBM, two and three labels, untargeted and targeted, two budgets, and a
 * category that may move to its neighbours (XGBoost's partition splits, LightGBM's category sets); every
 * success's candidate lies in F(x) and is a success by the model's own scores.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Forest } from '../../src/models/trees/forest.js';
import { readLightgbmText } from '../../src/models/trees/lightgbm-text.js';
import { readXgboostJson } from '../../src/models/trees/xgboost-json.js';
import type { FeatureSpace, TreeView } from '../../src/tabular/contract.js';
import { treeExact, treePrediction } from '../../src/tabular/tree-exact.js';
import { validateCandidate } from '../../src/tabular/validity.js';
import { REPO_ROOT } from '../helpers.js';

interface GoldenRow {
  x: number[];
  gold: number;
  success: boolean;
  points: number;
}
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/trees-exact.json'), 'utf8')) as {
  editable: number[];
  bounds: Record<string, [number, number]>;
  cases: { file: string; eps: number; target: number | null; editable?: number[]; rows: GoldenRow[] }[];
};

function load(file: string): Forest {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8');
  return file.endsWith('.json') ? readXgboostJson(text) : readLightgbmText(text);
}

function viewOf(forest: Forest): TreeView {
  const classes = forest.link === 'sigmoid' ? 2 : forest.outputs;
  const labels = Array.from({ length: classes }, (_, k) => String(k));
  return { forest, featureAt: [0, 1, 2, 3], classOf: labels.map((_, k) => k), labels };
}

function spaceOf(eps: number, editable = golden.editable): FeatureSpace {
  const names = ['f0', 'f1', 'f2', 'f3'];
  return {
    names,
    editable: names.map((_, i) => editable.includes(i)),
    lower: names.map((_, i) => golden.bounds[String(i)]?.[0] ?? -Infinity),
    upper: names.map((_, i) => golden.bounds[String(i)]?.[1] ?? Infinity),
    eps
  };
}

test('the golden cases hold successes and certificates under both objectives', () => {
  const rows = golden.cases.flatMap((c) => c.rows);
  expect(rows.filter((r) => r.success).length).toBeGreaterThan(100);
  expect(rows.filter((r) => !r.success).length).toBeGreaterThan(100);
  expect(golden.cases.some((c) => c.target !== null && c.rows.some((r) => r.success))).toBe(true);
});

describe.each(golden.cases.map((c) => [`${c.file} eps ${c.eps} target ${c.target}`, c] as const))('%s', (_n, c) => {
  const view = viewOf(load(c.file));
  const space = spaceOf(c.eps, c.editable);

  test('success or certified, row by row, as the library decides every cell', () => {
    for (const r of c.rows) {
      const gold = String(r.gold);
      expect(treePrediction(view, r.x)).toBe(gold);
      const targets = c.target === null ? null : [String(c.target)];
      const out = treeExact(r.x, gold, targets, view, space, null);
      expect([r.x, out.certified === false && out.tie === false]).toEqual([r.x, r.success]);
      if (!r.success) expect(out.certified).toBe(true);
      else {
        expect(validateCandidate(r.x, out.candidate, space)).toBeNull();
        const moved = treePrediction(view, out.candidate);
        expect(targets === null ? moved !== gold : moved === targets[0]).toBe(true);
      }
    }
  });
});

test('a row whose search needs more boxes than the limit is undecided: nothing claimed, the row kept', () => {
  const c = golden.cases.find((k) => k.eps === 0.4 && k.target === null) as (typeof golden.cases)[number];
  const view = viewOf(load(c.file));
  // A success: the root's bound cannot rule it out, so the search must open boxes.
  const r = c.rows.find((k) => k.success) as GoldenRow;
  const out = treeExact(r.x, String(r.gold), null, view, spaceOf(c.eps), null, 1);
  expect(out).toMatchObject({ candidate: r.x, certified: null, tie: null });
  expect(out.boxes).toBeGreaterThan(1);
  expect(treeExact(r.x, String(r.gold), null, view, spaceOf(c.eps), null).certified).toBe(false);
});

test('the bound prunes: a certified row at a small budget opens few boxes', () => {
  const c = golden.cases.find((k) => k.eps === 0.05 && k.target === null) as (typeof golden.cases)[number];
  const view = viewOf(load(c.file));
  const opened = c.rows
    .filter((r) => !r.success)
    .map((r) => treeExact(r.x, String(r.gold), null, view, spaceOf(c.eps), null).boxes);
  const points = c.rows.filter((r) => !r.success).map((r) => r.points);
  expect(opened.reduce((a, b) => a + b, 0)).toBeLessThan(points.reduce((a, b) => a + b, 0));
});

describe('cases the trained fixtures do not reach (found in review)', () => {
  const leafTree = (
    feature: number,
    threshold: number,
    left: number,
    right: number,
    categories: ReadonlySet<number> | null = null
  ): Forest['trees'][number] => ({
    feature: Int32Array.from([feature, -1, -1]),
    threshold: Float64Array.from([threshold, 0, 0]),
    left: Int32Array.from([1, -1, -1]),
    right: Int32Array.from([2, -1, -1]),
    defaultLeft: Uint8Array.from([0, 0, 0]),
    missing: Uint8Array.from([2, 0, 0]),
    value: Float64Array.from([0, left, right]),
    categories: [categories, null, null],
    output: 0
  });
  const binary = (trees: Forest['trees'], float32: boolean): TreeView => ({
    forest: {
      format: float32 ? 'xgboost' : 'lightgbm',
      version: 'test',
      objective: 'binary',
      trees,
      outputs: 1,
      base: [0],
      link: 'sigmoid',
      sigmoidScale: 1,
      featureNames: null,
      featureCount: 1,
      float32
    },
    featureAt: [0],
    classOf: [0, 1],
    labels: ['0', '1']
  });
  const space = (eps: number): FeatureSpace => ({
    names: ['f0'],
    editable: [true],
    lower: [-Infinity],
    upper: [Infinity],
    eps
  });

  test('XGBoost: margins too close for float32 to tell apart are a success the bound must not rule out', () => {
    // Class 1 at x = 1 (margin 1e-6); below 0.5 the margin 1e-8 gives probabilities [0.5, 0.5], so class 0 wins.
    const view = binary([leafTree(0, Math.fround(0.5), 1e-8, 1e-6)], true);
    expect(treePrediction(view, [1])).toBe('1');
    const out = treeExact([1], '1', null, view, space(1), null);
    expect(out.certified).toBe(false);
    expect(treePrediction(view, out.candidate)).toBe('0');
  });

  test('LightGBM: a feature split by category and by threshold has pieces open on the left', () => {
    // Category 2 (left, +1) with v ≤ 2.5 (left, −1.2): only (2.5, 3) gives a positive margin.
    const view = binary([leafTree(0, 0, 1, -1, new Set([2])), leafTree(0, 2.5, -1.2, 0.5)], false);
    expect(treePrediction(view, [2.2])).toBe('0');
    const out = treeExact([2.2], '0', null, view, space(1), null);
    expect(out.certified).toBe(false);
    expect(out.candidate[0]).toBeGreaterThan(2.5);
    expect(out.candidate[0]).toBeLessThan(3);
  });
});
