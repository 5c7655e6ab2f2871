/**
 * threat_model.against_policy through the whole engine (docs/search.md#against-the-policy): on
 * the bundled text and tabular examples a success is an accepted wrong decision; models without a
 * policy are unchanged; the manifest, summary and report say so; config errors; and with the key absent
 * or false the bundled examples' outputs are byte for byte what they were.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, verify } from '../../src/engine.js';
import { ConfigError } from '../../src/errors.js';
import { AGAINST_POLICY_HTML } from '../../src/report/html.js';
import { AGAINST_POLICY_LINE } from '../../src/report/summary.js';
import { REPO_ROOT, tempRepo, tinyRepo } from '../helpers.js';

type Row = Record<string, any>;
const OUTPUTS = ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md'];

/**
 * A copy of a bundled example with a tenth of its query budgets and bootstrap: whether a success is
 * judged against the policy does not depend on scale, and certified rows would spend full budgets.
 */
function copyExample(name: string): string {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples', name), join(root, 'examples', name), { recursive: true });
  const config = join(root, 'examples', name, 'evidence-gate.yml');
  const text = readFileSync(config, 'utf8');
  const small = text
    .replace(/queries: 1000\b/g, 'queries: 100')
    .replace(/queries: 200\b/, 'queries: 20')
    .replace('bootstrap_iterations: 1000, paired_iterations: 500', 'bootstrap_iterations: 100, paired_iterations: 50');
  expect(small).not.toBe(text);
  writeFileSync(config, small);
  return root;
}

/**
 * Inserts `line` (two-space indented) after the example's `access:` line and drops its first line
 * (a comment), so that the gate keys keep their line numbers (checks.json records them).
 */
function withThreatModelLine(root: string, config: string, line: string): void {
  const path = join(root, config);
  const text = readFileSync(path, 'utf8');
  expect(text.startsWith('#')).toBe(true);
  const at = text.indexOf('  access:');
  const end = text.indexOf('\n', at) + 1;
  writeFileSync(path, text.slice(text.indexOf('\n') + 1, end) + `  ${line}\n` + text.slice(end));
}

