/**
 * `evidence-gate explain`: one text through the configured models and families. The readings must
 * be the run's own: for a text that is in the data, with that row's id and language, every
 * candidate, prediction, score and margin equals the row's evidence.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { main } from '../../src/cli/main.js';
import { parseCli } from '../../src/cli/args.js';
import { run } from '../../src/engine.js';
import type { EvidenceRow } from '../../src/evidence/row.js';
import { explain, type Explanation } from '../../src/explain/explain.js';
import { prepare } from '../../src/pipeline/prepare.js';
import { EXAMPLE_CONFIG, exampleRepo, REPO_ROOT, tempRepo, tinyRepo } from '../helpers.js';
import { cpSync } from 'node:fs';

interface Io {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(argv: string[], cwd: string, stdin?: Uint8Array): Promise<Io> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    cwd,
    ...(stdin ? { readStdin: async () => stdin } : {})
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/** Every file under a folder, relative paths. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

/** The run's evidence of the bundled example, read once. */
let root: string;
let evidence: EvidenceRow[];
beforeAll(async () => {
  root = exampleRepo();
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'evidence-gate-out' });
  evidence = readFileSync(join(root, 'evidence-gate-out', 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as EvidenceRow & { scores: Record<string, number> | null });
});

/**
 * The explanation's readings against the evidence rows of one example: every field they share (search rows against the
 * search paths, exact rows against the exact readings).
 */
function expectSameAsEvidence(e: Explanation, all: readonly EvidenceRow[]): void {
  const rows = all.filter((r) => r.condition !== 'search' && r.condition !== 'exact');
  const search = all.filter((r) => r.condition === 'search');
  const exact = all.filter((r) => r.condition === 'exact');
  expect((e.exact ?? []).map((x) => x.model)).toEqual(exact.map((r) => r.model));
  for (const x of e.exact ?? []) {
    const row = exact.find((r) => r.model === x.model) as EvidenceRow;
    expect([x.perturbed_text, x.queries, x.edits, x.method, x.candidates, x.prediction, x.margin]).toEqual([
      row.perturbed_text ?? '',
      row.queries,
      row.edits,
      row.method,
      row.candidates,
      row.prediction,
      row.margin
    ]);
  }
  expect(e.search?.paths.map((p) => p.model) ?? []).toEqual(search.map((r) => r.model));
  for (const p of e.search?.paths ?? []) {
    const row = search.find((r) => r.model === p.model) as EvidenceRow;
    expect([p.perturbed_text, p.queries, p.edits, p.input_sha256, p.prediction, p.margin]).toEqual([
      row.perturbed_text,
      row.queries,
      row.edits,
      row.input_sha256,
      row.prediction,
      row.margin
    ]);
  }
  const models = [...new Set(rows.map((r) => r.model))];
  expect(e.models.map((m) => m.name)).toEqual(models);
  expect(e.conditions.map((c) => c.condition)).toEqual([...new Set(rows.map((r) => r.condition))]);
  for (const c of e.conditions) {
    for (const reading of c.readings) {
      const row = rows.find((r) => r.model === reading.model && r.condition === c.condition) as EvidenceRow & {
        scores: Record<string, number> | null;
      };
      expect(row).toBeDefined();
      const scores =
        reading.scores === null ? null : Object.fromEntries(e.labels.map((l, i) => [l, reading.scores?.[i]]));
      expect({
        perturbed_text: c.perturbed_text,
        changed: c.changed,
        valid: c.valid,
        invalid_reason: c.invalid_reason,
        input_sha256: c.input_sha256,
        status: reading.status,
        prediction: reading.prediction,
        clean_prediction: reading.clean_prediction,
        margin: reading.margin,
        clean_margin: reading.clean_margin,
        scores
      }).toEqual({
        perturbed_text: row.perturbed_text,
        changed: row.changed,
        valid: row.valid,
        invalid_reason: row.invalid_reason,
        input_sha256: row.input_sha256,
        status: row.status,
        prediction: row.prediction,
        clean_prediction: row.clean_prediction,
        margin: row.margin,
        clean_margin: row.clean_margin,
        scores: row.scores
      });
    }
  }
}

