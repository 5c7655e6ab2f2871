/**
 * `exact` under threat_model.against_policy through the engine: on the binary example, certified
 * means no accepted wrong decision in F(x) and the rows equal the linprog golden under the
 * example's own policy; on the three-label example there is no certificate and no strength, and
 * the summary says why.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { POLICY_NOT_EXACT } from '../../src/metrics/strength.js';
import { REPO_ROOT, tempRepo } from '../helpers.js';

type Row = Record<string, any>;

async function policed(
  example: string,
  extra = ''
): Promise<{ root: string; rows: Row[]; metrics: Row; checks: Row[]; summary: string }> {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples', example), join(root, 'examples', example), { recursive: true });
  const config = `examples/${example}/evidence-gate.yml`;
  const text = readFileSync(join(root, config), 'utf8').replace(/^( {2}access: .*\n)/m, '$1  against_policy: true\n');
  // Small black-box budgets: this test is about exact.
  writeFileSync(join(root, config), text.replace(/queries: 1000/g, 'queries: 20') + extra);
  const result = await run({ root, configPath: config, outputDir: 'out' });
  const rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
  const metrics = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8')) as Row;
  return { root, rows, metrics, checks: result.gate?.checks as unknown as Row[], summary: result.summary };
}

const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/exact.json'), 'utf8')).cases as Row[];

test('binary: certified = no accepted wrong decision; successes and certificates equal the golden under the example policy (probability 0.6)', async () => {
  const { rows, metrics } = await policed('inspection-tabular');
  const g = golden.find((c) => c.name === 'inspection-policy-probability-0.6') as Row;
  const exact = rows.filter((r) => r.condition === 'exact' && r.eligible);
  expect(exact.filter((r) => r.success).map((r) => r.id)).toEqual(g.success_ids);
  expect(exact.filter((r) => r.certified).length).toBe(g.certified);
  for (const r of exact) expect([r.id, r.exact, r.certified, r.tie]).toEqual([r.id, true, !r.success, false]);
  // A row exact certifies may still be moved to a wrong decision the policy abstains on.
  const abstained = exact.filter((r) => r.certified && r.prediction !== r.label);
  expect(abstained.length).toBeGreaterThan(0);
  const m = metrics.models[0];
  expect(m.exact_certificate.certified.numerator).toBe(g.certified);
  expect(m.attack_strength.find((s: Row) => s.attack === 'fgm').strength).toMatchObject({
    value: 1,
    numerator: g.successes,
    denominator: g.successes
  });
}, 120_000);

test('three labels: no certificate, exact is not marked exact, strengths are not applicable with the reason, and so is the strength gate', async () => {
  const { rows, metrics, checks, summary } = await policed(
    'grading-tabular',
    'selective: { abstain_below: { logistic-regression: { on: margin, threshold: 0.4 } } }\ngate: { min_attack_strength: { pgd: 0.9 } }\n'
  );
  const exact = rows.filter((r) => r.condition === 'exact');
  expect(exact.every((r) => r.certified === null && r.tie === null && r.exact === false)).toBe(true);
  const m = metrics.models[0];
  expect(m.exact_certificate.certified).toMatchObject({ status: 'not_applicable', reason: POLICY_NOT_EXACT });
  expect(m.attack_strength.map((s: Row) => [s.attack, s.strength.status])).toEqual([
    ['fgm', 'not_applicable'],
    ['pgd', 'not_applicable'],
    ['square', 'not_applicable'],
    ['boundary', 'not_applicable']
  ]);
  expect(checks.find((c) => c.id === 'attack_strength/logistic-regression/pgd')).toMatchObject({
    status: 'not_applicable',
    reason: POLICY_NOT_EXACT
  });
  expect(summary).toContain(`Not applicable in this run: ${POLICY_NOT_EXACT}.`);
  expect(summary).toContain('| logistic\\-regression | pgd | not applicable |');
}, 120_000);
