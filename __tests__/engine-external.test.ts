/**
 * External command models through the whole engine (SPEC §10): evidence rows, failures as
 * evidence, label-only figures, the missing-rows check and the manifest entries.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../src/engine.js';
import { tinyRepo } from './helpers.js';

// One fixture model, three behaviours: fixed scores, label-only, or a crash after two answers.
const MODEL = `
import { createInterface } from 'node:readline';
const mode = process.argv[2];
let n = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, text } = JSON.parse(line);
  n++;
  if (mode === 'crash' && n > 2) { process.stderr.write('out of memory (pretend)\\n'); process.exit(3); }
  const limitation = text.includes('limit') || text.includes('caution');
  const answer = mode === 'label' ? { id, label: limitation ? 'limitation' : 'result' } : { id, scores: { limitation: limitation ? 0.8 : 0.2, result: limitation ? 0.2 : 0.8 } };
  process.stdout.write(JSON.stringify(answer) + '\\n');
});
`;

/** The tiny repository with extra model entries (YAML lines) after naive-bayes. */
function repoWith(models: string, extra = ''): string {
  const root = tinyRepo({ 'model.mjs': MODEL }, extra);
  const config = join(root, 'evidence-gate.yml');
  writeFileSync(config, readFileSync(config, 'utf8').replace('  - naive-bayes\n', `  - naive-bayes\n${models}\n`));
  return root;
}

function rowsOf(root: string): Array<Record<string, any>> {
  return readFileSync(join(root, 'out/evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('external models in a run', () => {
  test('a scoring model: rows like a built-in, its files digested, counters and protocol in the manifest', async () => {
    const root = repoWith(
      '  - { name: mine, command: "node model.mjs scores", probabilities: true, files: [model.mjs] }'
    );
    const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const mine = rowsOf(root).filter((r) => r.model === 'mine');
    expect(mine).toHaveLength(4);
    expect(mine.every((r) => r.status === 'ok' && r.scores !== null && r.margin !== null)).toBe(true);
    const manifest = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
    const entry = manifest.models.find((m: any) => m.name === 'mine');
    expect(entry).toMatchObject({
      kind: 'external',
      probabilities: true,
      params: { command: 'node model.mjs scores', protocol_version: 1 }
    });
    expect(entry.files).toEqual([{ path: 'model.mjs', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(manifest.run.models.mine).toMatchObject({ requests: 4, responses: 4 });
    expect(result.gate?.checks.find((c) => c.id === 'missing_rows/mine')?.status).toBe('pass');
    const metrics = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8'));
    expect(metrics.models.find((m: any) => m.model === 'mine').reliability).not.toBeNull();
  });

  test('a label-only model: predictions without scores; margin-based figures not evaluated', async () => {
    const root = repoWith(
      '  - { name: labels, command: "node model.mjs label" }',
      'selective: { abstain_below: { labels: { on: margin, threshold: 0.1 } } }'
    );
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const rows = rowsOf(root).filter((r) => r.model === 'labels');
    expect(
      rows.every((r) => r.status === 'ok' && r.scores === null && r.margin === null && r.prediction !== null)
    ).toBe(true);
    const m = JSON.parse(readFileSync(join(root, 'out/metrics.json'), 'utf8')).models.find(
      (x: any) => x.model === 'labels'
    );
    expect(m.label_only).toBe(true);
    expect(m.selective[0].aurc).toMatchObject({
      status: 'not_evaluated',
      reason: 'label-only model: it returns no scores, so there is no margin'
    });
    expect(m.abstention).toBeNull();
    expect(m.classification[0].accuracy.status).toBe('ok');
  });

  test('a crash is evidence, not a crash: the run completes, rows are missing, the missing-rows check fails', async () => {
    const root = repoWith('  - { name: flaky, command: "node model.mjs crash" }');
    const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const rows = rowsOf(root).filter((r) => r.model === 'flaky');
    const missing = rows.filter((r) => r.status !== 'ok');
    expect(missing.length).toBe(2);
    expect(
      missing.every(
        (r) =>
          r.prediction === null && /exited with code 3/.test(r.error) && r.error.includes('out of memory (pretend)')
      )
    ).toBe(true);
    const check = result.gate?.checks.find((c) => c.id === 'missing_rows/flaky');
    expect(check).toMatchObject({ status: 'fail', value: 2 });
    expect(result.gate?.failing).toContain('missing_rows/flaky');
    expect(readFileSync(join(root, 'out', 'stderr-2-flaky.txt'), 'utf8')).toContain('out of memory (pretend)');
  });

  test('runs with an external model repeat: identical outputs, manifest equal outside run', async () => {
    const entry = '  - { name: mine, command: "node model.mjs scores", files: [model.mjs] }';
    const a = repoWith(entry);
    const b = repoWith(entry);
    await run({ root: a, configPath: 'evidence-gate.yml', outputDir: 'out' });
    await run({ root: b, configPath: 'evidence-gate.yml', outputDir: 'out' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md']) {
      expect(readFileSync(join(b, 'out', f), 'utf8')).toBe(readFileSync(join(a, 'out', f), 'utf8'));
    }
    const withoutRun = (root: string) => {
      const m = JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8'));
      delete m.run;
      return m;
    };
    expect(withoutRun(b)).toEqual(withoutRun(a));
  });
});

test('the digest of an external model binds its command and its declared files', async () => {
  const entry = '  - { name: mine, command: "node model.mjs scores", files: [model.mjs] }';
  const digestOf = async (root: string) => {
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    return JSON.parse(readFileSync(join(root, 'out/manifest.json'), 'utf8')).models.find((m: any) => m.name === 'mine')
      .digest;
  };
  const a = await digestOf(repoWith(entry));
  const changed = repoWith(entry);
  writeFileSync(join(changed, 'model.mjs'), readFileSync(join(changed, 'model.mjs'), 'utf8') + '\n// a new version\n');
  expect(await digestOf(changed)).not.toBe(a);
  expect(await digestOf(repoWith(entry))).toBe(a);
});