describe('explain --json agrees with the evidence of the same text', () => {
  test('a Spanish row of the bundled example, explained with its id, matches its evidence rows (CLI)', async () => {
    // A Spanish row that the dictionary family changes, so every family has something to show.
    const row = evidence.find((r) => r.language === 'es' && r.condition === 'dictionary' && r.changed) as EvidenceRow;
    expect(row).toBeDefined();
    const before = tree(root);
    const r = await cli(
      [
        'explain',
        '--config',
        EXAMPLE_CONFIG,
        '--text',
        row.text as string,
        '--language',
        'es',
        '--id',
        row.id,
        '--json'
      ],
      root
    );
    expect(r.stderr).toBe('data: 842 training rows; 130 controlled, 54 challenge\n');
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout) as Explanation & {
      schema_version: number;
      conditions: Array<{ readings: Array<{ scores: Record<string, number> | null }> }>;
    };
    expect(e.schema_version).toBe(1);
    expect(e.data_row).toEqual({ split: row.split, label: row.label, same_text: true, same_language: true });
    // Scores come keyed by label in the JSON; turn them back into label order for the comparison.
    for (const c of e.conditions)
      for (const reading of c.readings)
        (reading as { scores: unknown }).scores =
          reading.scores === null ? null : e.labels.map((l) => (reading.scores as Record<string, number>)[l]);
    const rows = evidence.filter((x) => x.id === row.id && x.split === row.split);
    expect(rows).toHaveLength(4 * 9);
    expectSameAsEvidence(e, rows);
    expect(e.conditions.find((c) => c.condition === 'dictionary')?.changed).toBe(true);
    // Nothing was written: the folder holds exactly what it held.
    expect(tree(root)).toEqual(before);
  });

  test('every evaluation row of the bundled example, explained with its id, text and language, matches its evidence', async () => {
    const plan = loadPlan({ root, configPath: EXAMPLE_CONFIG });
    const prepared = await prepare(plan, { root });
    const byExample = new Map<string, EvidenceRow[]>();
    for (const r of evidence)
      byExample.set(`${r.split}\0${r.id}`, [...(byExample.get(`${r.split}\0${r.id}`) ?? []), r]);
    expect(byExample.size).toBe(184);
    for (const rows of byExample.values()) {
      const first = rows[0] as EvidenceRow;
      const e = await explain(prepared, { id: first.id, text: first.text as string, language: first.language });
      expectSameAsEvidence(e, rows);
    }
  });

  test('another id draws other perturbation choices for the same text (the id seeds them)', async () => {
    const plan = loadPlan({ root, configPath: EXAMPLE_CONFIG });
    const prepared = await prepare(plan, { root });
    const row = evidence.find((r) => r.condition === 'transpose' && r.changed && r.language === 'en') as EvidenceRow;
    const texts = new Set<string | null>();
    for (const id of [row.id, 'explain', 'a', 'b', 'c']) {
      const e = await explain(prepared, { id, text: row.text as string, language: row.language });
      texts.add(e.conditions.find((c) => c.condition === 'transpose')?.perturbed_text ?? null);
    }
    expect(texts.size).toBeGreaterThan(1);
  });
});

