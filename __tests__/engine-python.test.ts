/**
 * Python models through the whole engine (docs/models.md#python-models): the bundled
 * examples/python-model config runs as written (the Python chosen by the tests' interpreter
 * helper stands in for `python3`), twice with byte-identical outputs, with the model's identity and
 * runtime in the manifest; the search reaches it like any command model.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { run } from '../src/engine.js';
import { REPO_ROOT, tempRepo } from './helpers.js';
import { python, pythonSuite } from './models/python/interpreter.js';

const CONFIG = 'examples/python-model/evidence-gate.yml';

/** A copy of the example (and the data it reads) whose Python models run the tests' interpreter. */
function exampleCopy(): string {
  const root = tempRepo();
  for (const folder of ['academic-intent', 'python-model'])
    cpSync(join(REPO_ROOT, 'examples', folder), join(root, 'examples', folder), { recursive: true });
  const config = join(root, CONFIG);
  const text = readFileSync(config, 'utf8');
  const pinned = text
    .replace(/^( {4}(sklearn|python): .*)$/gm, `$1\n    interpreter: ${JSON.stringify(python())}`)
    .replace('bootstrap_iterations: 1000, paired_iterations: 500', 'bootstrap_iterations: 100, paired_iterations: 50');
  if ((pinned.match(/interpreter:/g) ?? []).length !== 2) throw new Error(`${CONFIG}: its model entries moved`);
  writeFileSync(config, pinned);
  return root;
}

const digest = (root: string, file: string): string =>
  createHash('sha256')
    .update(readFileSync(join(root, 'out', file)))
    .digest('hex');

pythonSuite('Python models in a run (full budget, end to end)', () => {
  test('the example: every row answered, identical outputs on a second run, identity in the manifest', async () => {
    const root = exampleCopy();
    const first = await run({ root, configPath: CONFIG, outputDir: 'out' });
    const files = ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html'];
    const before = files.map((f) => digest(root, f));
    expect(first.gate?.checks.find((c) => c.id === 'missing_rows/intent-sklearn')?.status).toBe('pass');
    expect(first.gate?.checks.find((c) => c.id === 'missing_rows/cues-python')?.status).toBe('pass');

    const manifest = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
    const sklearn = manifest.models.find((m: { name: string }) => m.name === 'intent-sklearn');
    const joblibBytes = readFileSync(join(root, 'examples/python-model/intent.joblib'));
    expect(sklearn).toMatchObject({
      kind: 'sklearn',
      probabilities: true,
      digest: createHash('sha256').update(joblibBytes).digest('hex'),
      params: { file: 'examples/python-model/intent.joblib', batch: 64 },
      runtime: { class_path: 'sklearn.pipeline.Pipeline', sklearn: expect.any(String), joblib: expect.any(String) }
    });
    expect(sklearn.runtime.python).toMatch(/^3\.\d+\.\d+$/);
    const fn = manifest.models.find((m: { name: string }) => m.name === 'cues-python');
    expect(fn).toMatchObject({
      kind: 'python',
      params: { file: 'examples/python-model/serve.py', function: 'predict' },
      runtime: { class_path: 'serve.predict' }
    });
    // The temporary runner's path is in no output.
    expect(JSON.stringify(manifest)).not.toContain('evidence-gate-python-');

    // The search asked both Python models, within its budget.
    const rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8').trimEnd().split('\n');
    const searched = rows.map((l) => JSON.parse(l)).filter((r) => r.condition === 'search');
    for (const name of ['intent-sklearn', 'cues-python']) {
      const mine = searched.filter((r) => r.model === name);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((r) => r.status === 'ok')).toBe(true);
      expect(Math.max(...mine.map((r) => r.queries ?? 0))).toBeLessThanOrEqual(100);
    }

    await run({ root, configPath: CONFIG, outputDir: 'out' });
    expect(files.map((f) => digest(root, f))).toEqual(before);
  });

  test('tabular: a python function under noise, square and boundary, every row answered', async () => {
    const root = tempRepo();
    cpSync(join(REPO_ROOT, 'examples/inspection-tabular'), join(root, 'examples/inspection-tabular'), {
      recursive: true
    });
    writeFileSync(
      join(root, 'rule.py'),
      [
        'def predict(records):',
        '    # A record is a dict in the configured feature order.',
        '    assert [list(r) for r in records[:1]] in ([], [["x1", "x2"]])',
        '    return [{"0": 1.0 - p, "1": p} for p in (min(1.0, max(0.0, r["x1"] + r["x2"] - 0.5)) for r in records)]',
        ''
      ].join('\n')
    );
    const config = 'examples/inspection-tabular/evidence-gate.yml';
    const text = readFileSync(join(root, config), 'utf8');
    const edited = text
      .replace(/^ {4}(fgm|pgd|exact): .*\n/gm, '')
      .replace('access: white-box', 'access: black-box')
      .replace('square: { queries: 1000 }', 'square: { queries: 50 }')
      .replace('boundary: { queries: 1000 }', 'boundary: { queries: 50 }')
      .replace(
        '  - { logistic-regression: { C: 1 } }',
        `  - name: rule\n    python: { file: rule.py, batch: 256 }\n    probabilities: true\n    interpreter: ${JSON.stringify(python())}`
      )
      .replace(/^selective:.*\n/m, '');
    if (!edited.includes('name: rule') || edited.includes('fgm:')) throw new Error(`${config}: its lines moved`);
    writeFileSync(join(root, config), edited);
    const result = await run({ root, configPath: config, outputDir: 'out' });
    expect(result.gate?.checks.find((c) => c.id === 'missing_rows/rule')?.status).toBe('pass');
    const rows = readFileSync(join(root, 'out/evidence.jsonl'), 'utf8').trimEnd().split('\n');
    const conditions = new Set(rows.map((l) => JSON.parse(l).condition));
    expect([...conditions].sort()).toEqual(['boundary', 'clean', 'noise', 'square']);
  });
});
