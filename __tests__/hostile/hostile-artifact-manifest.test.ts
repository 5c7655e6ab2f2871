/**
 * Findings 5 and 7 of the artifact round (docs/security.md, "Reading an output folder"): a
 * malformed manifest or derived file is one line and exit 2 for `verify`, `run --baseline` and
 * `merge` (a warning where the action reads a baseline), never a crash; and the gate a manifest
 * records must be the one its recorded config declares, so lenient thresholds written into a
 * manifest — with every derived file made to agree — are found.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { parseRow } from '../../src/evidence/row.js';
import { readDerivationFacts, readReportFacts } from '../../src/manifest/facts.js';
import { Derivation, renderDerived } from '../../src/pipeline/derive.js';
import { cli, copyFolder, editJson, relist, repoWithOutputs, sha } from './hostile-artifact-helpers.js';

let root = '';
beforeAll(async () => {
  root = await repoWithOutputs();
}, 120_000);

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
/** Stands for a value nested 100,000 deep, spliced into the text (JSON.stringify would overflow on it). */
const DEEP = '\u0000deep';

function editManifest(dir: string, edit: (m: any) => void): void {
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  edit(m);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m, null, 2).replace(JSON.stringify(DEEP), deep(100_000)));
}

describe('a malformed manifest: one line naming the key, exit 2; the action warns', () => {
  test.each([
    ['"data": null', (m: any) => (m.data = null), /manifest\.json: data: expected an object, found null$/],
    [
      'a files entry without sha256',
      (m: any) => delete m.files['metrics.json'].sha256,
      /manifest\.json: files\.metrics\.json\.sha256: expected a string, found nothing \(a required key\)$/
    ],
    [
      'a model that is not an object',
      (m: any) => (m.models[0] = 7),
      /manifest\.json: models\[0\]: expected an object, found number 7$/
    ],
    [
      'a threshold that is a string',
      (m: any) => (m.gate.plan.thresholds.max_flip_rate.value = 'lots'),
      /manifest\.json: gate\.plan\.thresholds\.max_flip_rate\.value: expected a number, found string "lots"$/
    ],
    [
      'a missing threshold',
      (m: any) => delete m.gate.plan.thresholds.max_flip_rate,
      /manifest\.json: gate\.plan\.thresholds\.max_flip_rate: expected a threshold, found nothing \(a required key\)$/
    ],
    [
      'evidence rows that are not a number',
      (m: any) => (m.files['evidence.jsonl'].rows = '12'),
      /manifest\.json: files\.evidence\.jsonl\.rows: expected a whole number of at least 0, found string "12"$/
    ],
    [
      "bootstrap iterations past the config's bound",
      (m: any) => (m.statistics.bootstrap_iterations = 1e12),
      /manifest\.json: statistics\.bootstrap_iterations: expected a whole number from 1 to 1000000, found number 1000000000000$/
    ],
    [
      'a negative size',
      (m: any) => (m.files['evidence.jsonl'].bytes = -1),
      /manifest\.json: files\.evidence\.jsonl\.bytes: expected a whole number of at least 0, found number -1$/
    ],
    [
      'counters for fewer models',
      (m: any) => m.counters.pop(),
      /manifest\.json: counters: expected one entry per model \(2\), found 1$/
    ],
    [
      'a manifest nested 100,000 deep',
      (m: any) => (m.data.columns = DEEP),
      /manifest\.json: nested deeper than 64 levels; expected an Evidence Gate manifest$/
    ]
  ])(
    '%s',
    async (_what, edit, message) => {
      const dir = copyFolder(root, 'out', 'bad');
      editManifest(dir, edit);
      const v = await cli(['verify', 'bad'], root);
      expect(v.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(v.stderr.trimEnd()).toMatch(new RegExp(`^evidence-gate: usage error: bad/${message.source}`));
      expect(v.code).toBe(2);
      const b = await cli(
        ['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 'bad', '--quiet'],
        root
      );
      expect(b.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(b.stderr.trimEnd()).toMatch(new RegExp(`^evidence-gate: usage error: bad/${message.source}`));
      expect(b.code).toBe(2);
      // The action reads its baseline the same way, with onError 'warn': a warning, and the run goes on.
      const warnings: string[] = [];
      const r = await run(
        {
          root,
          configPath: 'evidence-gate.yml',
          outputDir: 'head',
          baseline: { dir: join(root, 'bad'), shown: 'bad', onError: 'warn' }
        },
        { warn: (l) => warnings.push(l) }
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(new RegExp(`^baseline refused: bad/${message.source}`));
      expect(r.comparison).toBeNull();
    },
    60_000
  );

  test('a shard with "data": null is refused by merge in one line', async () => {
    const dir = copyFolder(root, 's2', 'bad-shard');
    editJson(join(dir, 'manifest.json'), (m) => (m.data = null));
    const r = await cli(['merge', 's1', 'bad-shard', 's3', '--out', 'merged'], root);
    expect(r.stderr).toBe(
      'evidence-gate: usage error: bad-shard/manifest.json: data: expected an object, found null\n'
    );
    expect(r.code).toBe(2);
  });

  test('checks.json nested 100,000 deep, its digest recorded: verify exit 2 in one line', async () => {
    const dir = copyFolder(root, 'out', 'deep-checks');
    writeFileSync(join(dir, 'checks.json'), `{"schema_version": 2, "checks": ${deep(100_000)}}`);
    relist(dir, 'checks.json');
    const v = await cli(['verify', 'deep-checks'], root);
    expect(v.stderr).toBe(
      'evidence-gate: usage error: deep-checks/checks.json: nested deeper than 64 levels; expected an Evidence Gate file\n'
    );
    expect(v.code).toBe(2);
  });
});

/** Lenient values for every recorded threshold: minimums 0, maximums out of reach. */
function lenient(m: any): void {
  for (const [key, t] of Object.entries<any>(m.gate.plan.thresholds)) t.value = key.startsWith('min_') ? 0 : 1e6;
}

/**
 * Re-derives metrics.json, checks.json, summary.md and report.html and the manifest's verdict
 * from the folder's own manifest and evidence, and records their digests: what a careful forger
 * does after editing the manifest.
 */
async function rederiveInPlace(dir: string): Promise<void> {
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const derivation = new Derivation(
    readDerivationFacts(m),
    m.no_baseline_reason ? { reason: m.no_baseline_reason } : null
  );
  const lines = readFileSync(join(dir, 'evidence.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  lines.forEach((l, i) => derivation.add(parseRow(l, m.data.labels, `evidence.jsonl:${i + 1}`)));
  const derived = derivation.finish();
  const files = renderDerived(derived, readReportFacts(m));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    m.files[name] = { ...m.files[name], sha256: sha(text), bytes: Buffer.byteLength(text) };
  }
  m.gate = {
    ...m.gate,
    verdict: derived.gate.verdict,
    counts: derived.gate.counts,
    failing_checks: derived.gate.failing
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m, null, 2) + '\n');
}

describe('the recorded gate must be the one the recorded config declares', () => {
  test('the manifest records the config text, whose SHA-256 is the config digest', () => {
    const m = JSON.parse(readFileSync(join(root, 'out', 'manifest.json'), 'utf8'));
    expect(m.config.text).toBe(readFileSync(join(root, 'evidence-gate.yml'), 'utf8'));
    expect(sha(m.config.text)).toBe(m.config.sha256);
  });

  test('lenient thresholds written into a run folder, every derived file re-derived to agree: verify names the gate (exit 1)', async () => {
    const dir = copyFolder(root, 'out', 'forged');
    const before = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).gate;
    editJson(join(dir, 'manifest.json'), lenient);
    await rederiveInPlace(dir);
    const after = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).gate;
    expect(after.counts).not.toEqual(before.counts);
    const v = await cli(['verify', 'forged'], root);
    expect(v.stdout).toMatch(
      /^manifest\.json: gate\.plan differs from the gate its recorded config declares \(gate\.plan\.thresholds\.\w+\.value: recorded [\d.e+]+, the config gives [\d.]+/m
    );
    expect(v.code).toBe(1);
  });

  test('the same edit in every shard: merge refuses it (exit 2, one line)', async () => {
    for (const k of [1, 2, 3]) editJson(join(copyFolder(root, `s${k}`, `lenient-${k}`), 'manifest.json'), lenient);
    const r = await cli(['merge', 'lenient-1', 'lenient-2', 'lenient-3', '--out', 'merged-lenient'], root);
    expect(r.stderr).toMatch(
      /^evidence-gate: usage error: lenient-1\/manifest\.json: gate\.plan differs from the gate its recorded config declares \(gate\.plan\.thresholds\.\w+\.value: recorded [\d.e+]+, the config gives [\d.]+.*\); run the shard again with this build\n$/
    );
    expect(r.code).toBe(2);
  });

  test('a config text that no longer matches the config digest: merge refuses, verify names it', async () => {
    for (const k of [1, 2, 3])
      editJson(
        join(copyFolder(root, `s${k}`, `retext-${k}`), 'manifest.json'),
        (m) => (m.config.text = m.config.text.replace('version: 1', 'version: 1\ngate: { min_challenge_examples: 0 }'))
      );
    const r = await cli(['merge', 'retext-1', 'retext-2', 'retext-3', '--out', 'merged-retext'], root);
    expect(r.stderr).toMatch(
      /^evidence-gate: usage error: retext-1\/manifest\.json: config\.text: SHA-256 [0-9a-f]{64}, but config\.sha256 records [0-9a-f]{64} \(the recorded config was changed\); run the shard again with this build\n$/
    );
    expect(r.code).toBe(2);
    const dir = copyFolder(root, 'out', 'retext');
    editJson(join(dir, 'manifest.json'), (m) => (m.config.text += '# changed\n'));
    const v = await cli(['verify', 'retext'], root);
    expect(v.stdout).toMatch(/^manifest\.json: config\.text: SHA-256 [0-9a-f]{64}, but config\.sha256 records/m);
    expect(v.code).toBe(1);
  });
});