describe('explain in text', () => {
  const SENTENCE = 'Una limitación de este estudio es que los datos provienen de una sola región, especialmente rural.';

  test('a Spanish sentence shows every configured family and the four models, with the changed span marked', async () => {
    const r = await cli(['explain', '--config', EXAMPLE_CONFIG, '--text', SENTENCE, '--language', 'es'], root);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    for (const heading of [
      'clean',
      'format: ',
      'transpose: ',
      'typo: ',
      'dictionary: ',
      'append: ',
      'truncate (destructive'
    ]) {
      expect(lines.filter((l) => l.startsWith(heading))).toHaveLength(1);
    }
    for (const model of ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid']) {
      expect(lines.filter((l) => l.startsWith(`  ${model} `))).toHaveLength(7);
    }
    expect(r.stdout).toContain('id "explain"');
    expect(r.stdout).toContain('dictionary: changed, valid');
    // The dictionary swaps estudio, datos and especialmente; the span runs from the first change to the last.
    expect(r.stdout).toContain(
      '  now: Una limitación de este ⟦trabajo es que los registros provienen de una sola región, particular⟧mente rural.\n'
    );
    expect(r.stdout).toMatch(/ {2}naive-bayes +limitation → \S+ +margin \d\.\d{4} → \d\.\d{4}/);
  });

  test('--text-file and standard input read the same text (a final line break and a byte-order mark dropped)', async () => {
    const file = join(root, 'sentence.txt');
    writeFileSync(file, `\uFEFF${SENTENCE}\r\n`);
    const args = ['explain', '--config', EXAMPLE_CONFIG, '--language', 'es', '--json'];
    const a = await cli([...args, '--text', SENTENCE], root);
    const b = await cli([...args, '--text-file', 'sentence.txt'], root);
    const c = await cli([...args, '-'], root, Buffer.from(`${SENTENCE}\n`));
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
    expect(c.stdout).toBe(a.stdout);
  });

  test('hostile text cannot start a workflow command, break a line or hide a bidi control; the JSON keeps the exact text', async () => {
    const hostile = 'estudio\n::error::pwned \u202Eevil\u202C <script>x</script> \u0007';
    const text = await cli(['explain', '--config', EXAMPLE_CONFIG, '--text', hostile, '--language', 'es'], root);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(/^\s*::/m);
    for (const hidden of ['\u202E', '\u202C', '\u0007']) expect(text.stdout).not.toContain(hidden);
    expect(text.stdout).toContain('estudio\\n::error::pwned \\u202Eevil\\u202C');
    const json = await cli(
      [
        'explain',
        '--config',
        EXAMPLE_CONFIG,
        '--text',
        hostile,
        '--language',
        'es',
        '--json',
        '--id',
        '::warning::x\n'
      ],
      root
    );
    expect(json.stdout).not.toMatch(/^\s*::/m);
    for (const hidden of ['\u202E', '\u202C', '\u0007']) expect(json.stdout).not.toContain(hidden);
    const parsed = JSON.parse(json.stdout) as Explanation;
    expect(parsed.text).toBe(hostile);
    expect(parsed.id).toBe('::warning::x\n');
  });
});

describe('explain with external command models', () => {
  // A scoring model and a label-only one, as in the engine's external tests; the second crashes on its second input.
  const MODEL = `
import { createInterface } from 'node:readline';
const mode = process.argv[2];
let n = 0;
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, text } = JSON.parse(line);
  if (mode === 'crash' && ++n > 1) process.exit(3);
  const limitation = text.includes('limit');
  const answer = mode === 'label' ? { id, label: limitation ? 'limitation' : 'result' } : { id, scores: { limitation: limitation ? 0.8 : 0.2, result: limitation ? 0.2 : 0.8 } };
  process.stdout.write(JSON.stringify(answer) + '\\n');
});
`;

  test('their readings are shown (a missing one as missing), and the commands are closed', async () => {
    const repo = tinyRepo({ 'model.mjs': MODEL });
    const config = join(repo, 'evidence-gate.yml');
    const models = [
      '  - naive-bayes',
      '  - { name: scores, command: "node model.mjs scores" }',
      '  - { name: labels, command: "node model.mjs label" }',
      '  - { name: crash, command: "node model.mjs crash" }'
    ].join('\n');
    writeFileSync(
      config,
      readFileSync(config, 'utf8')
        .replace('  - naive-bayes', models)
        .replace('  id: tm\n', '  id: tm\n  attacks: { format: {} }\n')
    );
    const r = await cli(['explain', '--config', 'evidence-gate.yml', '--text', 'a limit of the sample'], repo);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('4 models (1 trained on 4 rows, 3 external commands)');
    expect(r.stdout).toMatch(/ {2}scores +limitation +margin 0\.6000/);
    expect(r.stdout).toMatch(/ {2}labels +limitation +margin n\/a/);
    expect(r.stdout).toMatch(/ {2}crash +limitation +margin 0\.6000\n/);
    expect(r.stdout).toMatch(/\n {2}crash +missing \(error: [^\n]+\); clean limitation\n/);
  });
});

