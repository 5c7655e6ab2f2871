/** The bundled inspection example end to end (SPEC §13): ledger, accounting, determinism. */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { REPO_ROOT, tempRepo } from '../helpers.js';

const CONFIG = 'examples/inspection-tabular/evidence-gate.yml';
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

function exampleRepo(): string {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples/inspection-tabular'), join(root, 'examples/inspection-tabular'), {
    recursive: true
  });
  return root;
}

describe('the bundled inspection example (full budget, end to end)', () => {
  const root = exampleRepo();
  let result: Awaited<ReturnType<typeof run>>;
  let rows: Array<Record<string, any>>;
  let metrics: Record<string, any>;
  let manifest: Record<string, any>;

  beforeAll(async () => {
    result = await run({ root, configPath: CONFIG, outputDir: 'out' });
    rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    metrics = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8'));
    manifest = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
  });

  test('1,000 test rows × 1 model × 7 conditions, with feature vectors in every row', () => {
    expect(rows).toHaveLength(7000);
    expect(rows.slice(0, 7).map((r) => r.condition)).toEqual([
      'clean',
      'noise',
      'fgm',
      'pgd',
      'square',
      'boundary',
      'exact'
    ]);
    // The config has `exact`, an attack that reports per-row work: every tabular row carries those fields.
    expect(Object.keys(rows[0]!).slice(-7)).toEqual([
      'features',
      'perturbed_features',
      'exact',
      'queries',
      'gradient_evaluations',
      'certified',
      'tie'
    ]);
    expect(Object.keys(rows[0]!.features)).toEqual(['x1', 'x2']);
  });

  test('ledger invariants: successes ≤ tested ≤ eligible ≤ N, and FGM never touches initially wrong rows', () => {
    const fgm = rows.filter((r) => r.condition === 'fgm');
    const eligible = fgm.filter((r) => r.eligible).length;
    const tested = fgm.filter((r) => r.tested).length;
    const successes = fgm.filter((r) => r.success).length;
    expect(successes).toBeLessThanOrEqual(tested);
    expect(tested).toBeLessThanOrEqual(eligible);
    expect(eligible).toBeLessThanOrEqual(fgm.length);
    for (const r of fgm) {
      if (r.clean_prediction !== r.label) expect(r).toMatchObject({ changed: false, valid: null, eligible: false });
      expect(r.exact).toBe(true);
    }
    const ledger = metrics.models[0].ledger.find((l: any) => l.family === 'fgm' && l.scope === 'all');
    expect([ledger.eligible.value, ledger.tested.value, ledger.successes.value]).toEqual([eligible, tested, successes]);
    // Same order as the seed article: about 96% clean, about 20% conditional success.
    expect(eligible / 1000).toBeGreaterThan(0.9);
    expect(successes / tested).toBeGreaterThan(0.1);
    expect(successes / tested).toBeLessThan(0.3);
  });

  test('every candidate is inside the box and the L∞ ball', () => {
    for (const r of rows.filter((x) => x.perturbed_features)) {
      for (const f of ['x1', 'x2']) {
        const after = r.perturbed_features[f];
        expect(after).toBeGreaterThanOrEqual(0);
        expect(after).toBeLessThanOrEqual(1);
        expect(Math.abs(after - r.features[f])).toBeLessThanOrEqual(0.05 + 1e-6);
      }
      if (r.changed) expect(r.valid).toBe(true);
    }
  });

  test('post-attack errors over all rows = clean errors + successes, and the work counters match', () => {
    const m = metrics.models[0];
    const fgm = m.accounting.find((a: any) => a.condition === 'fgm' && a.scope === 'all');
    const ledger = m.ledger.find((l: any) => l.family === 'fgm' && l.scope === 'all');
    const cleanWrong = 1000 - ledger.eligible.value;
    expect(fgm.post_test_errors.numerator).toBe(cleanWrong + ledger.successes.value);
    expect(fgm.error_induction).toMatchObject({
      numerator: ledger.successes.value,
      denominator: ledger.eligible.value
    });
    const counters = manifest.counters[0];
    // FGM: 1 gradient and 2 predictions per eligible row; the model's counters add the per-row work of PGD and the black-box attacks.
    const fgmRows = rows.filter((r) => r.condition === 'fgm');
    expect(fgmRows.reduce((n, r) => n + r.gradient_evaluations, 0)).toBe(ledger.eligible.value);
    expect(fgmRows.reduce((n, r) => n + r.queries, 0)).toBe(2 * ledger.eligible.value);
    const attackRows = rows.filter((r) => ['fgm', 'pgd', 'square', 'boundary'].includes(r.condition));
    expect(counters.gradientEvaluations).toBe(attackRows.reduce((n, r) => n + r.gradient_evaluations, 0));
    expect(counters.predictionEvaluations).toBe(attackRows.reduce((n, r) => n + r.queries, 0));
    expect(m.worked_examples).toHaveLength(3);
    expect(m.worked_examples.every((w: any) => w.success)).toBe(true);
    // Breaches of the protected outcome (1 → 0) come first.
    expect(m.worked_examples[0]).toMatchObject({ label: '1', clean_prediction: '1', prediction: '0' });
    const conditions = ['clean', 'noise', 'fgm', 'pgd', 'square', 'boundary', 'exact'];
    expect(m.abstention.map((a: any) => a.condition)).toEqual([...conditions, ...conditions]);
  });

  test('checks that need a challenge split or languages are not applicable; fgm is judged', () => {
    const byId = (id: string) => result.gate?.checks.find((c) => c.id === id);
    for (const id of [
      'challenge_examples/data',
      'length_psi/data',
      'challenge_accuracy/logistic-regression',
      'generalization_gap/logistic-regression'
    ]) {
      expect(byId(id)?.status).toBe('not_applicable');
    }
    expect(byId('attack_success/logistic-regression/fgm')?.status).toMatch(/^(pass|fail)$/);
    expect(byId('eligible_coverage/logistic-regression/fgm')?.status).toBe('pass');
    expect(result.gate?.checks.some((c) => c.id.endsWith('/format'))).toBe(false);
    expect(result.summary).toContain('## Attack accounting (all rows)');
    expect(result.summary).toContain('### Worked examples');
    const ledger = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8')).models[0].ledger.find(
      (l: any) => l.family === 'fgm' && l.scope === 'all'
    );
    const attackRows = rows.filter((r) => ['fgm', 'pgd', 'square', 'boundary'].includes(r.condition));
    const gradients = attackRows.reduce((n, r) => n + r.gradient_evaluations, 0);
    const predictions = attackRows.reduce((n, r) => n + r.queries, 0);
    expect(ledger.eligible.value).toBeGreaterThan(0);
    expect(result.summary).toContain(`${gradients} gradient and ${predictions} prediction evaluations`);
  });

  test('the manifest states the L∞ threat model and the validity rule', () => {
    expect(manifest.threat_model.attacks.map((a: any) => a.family)).toEqual([
      'noise',
      'fgm',
      'pgd',
      'square',
      'boundary',
      'exact'
    ]);
    expect(manifest.threat_model.attacks[1].parameters).toMatchObject({
      eps: 0.05,
      editable: ['x1', 'x2'],
      bounds: { x1: [0, 1], x2: [0, 1] }
    });
    expect(manifest.models[0]).toMatchObject({ kind: 'logistic-regression', probabilities: true });
    // The numbers each iterative or black-box attack ran with, defaults filled in (pgd's step eps/4 = 0.0125).
    expect(manifest.threat_model.attacks.map((a: any) => a.parameters.settings ?? null)).toEqual([
      null,
      null,
      { steps: 20, step_size: 0.0125, random_start: false },
      { queries: 1000, p_init: 0.3 },
      { queries: 1000 },
      // exact's default per (row, tree model); the logistic regression's closed form never comes near it.
      { time_limit_ms: 2000 }
    ]);
  });

  test('exact: FGM finds every failure exact proves (strength 1.0) and the summary says why; certified rows are exactly the eligible rows without a success', () => {
    const m = metrics.models[0];
    const exact = rows.filter((r) => r.condition === 'exact');
    const fgm = new Map(rows.filter((r) => r.condition === 'fgm').map((r) => [r.id, r]));
    for (const r of exact) {
      expect([r.id, r.success]).toEqual([r.id, fgm.get(r.id)?.success]);
      expect([r.id, r.certified]).toEqual([r.id, r.eligible ? !r.success : null]);
    }
    const failures = exact.filter((r) => r.success).length;
    expect(m.attack_strength[0]).toEqual({
      attack: 'fgm',
      strength: { value: 1, numerator: failures, denominator: failures, status: 'ok', reason: null }
    });
    expect(m.attack_strength[1].attack).toBe('pgd');
    expect(result.summary).toContain(
      `| logistic\\-regression | fgm | 1.00 (${failures}/${failures}) | as expected: for a binary linear model one clipped sign step is the exact worst case |`
    );
  });

  test('worked rows per attack: the features changed, the decision, the queries and gradients of that row', () => {
    const worked = metrics.models[0].attack_examples as Array<Record<string, any>>;
    expect([...new Set(worked.map((w) => w.condition))]).toEqual(['fgm', 'pgd', 'square', 'boundary', 'exact']);
    for (const w of worked) {
      const r = rows.find((x) => x.condition === w.condition && x.id === w.id) as Record<string, any>;
      expect(w.queries).toBe(r.queries);
      expect(w.gradient_evaluations).toBe(r.gradient_evaluations);
      expect(w.changed).toEqual(
        ['x1', 'x2']
          .filter((f) => r.perturbed_features[f] !== r.features[f])
          .map((f) => ({ feature: f, from: r.features[f], to: r.perturbed_features[f] }))
      );
    }
    expect(result.summary).toContain(
      '| model | attack | id | changed features (original → perturbed) | label | prediction | queries | gradient evaluations |'
    );
    const square = worked.find((w) => w.condition === 'square') as Record<string, any>;
    expect(result.summary).toContain(`| logistic\\-regression | square | ${square.id.replace('-', '\\-')} |`);
  });

  test('is deterministic', async () => {
    const again = exampleRepo();
    await run({ root: again, configPath: CONFIG, outputDir: 'out' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md']) {
      expect(sha(readFileSync(join(again, 'out', f)))).toBe(sha(readFileSync(join(root, 'out', f))));
    }
  });
});
