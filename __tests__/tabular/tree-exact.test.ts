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