describe('explain refuses what it cannot read', () => {
  test('a tabular config is a usage error naming the task', async () => {
    const repo = tempRepo();
    cpSync(join(REPO_ROOT, 'examples', 'inspection-tabular'), join(repo, 'examples', 'inspection-tabular'), {
      recursive: true
    });
    const r = await cli(['explain', '--config', 'examples/inspection-tabular/evidence-gate.yml', '--text', 'x'], repo);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'evidence-gate: usage error: explain reads one text, and examples/inspection-tabular/evidence-gate.yml is a tabular config (task: tabular); expected a config with task: text\n'
    );
    expect(r.stdout).toBe('');
  });

  test('without --language, the append family has no sentence for "unknown": the error says which languages have one', async () => {
    const r = await cli(['explain', '--config', EXAMPLE_CONFIG, '--text', 'A short text.'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'evidence-gate: usage error: the append family has no sentence for language "unknown" (the default when --language is not given); expected --language with one of "en", "es", "pt", or a sentence for it in threat_model.attacks.append.sentences\n'
    );
  });

  test('a language without a dictionary is shown as not attempted', async () => {
    const repo = exampleRepo();
    const config = join(repo, EXAMPLE_CONFIG);
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'pt: "Mais detalhes são apresentados no apêndice."',
        'pt: "Mais detalhes são apresentados no apêndice."\n        fr: "Plus de détails en annexe."'
      )
    );
    const r = await cli(
      ['explain', '--config', EXAMPLE_CONFIG, '--text', "L'étude montre une limite nette.", '--language', 'fr'],
      repo
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('dictionary: not attempted (no dictionary for this language)');
  });

  test.each([
    [
      ['--text', ''],
      'evidence-gate: usage error: explain: the text is empty; expected a non-empty text (--text, --text-file or - for standard input)\n'
    ],
    [
      ['--text-file', 'missing.txt'],
      'evidence-gate: usage error: --text-file missing.txt: cannot read (ENOENT); expected a readable file\n'
    ],
    [
      ['--text', 'x', '--id', ''],
      'evidence-gate: usage error: --id: expected a non-empty id (the id of a data row, to reproduce its candidates)\n'
    ]
  ])('%j is refused in one line', async (args, message) => {
    const r = await cli(['explain', '--config', EXAMPLE_CONFIG, '--language', 'es', ...args], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(message);
  });

  test('invalid UTF-8 on standard input names its line and column', async () => {
    const r = await cli(
      ['explain', '--config', EXAMPLE_CONFIG, '--language', 'es', '-'],
      root,
      Buffer.from([0x61, 0x0a, 0x62, 0xff])
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^evidence-gate: usage error: standard input:2:2: /);
  });

  test('a file over 1 MiB is refused before it is read whole', async () => {
    writeFileSync(join(root, 'big.txt'), 'a'.repeat(1024 * 1024 + 10));
    const r = await cli(['explain', '--config', EXAMPLE_CONFIG, '--language', 'es', '--text-file', 'big.txt'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'evidence-gate: usage error: big.txt: more than 1048576 bytes; expected one text of at most 1 MiB\n'
    );
  });

  test('--id is parsed for explain only', () => {
    expect(parseCli(['explain', '--config', 'c.yml', '--text', 't', '--id', 'ct-0001'])).toMatchObject({
      command: 'explain',
      id: 'ct-0001',
      text: 't'
    });
    expect(() => parseCli(['run', '--config', 'c.yml', '--id', 'x'])).toThrow('run does not take --id (see --help)');
  });
});
