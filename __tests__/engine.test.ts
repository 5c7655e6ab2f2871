/** End to end through the engine on the bundled example and on tiny repositories. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { run } from '../src/engine.js';
import { EVIDENCE_FIELDS } from '../src/evidence/row.js';
import { EXAMPLE_CONDITIONS, EXAMPLE_CONFIG, exampleRepo, jsonl, tinyRepo } from './helpers.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const read = (root: string, out: string, file: string) => readFileSync(join(root, out, file));

function withoutRun(manifestText: Buffer): unknown {
  const m = JSON.parse(manifestText.toString('utf8')) as Record<string, unknown>;
  delete m.run;
  return m;
}

describe('the bundled academic-intent example', () => {
  const root = exampleRepo();
  let first: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    first = await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out-a' });
  });

  test('writes every output file, each with schema_version where it is JSON', () => {
    expect(readdirSync(join(root, 'out-a')).sort()).toEqual([
      'checks.json',
      'checks.junit.xml',
      'evidence.jsonl',
      'manifest.json',
      'metrics.json',
      'report.html',
      'summary.md'
    ]);
    for (const f of ['checks.json', 'metrics.json', 'manifest.json']) {
      expect(JSON.parse(read(root, 'out-a', f).toString()).schema_version).toBe(2);
    }
    expect(read(root, 'out-a', 'summary.md').toString().split('\n')[0]).toBe(
      '<!-- evidence-gate summary schema_version: 2 -->'
    );
    const manifest = JSON.parse(read(root, 'out-a', 'manifest.json').toString());
    expect(manifest.files['evidence.jsonl']).toMatchObject({ schema_version: 2, rows: 6624 });
  });

  test('one evidence row per example × model × condition, all §7 fields in order', () => {
    const lines = read(root, 'out-a', 'evidence.jsonl').toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(184 * 4 * 9);
    const rows = lines.map((l) => JSON.parse(l) as Record<string, any>);
    const head = rows[0] as Record<string, any>;
    expect(Object.keys(head)).toEqual([...EVIDENCE_FIELDS]);
    expect(Object.keys(head.scores)).toEqual(['background', 'gap', 'implication', 'limitation', 'method', 'result']);
    // Ordered by split (config order), id (code points), model (config order), condition (§6 order).
    expect(rows.slice(0, 36).map((r) => `${r.id}/${r.model}/${r.condition}`)).toEqual(
      ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid'].flatMap((m) =>
        ['clean', 'format', 'transpose', 'typo', 'dictionary', 'append', 'truncate', 'search', 'exact'].map(
          (c) => `${head.id}/${m}/${c}`
        )
      )
    );
    const ids = rows
      .filter((r) => r.model === 'naive-bayes' && r.condition === 'clean')
      .map((r) => `${r.split}:${r.id}`);
    const controlled = ids.filter((k) => k.startsWith('controlled:'));
    expect(ids.slice(0, controlled.length)).toEqual(controlled);
    expect(controlled).toEqual([...controlled].sort());
    for (const r of rows) {
      const masked = r.condition !== 'clean' && r.condition !== 'truncate';
      for (const mask of ['eligible', 'tested', 'success', 'uncovered'])
        expect(typeof r[mask]).toBe(masked ? 'boolean' : 'object');
      if (r.condition === 'clean')
        expect(r).toMatchObject({ perturbed_text: null, changed: false, valid: null, prediction: r.clean_prediction });
      if (r.tested) expect(r).toMatchObject({ eligible: true, changed: true, valid: true, status: 'ok' });
      if (r.success) expect(r.prediction).not.toBe(r.label);
      if (r.uncovered) expect(r.uncovered_reason).not.toBeNull();
    }
  });

  test('fixed candidates do not depend on the model, and the dictionary changes at least 20 of 184 rows', () => {
    const rows = read(root, 'out-a', 'evidence.jsonl')
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, any>);
    const byKey = new Map<string, string>();
    for (const r of rows) {
      // The adaptive search and exact ask each model in turn, so their candidates are the model's own.
      if (r.condition === 'search' || r.condition === 'exact') continue;
      const key = `${r.id}/${r.condition}`;
      const seen = byKey.get(key);
      if (seen === undefined) byKey.set(key, r.perturbed_text);
      else expect(r.perturbed_text).toBe(seen);
    }
    const changedDictionary = rows.filter(
      (r) => r.model === 'naive-bayes' && r.condition === 'dictionary' && r.changed
    );
    expect(changedDictionary.length).toBeGreaterThanOrEqual(20);
  });

  test('the manifest binds config, data, labels, models, perturbations and every other output file', () => {
    const m = JSON.parse(read(root, 'out-a', 'manifest.json').toString()) as Record<string, any>;
    expect(m.config.sha256).toBe(sha(readFileSync(join(root, EXAMPLE_CONFIG))));
    for (const f of m.data.files) expect(f.sha256).toBe(sha(readFileSync(join(root, f.path))));
    for (const name of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html']) {
      expect(m.files[name].sha256).toBe(sha(read(root, 'out-a', name)));
    }
    expect(m.files['manifest.json']).toBeUndefined();
    expect(m.data.labels).toEqual(['background', 'gap', 'implication', 'limitation', 'method', 'result']);
    expect(m.data.label_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(m.models.map((x: any) => [x.name, x.kind, x.probabilities])).toEqual([
      ['naive-bayes', 'naive-bayes', true],
      ['tfidf-word', 'tfidf-word', false],
      ['tfidf-char', 'tfidf-char', false],
      ['hybrid', 'hybrid', false]
    ]);
    for (const x of m.models) expect(x.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(m.threat_model.attacks.map((a: any) => a.family)).toEqual(EXAMPLE_CONDITIONS.slice(1));
    expect(
      m.threat_model.attacks.every((a: any) => typeof a.validity_rule === 'string' && a.validity_rule.length > 20)
    ).toBe(true);
    expect(m.threat_model.dictionaries[0].sha256).toBe(
      sha(readFileSync(join(root, 'examples/academic-intent/dictionary.yml')))
    );
    expect(m.statistics).toMatchObject({ seed: 1637, prng: 'xoroshiro128plus (pure-rand 8)' });
    expect(m.tool).toMatchObject({
      name: 'evidence-gate',
      node: process.version,
      unicode: { unicode: process.versions.unicode }
    });
    // Everything metrics, checks and the summary are derived from is in the manifest (SPEC §14).
    expect(m.data.splits).toEqual(['controlled', 'challenge']);
    expect(m.data.length_histogram.counts.challenge.reduce((a: number, b: number) => a + b, 0)).toBe(54);
    expect(m.gate.plan.thresholds.max_length_psi).toEqual({
      value: 0.5,
      config_key: 'gate.max_length_psi',
      line: expect.any(Number),
      is_default: true
    });
    expect(m.output).toEqual({ text: 'full', examples_per_check: 20, gzip_above_bytes: 64 * 1024 * 1024 });
    // Each distinct text is scored once per model: unchanged candidates reuse the clean score. The
    // predictions are the 184 × 9 rows plus the queries of the search and exact.
    const rows = read(root, 'out-a', 'evidence.jsonl')
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, any>);
    for (const c of m.counters) {
      const queries = rows
        .filter((r) => r.model === c.model && (r.condition === 'search' || r.condition === 'exact'))
        .reduce((n, r) => n + r.queries, 0);
      expect(queries).toBeGreaterThan(0);
      expect(c.predictions).toBe(184 * 9 + queries);
      expect(c.distinctInputs).toBeLessThan(184 * 7);
    }
    expect(Object.keys(m.run).sort()).toEqual([
      'context',
      'finished_at',
      'host',
      'peak_rss_bytes',
      'started_at',
      'stderr_files',
      'wall_ms'
    ]);
    expect(first.manifestSha256).toBe(sha(read(root, 'out-a', 'manifest.json')));
    expect(m.run.peak_rss_bytes).toBeGreaterThan(10 * 2 ** 20);
  });

  test('fails its gate on length PSI, as the seed predicts', () => {
    const gate = first.gate as NonNullable<typeof first.gate>;
    expect(first.verdict).toBe('fail');
    expect(gate.failing).toContain('length_psi/data');
    expect(gate.checks.find((c) => c.id === 'length_psi/data')?.value).toBeGreaterThan(0.5);
    expect(gate.checks.find((c) => c.id === 'challenge_examples/data')).toMatchObject({ value: 54, status: 'pass' });
  });

  test('each evidence row records the SHA-256 of the input its model scored', () => {
    const rows = read(root, 'out-a', 'evidence.jsonl')
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, any>);
    for (const r of rows.slice(0, 240)) {
      const input = r.condition === 'clean' || !r.changed ? r.text : r.perturbed_text;
      expect(r.input_sha256).toBe(sha(Buffer.from(input, 'utf8')));
    }
  });

  test('is deterministic: identical evidence, metrics, checks and summary bytes; manifest equal outside run', async () => {
    await run(
      { root, configPath: EXAMPLE_CONFIG, outputDir: 'out-b' },
      { timestamp: () => '2000-01-01T00:00:00.000Z' }
    );
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json']) {
      expect(sha(read(root, 'out-b', f))).toBe(sha(read(root, 'out-a', f)));
    }
    // The summary does not name its folder: another folder gives the same bytes.
    expect(sha(read(root, 'out-b', 'summary.md'))).toBe(sha(read(root, 'out-a', 'summary.md')));
    const again = exampleRepo();
    await run({ root: again, configPath: EXAMPLE_CONFIG, outputDir: 'out-a' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html']) {
      expect(sha(read(again, 'out-a', f))).toBe(sha(read(root, 'out-a', f)));
    }
    expect(withoutRun(read(again, 'out-a', 'manifest.json'))).toEqual(withoutRun(read(root, 'out-a', 'manifest.json')));
  });
});

describe('the output folder', () => {
  test('replaces an earlier Evidence Gate output, but not one holding files of the user', async () => {
    const root = tinyRepo();
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    writeFileSync(join(root, 'out', 'stale.txt'), 'x');
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' })).rejects.toThrow(
      'output folder out holds "stale.txt", which its manifest.json does not list'
    );
    expect(existsSync(join(root, 'out', 'stale.txt'))).toBe(true);
  });

  test('refuses to replace a folder holding other files', async () => {
    const root = tinyRepo();
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'keep.ts'), 'x');
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: 'src' })).rejects.toThrow(
      'output folder src holds "keep.ts" and no Evidence Gate manifest.json; expected an empty folder or an earlier Evidence Gate output'
    );
    expect(readFileSync(join(root, 'src', 'keep.ts'), 'utf8')).toBe('x');
  });

  test('must stay inside the root', async () => {
    const root = tinyRepo();
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: '../elsewhere' })).rejects.toThrow(
      'output folder: expected a path inside the repository root, found'
    );
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: '.' })).rejects.toThrow(
      'found the root itself'
    );
  });

  test('a data error leaves no output folder and no staging folder behind', async () => {
    const root = tinyRepo({ 'data/challenge.jsonl': '{"id": "h1", "text": "x", "label": "nope"}\n' });
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' })).rejects.toThrow(
      'data/challenge.jsonl:1: label "nope" never occurs in the training data'
    );
    expect(readdirSync(root).sort()).toEqual(['data', 'evidence-gate.yml']);
  });
});

describe('a text too long for its evidence row to be read back', () => {
  // Control characters take six bytes each in JSON: three million of them pass 16 MiB in the clean row alone.
  const long = { id: 'h9', text: `results show a gain ${'\u0001'.repeat(3_000_000)}`, label: 'result', language: 'es' };
  const challenge = jsonl([{ id: 'h1', text: 'we observe gains in results', label: 'result', language: 'es' }, long]);

  test('is a data error naming the row and the remedy, and leaves no output folder', async () => {
    const root = tinyRepo({ 'data/challenge.jsonl': challenge });
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' })).rejects.toThrow(
      /^example "h9" \(split "challenge", model "naive-bayes", condition "clean"\): its evidence row would be \d+ bytes, more than the 16777216 bytes that verify, merge and the baseline comparison read back; set output.text: hash/
    );
    expect(readdirSync(root).sort()).toEqual(['data', 'evidence-gate.yml']);
  }, 60_000);

  test('runs with output.text: hash', async () => {
    const root = tinyRepo({ 'data/challenge.jsonl': challenge }, 'output: { text: hash }');
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect(existsSync(join(root, 'out', 'manifest.json'))).toBe(true);
  }, 60_000);
});

describe('text privacy', () => {
  test.each([
    ['hash', (t: string) => sha(t)],
    ['none', () => null]
  ])('output.text: %s keeps the text out of the evidence', async (mode, expected) => {
    const root = tinyRepo({}, `output: { text: ${mode} }`);
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const rows = read(root, 'out', 'evidence.jsonl')
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; text: string | null });
    const c1 = rows.find((r) => r.id === 'c1');
    expect(c1?.text).toBe(expected('results show a gain'));
    expect(read(root, 'out', 'evidence.jsonl').toString()).not.toContain('results show a gain');
  });
});

describe('config checked against the data', () => {
  /** A tiny repository whose threat_model gets `lines` right after its id. */
  function withThreatModel(lines: string): string {
    const root = tinyRepo();
    const config = join(root, 'evidence-gate.yml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('  id: tm\n', `  id: tm\n${lines}\n`));
    return root;
  }

  test('a protected transition must name training labels', async () => {
    const root = withThreatModel('  protected_transitions: [ { from: limitation, to: reslt } ]');
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' })).rejects.toThrow(
      'evidence-gate.yml:4: threat_model.protected_transitions[0].to: expected a label of the training data ("limitation", "result"), found "reslt"'
    );
  });

  test('append needs a sentence for every language slice of the data', async () => {
    const root = withThreatModel('  attacks:\n    append: { sentences: { en: "See the appendix." } }');
    await expect(run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' })).rejects.toThrow(
      'evidence-gate.yml:5: threat_model.attacks.append.sentences: expected a sentence for every language slice of the evaluation data ("en", "es"), found none for "es"'
    );
  });
});