function rowsOf(root: string, out: string): Row[] {
  return readFileSync(join(root, out, 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Row);
}

const maxOf = (xs: number[]) => Math.max(...xs);

describe.each([
  ['academic-intent', 'examples/academic-intent/evidence-gate.yml', ''],
  ['inspection-tabular', 'examples/inspection-tabular/evidence-gate.yml', ''],
  // It declares no review policy: the policed run adds one on the margin.
  [
    'grading-tabular',
    'examples/grading-tabular/evidence-gate.yml',
    'selective: { abstain_below: { logistic-regression: { on: margin, threshold: 0.4 } } }\n'
  ]
])('%s', (name, config, policy) => {
  const root = copyExample(name);
  const policed = copyExample(name);
  const off = copyExample(name);
  let rows: Row[];
  let policedRows: Row[];
  let selective: Record<string, { on: string; threshold: number }>;

  beforeAll(async () => {
    withThreatModelLine(policed, config, 'against_policy: true');
    if (policy !== '') writeFileSync(join(policed, config), readFileSync(join(policed, config), 'utf8') + policy);
    withThreatModelLine(off, config, 'against_policy: false');
    await run({ root, configPath: config, outputDir: 'out' });
    await run({ root: off, configPath: config, outputDir: 'out' });
    await run({ root: policed, configPath: config, outputDir: 'out' });
    rows = rowsOf(root, 'out');
    policedRows = rowsOf(policed, 'out');
    selective = JSON.parse(readFileSync(join(policed, 'out/manifest.json'), 'utf8')).selective.abstain_below;
  });

  test('against_policy: false gives the same bytes as no key, and the manifest records nothing', () => {
    for (const file of OUTPUTS)
      expect(readFileSync(join(off, 'out', file), 'utf8')).toBe(readFileSync(join(root, 'out', file), 'utf8'));
    const manifest = JSON.parse(readFileSync(join(off, 'out/manifest.json'), 'utf8'));
    expect('against_policy' in manifest.threat_model).toBe(false);
  });

  test('true: every success is accepted by its model’s policy; wrong decisions the policy abstains on are not successes', () => {
    expect(Object.keys(selective).length).toBeGreaterThan(0);
    const problems: string[] = [];
    let abstainedWrong = 0;
    policedRows.forEach((r, i) => {
      const before = rows[i] as Row;
      const policy = selective[r.model];
      if (r.success === null) return;
      if (policy === undefined) {
        if (r.success !== before.success)
          problems.push(`${r.id}/${r.model}/${r.condition}: a model without a policy changed`);
        return;
      }
      const scores = r.scores === null ? null : (Object.values(r.scores) as number[]);
      const value = scores === null ? null : policy.on === 'probability' ? maxOf(scores) : r.margin;
      const accepted = value !== null && value >= policy.threshold;
      const wrong = r.tested && r.prediction !== r.label;
      if (r.success !== (wrong && accepted))
        problems.push(`${r.id}/${r.model}/${r.condition}: success ${r.success}, wrong ${wrong}, accepted ${accepted}`);
      if (wrong && !accepted) abstainedWrong++;
    });
    expect(problems).toEqual([]);
    expect(abstainedWrong).toBeGreaterThan(0);
  });

  test('true: a failing success check lists as many rows as its numerator counts (abstained moves are not listed)', () => {
    const checks = JSON.parse(readFileSync(join(policed, 'out/checks.json'), 'utf8')).checks as Row[];
    const listed = checks.filter(
      (c) =>
        /^(protected_transitions|attack_success)$/.test(c.check) &&
        c.examples !== undefined &&
        c.examples.count !== null
    );
    // The text example has abstained protected moves for naive-bayes (its policy): before, they were listed too.
    if (name === 'academic-intent') expect(listed.map((c) => c.id)).toContain('protected_transitions/naive-bayes');
    expect(
      listed
        .filter((c) => c.examples.count !== c.numerator)
        .map((c) => `${c.id}: ${c.examples.count} rows, numerator ${c.numerator}`)
    ).toEqual([]);
  });

  test('the manifest records it, the summary and the report say it in one line, and verify agrees', async () => {
    const manifest = JSON.parse(readFileSync(join(policed, 'out/manifest.json'), 'utf8'));
    expect(manifest.threat_model.against_policy).toBe(true);
    const summary = readFileSync(join(policed, 'out/summary.md'), 'utf8');
    expect(summary).toContain(AGAINST_POLICY_LINE);
    expect(readFileSync(join(root, 'out/summary.md'), 'utf8')).not.toContain(AGAINST_POLICY_LINE);
    expect(readFileSync(join(policed, 'out/report.html'), 'utf8')).toContain(AGAINST_POLICY_HTML);
    expect(readFileSync(join(root, 'out/report.html'), 'utf8')).not.toContain(AGAINST_POLICY_HTML);
    expect((await verify({ root: policed, cwd: policed, dir: 'out' })).differences).toEqual([]);
  });
});

/** A command that answers every request with scores. */
const SCORING_MODEL = `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, text } = JSON.parse(line);
  const r = /limit|caution|short|small/i.test(text) ? 0.2 : 0.8;
  process.stdout.write(JSON.stringify({ id, scores: { limitation: 1 - r, result: r } }) + '\\n');
});
`;

describe('config errors', () => {
  const attempt = async (threatModelLine: string, model = '  - naive-bayes\n') => {
    const root = tinyRepo({ 'model.mjs': SCORING_MODEL });
    const config = join(root, 'evidence-gate.yml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8')
        .replace('threat_model:\n  id: tm\n', `threat_model:\n  id: tm\n  ${threatModelLine}\n`)
        .replace('  - naive-bayes\n', model)
    );
    return run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' }).then(
      () => null,
      (e: Error) => e
    );
  };

  test('a value that is not true or false', async () => {
    const e = await attempt('against_policy: "yes"');
    expect(e).toBeInstanceOf(ConfigError);
    expect(e?.message).toMatch(/evidence-gate\.yml:\d+.*threat_model\.against_policy/);
  });

  test('a model that may answer with a label only (a command without probabilities: true)', async () => {
    const e = await attempt('against_policy: true', '  - { name: keyword, command: "node model.mjs" }\n');
    expect(e).toBeInstanceOf(ConfigError);
    expect(e?.message).toMatch(/evidence-gate\.yml:\d+.*threat_model\.against_policy/);
    expect(e?.message).toContain('expected every model to answer with scores');
    expect(e?.message).toContain('found external model "keyword", which may answer with a label only');
  });

  test('the same command declaring probabilities: true is accepted by the config', async () => {
    const e = await attempt(
      'against_policy: true',
      '  - { name: keyword, command: "node model.mjs", probabilities: true }\n'
    );
    expect(e).toBeNull();
  });
});
