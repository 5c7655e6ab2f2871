/**
 * The three-label example end to end: exact's success set and certificates equal the linprog
 * golden (scripts/golden/exact.py), every candidate of every attack lies in F(x), and each other
 * attack is graded against exact.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { REPO_ROOT, tempRepo } from '../helpers.js';

const CONFIG = 'examples/grading-tabular/evidence-gate.yml';
const FEATURES = ['x1', 'x2', 'age'];
const EPS = 0.015;
const BOUNDS: Record<string, [number, number]> = { x1: [0, 1], x2: [0.05, 0.95], age: [-Infinity, Infinity] };
const EDITABLE = new Set(['x1', 'x2']);

interface GoldenCase {
  name: string;
  rows: Array<{ id: string; success: boolean; certified: boolean; tie: boolean }>;
}

describe('the three-label grading example (full budget, end to end)', () => {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples/grading-tabular'), join(root, 'examples/grading-tabular'), { recursive: true });
  let rows: Array<Record<string, any>>;
  let metrics: Record<string, any>;
  let summary: string;

  beforeAll(async () => {
    const result = await run({ root, configPath: CONFIG, outputDir: 'out' });
    summary = result.summary;
    rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    metrics = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8'));
  });

  test('exact finds the failures and certificates that linprog finds, row by row', () => {
    const golden = (
      JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/exact.json'), 'utf8')).cases as GoldenCase[]
    ).find((c) => c.name === 'grading') as GoldenCase;
    const exact = rows.filter((r) => r.condition === 'exact' && r.eligible);
    expect(exact.map((r) => r.id)).toEqual(golden.rows.map((r) => r.id));
    expect(exact.map((r) => [r.id, r.success, r.certified, r.tie])).toEqual(
      golden.rows.map((r) => [r.id, r.success, r.certified, r.tie])
    );
    expect(exact.filter((r) => r.success).length).toBeGreaterThanOrEqual(24);
  });

  test('every candidate of every attack lies in F(x): bounds, budget, and the non-editable age unchanged', () => {
    const attacked = rows.filter((r) => r.condition !== 'clean');
    expect(attacked.length).toBe(600 * 6);
    for (const r of attacked) {
      for (const f of FEATURES) {
        const before = r.features[f] as number;
        const after = r.perturbed_features[f] as number;
        const [lo, hi] = BOUNDS[f] as [number, number];
        expect([r.id, r.condition, f, after >= lo && after <= hi]).toEqual([r.id, r.condition, f, true]);
        expect([r.id, r.condition, f, Math.abs(after - before) <= EPS + 1e-6]).toEqual([r.id, r.condition, f, true]);
        if (!EDITABLE.has(f)) expect(after).toBe(before);
      }
      // Rows an attack did not act on (the model was already wrong) keep x and carry no verdict.
      expect([r.id, r.condition, r.valid === true || (r.valid === null && !r.changed)]).toEqual([
        r.id,
        r.condition,
        true
      ]);
    }
  });

  test('square and boundary spend at most 1,000 queries per eligible row, none on the others, and no gradients', () => {
    for (const r of rows.filter((x) => x.condition === 'square' || x.condition === 'boundary')) {
      expect([r.id, r.gradient_evaluations]).toEqual([r.id, 0]);
      if (!r.eligible) expect([r.id, r.queries]).toEqual([r.id, 0]);
      else expect([r.id, r.queries >= 1 && r.queries <= 1000]).toEqual([r.id, true]);
      if (r.condition === 'square' && r.eligible && r.queries < 1000) expect([r.id, r.success]).toEqual([r.id, true]);
    }
  });

  test('pgd counts its work per row: 1 + one prediction per step, one gradient per step, at most 20 steps', () => {
    for (const r of rows.filter((x) => x.condition === 'pgd')) {
      if (!r.eligible) {
        expect([r.queries, r.gradient_evaluations]).toEqual([0, 0]);
        continue;
      }
      expect(r.queries).toBe(1 + r.gradient_evaluations);
      expect(r.gradient_evaluations).toBeGreaterThanOrEqual(1);
      expect(r.gradient_evaluations).toBeLessThanOrEqual(20);
      if (r.gradient_evaluations < 20) expect(r.success).toBe(true);
    }
  });

  test('strength of each attack against exact, with its counts, in metrics.json and the summary', () => {
    const m = metrics.models[0];
    const exactRows = rows.filter((r) => r.condition === 'exact');
    const fgmRows = rows.filter((r) => r.condition === 'fgm');
    const both = exactRows.filter((r) => r.tested && fgmRows.find((f) => f.id === r.id)?.tested);
    const n = both.filter((r) => fgmRows.find((f) => f.id === r.id)?.success).length;
    const N = both.filter((r) => r.success).length;
    expect(m.attack_strength[0]).toEqual({
      attack: 'fgm',
      strength: { value: n / N, numerator: n, denominator: N, status: 'ok', reason: null }
    });
    // PGD with 20 steps finds at least 95% of the failures exact proves.
    expect(m.attack_strength[1].attack).toBe('pgd');
    expect(m.attack_strength[1].strength.value).toBeGreaterThanOrEqual(0.95);
    // Square with 1,000 queries finds at least 90%; boundary is reported whatever it reaches.
    expect(m.attack_strength.map((s: any) => s.attack)).toEqual(['fgm', 'pgd', 'square', 'boundary']);
    expect(m.attack_strength[2].strength.value).toBeGreaterThanOrEqual(0.9);
    expect(m.attack_strength[3].strength.status).toBe('ok');
    for (const s of m.attack_strength)
      expect(summary).toContain(
        `| logistic\\-regression | ${s.attack} | ${s.strength.value.toFixed(2)} (${s.strength.numerator}/${s.strength.denominator}) |`
      );
    expect(m.exact_certificate.certified.numerator).toBe(exactRows.filter((r) => r.certified).length);
    expect(summary).toContain('## Attack strength against the exact worst case');
    expect(summary).toContain('Certified means: no point of the threat model');
    expect(summary).not.toContain('as expected: for a binary linear model');
    expect(summary).toContain(
      "the largest change any point of the feasible set can make to each rival label's logit gap"
    );
  });
});

describe('the same example with a targeted objective', () => {
  // Three labels, targeted: a target must beat every label, and the summary says so (exact.ts).
  test('the summary states what exact computes for a target', async () => {
    const root = tempRepo();
    cpSync(join(REPO_ROOT, 'examples/grading-tabular'), join(root, 'examples/grading-tabular'), { recursive: true });
    const config = readFileSync(join(root, CONFIG), 'utf8');
    const targeted = config
      .replace('objective: untargeted', 'objective: targeted')
      .replace(/^ *(?:pgd|square|boundary):.*\n/gm, '');
    expect(targeted).toContain('objective: targeted');
    writeFileSync(join(root, 'targeted.yml'), targeted);
    const result = await run({ root, configPath: 'targeted.yml', outputDir: 'out' });
    expect(result.summary).toContain('## Attack strength against the exact worst case');
    expect(result.summary).toContain(
      'the largest margin any point of the feasible set gives each protected target over every other label at once'
    );
    expect(result.summary).not.toContain("each rival label's logit gap");
  });
});