describe('large evidence', () => {
  test('above output.gzip_above_bytes the evidence ships as evidence.jsonl.gz, digested both ways', async () => {
    const plain = tinyRepo();
    await run({ root: plain, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const zipped = tinyRepo({}, 'output: { gzip_above_bytes: 100 }');
    const result = await run({ root: zipped, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect(readdirSync(join(zipped, 'out')).sort()).toEqual([
      'checks.json',
      'checks.junit.xml',
      'evidence.jsonl.gz',
      'manifest.json',
      'metrics.json',
      'report.html',
      'summary.md'
    ]);
    expect(result.files).toContain('evidence.jsonl.gz');
    const rows = read(plain, 'out', 'evidence.jsonl');
    expect(gunzipSync(read(zipped, 'out', 'evidence.jsonl.gz')).equals(rows)).toBe(true);
    const m = JSON.parse(read(zipped, 'out', 'manifest.json').toString()) as Record<string, any>;
    expect(m.evidence).toEqual({ file: 'evidence.jsonl.gz', gzip: true, gzip_above_bytes: 100 });
    expect(m.files['evidence.jsonl.gz']).toMatchObject({
      sha256: sha(read(zipped, 'out', 'evidence.jsonl.gz')),
      uncompressed: { name: 'evidence.jsonl', sha256: sha(rows), bytes: rows.length }
    });
    // The compressed bytes repeat too.
    const again = tinyRepo({}, 'output: { gzip_above_bytes: 100 }');
    await run({ root: again, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect(sha(read(again, 'out', 'evidence.jsonl.gz'))).toBe(sha(read(zipped, 'out', 'evidence.jsonl.gz')));
  });
});
