/**
 * `evidence-gate init` from a repository holding only data files: the columns it recognises, the
 * config and workflow it writes (never over an existing file), and that `run` then works with
 * that config as written, for text JSONL, text CSV and tabular CSV. Bad or ambiguous data stops
 * with one line: run's own message for unreadable data, the candidates for an unclear column.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parse } from 'yaml';
import { main } from '../../src/cli/main.js';
import { splitName } from '../../src/cli/init.js';
import { isLanguageTag, profileColumns, recogniseColumns } from '../../src/init/columns.js';
import { withIgnoredFolder } from '../../src/init/gitignore.js';
import { cliCommand } from '../../src/init/next-command.js';
import { writeAllOrNothing } from '../../src/init/staged-write.js';
import { REPO_ROOT, jsonl, randomTexts, tempRepo } from '../helpers.js';

async function cli(argv: string[], cwd: string, bin?: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, bin });
  return { code, stdout, stderr };
}

const POOLS: Record<string, string[]> = {
  result: [
    'the results show ',
    'a clear gain ',
    'accuracy improved ',
    'we observe strong effects ',
    'the model performs well '
  ],
  limitation: [
    'one limitation is ',
    'the sample was small ',
    'the window was short ',
    'caution is needed ',
    'data came from one site '
  ]
};

/** Seeded rows: two labels, English and Spanish, texts of several phrases. */
function textRows(prefix: string, count: number, seed: number, languages = ['en', 'es']) {
  const labels = Object.keys(POOLS);
  return Array.from({ length: count }, (_, i) => {
    const label = labels[i % 2] as string;
    const text = (randomTexts(POOLS[label] as string[], 1, 3, seed + i, 2)[0] as string).trim();
    return {
      id: `${prefix}-${String(i + 1).padStart(3, '0')}`,
      text,
      label,
      language: languages[Math.floor(i / 2) % languages.length] as string
    };
  });
}

function csv(header: string[], rows: Array<Array<string | number>>): string {
  const cell = (v: string | number) =>
    typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v);
  return [header.join(','), ...rows.map((r) => r.map(cell).join(','))].join('\n') + '\n';
}

const OUTPUTS = [
  'checks.json',
  'checks.junit.xml',
  'evidence.jsonl',
  'manifest.json',
  'metrics.json',
  'report.html',
  'summary.md'
];

async function initThenRun(root: string, initArgs: string[]) {
  const init = await cli(['init', ...initArgs], root);
  expect(init).toMatchObject({ code: 0, stderr: '' });
  expect(init.stdout).toMatch(/\nNext: evidence-gate run --config \.github\/evidence-gate\.yml\n$/);
  const config = readFileSync(join(root, '.github/evidence-gate.yml'), 'utf8');
  const workflow = parse(readFileSync(join(root, '.github/workflows/evidence-gate.yml'), 'utf8'));
  expect(workflow.jobs.gate.steps[1]).toMatchObject({ id: 'gate', with: { config: '.github/evidence-gate.yml' } });
  expect(workflow.permissions).toEqual({ contents: 'read', actions: 'read' });
  const run = await cli(['run', '--config', '.github/evidence-gate.yml', '--quiet'], root);
  expect(run.stderr).toBe('');
  expect([0, 1]).toContain(run.code);
  expect(readdirSync(join(root, 'evidence-gate-out')).sort()).toEqual(OUTPUTS);
  return { init, config: parse(config), configText: config };
}

describe('init, then run with the written config', () => {
  test('text JSONL: columns by name, languages, the four text models and every family that applies', async () => {
    const root = tempRepo({
      'data/train.jsonl': jsonl(textRows('tr', 40, 1)),
      'data/test.jsonl': jsonl(textRows('te', 20, 500)),
      'data/holdout.jsonl': jsonl(textRows('ho', 12, 900))
    });
    const { init, config, configText } = await initThenRun(root, [
      '--train',
      'data/train.jsonl',
      '--evaluate',
      'data/test.jsonl',
      'data/holdout.jsonl'
    ]);
    expect(config).toMatchObject({
      version: 1,
      task: 'text',
      data: {
        train: 'data/train.jsonl',
        evaluate: { test: 'data/test.jsonl', holdout: 'data/holdout.jsonl' },
        columns: { id: 'id', text: 'text', label: 'label', language: 'language' }
      },
      models: ['naive-bayes', 'tfidf-word', 'tfidf-char', { hybrid: { word_weight: 0.5 } }]
    });
    expect(Object.keys(config.threat_model.attacks)).toEqual(['format', 'transpose', 'append', 'truncate']);
    expect(Object.keys(config.threat_model.attacks.append.sentences)).toEqual(['en', 'es']);
    expect(configText).toContain('# Languages of the evaluation data: en (16 rows), es (16 rows)');
    expect(init.stdout).toContain('Task text; columns: id "id", text "text", label "label", language "language".');
    expect(init.stdout).toContain('families format, transpose, append, truncate');
  });

  test('text CSV: columns by content (unique ids, long strings, few values, language tags), and a dictionary when given', async () => {
    const header = ['ref', 'utterance_body', 'tag', 'lang_code'];
    const rowsOf = (rows: ReturnType<typeof textRows>) => rows.map((r) => [r.id, r.text, r.label, r.language]);
    const root = tempRepo({
      'train.csv': csv(header, rowsOf(textRows('a', 40, 7))),
      'eval/test.csv': csv(header, rowsOf(textRows('b', 16, 70))),
      'dictionary.yml': readFileSync(join(REPO_ROOT, 'examples/academic-intent/dictionary.yml'))
    });
    const { init, config } = await initThenRun(root, [
      '--train',
      'train.csv',
      '--evaluate',
      'eval/test.csv',
      '--dictionary',
      'dictionary.yml'
    ]);
    expect(config.data.columns).toEqual({ id: 'ref', text: 'utterance_body', label: 'tag', language: 'lang_code' });
    expect(config.threat_model.attacks.dictionary).toEqual({ file: 'dictionary.yml' });
    expect(init.stdout).toContain(
      'Task text; columns: id "ref", text "utterance_body", label "tag", language "lang_code".'
    );
  });

  test('tabular CSV: numeric columns are features, bounds are the observed range, logistic regression under noise and fgm', async () => {
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const x1 = ((i * 37 + from) % 100) / 100;
        const x2 = ((i * 61 + 3 * from) % 100) / 100;
        return [`item-${from + i}`, x1, x2, x1 + x2 > 1 ? 1 : 0];
      });
    const root = tempRepo({
      'train.csv': csv(['id', 'x1', 'x2', 'label'], rows(0, 80)),
      'test.csv': csv(['id', 'x1', 'x2', 'label'], rows(1000, 40))
    });
    const { config } = await initThenRun(root, ['--train', 'train.csv', '--evaluate', 'test.csv']);
    expect(config.task).toBe('tabular');
    expect(config.models).toEqual([{ 'logistic-regression': { C: 1 } }]);
    expect(config.threat_model).toMatchObject({
      access: 'white-box',
      attacks: { noise: {}, fgm: {} },
      constraints: { linf_eps: 0.05, bounds: { x1: [0, 0.99], x2: [0, 0.99] } }
    });
    expect(config.data.columns).toEqual({ id: 'id', label: 'label', features: ['x1', 'x2'] });
  });

  test('rows without a language: one slice "unknown", and append is left out (it needs a sentence per language)', async () => {
    const strip = (rows: ReturnType<typeof textRows>) => rows.map((r) => ({ id: r.id, text: r.text, label: r.label }));
    const root = tempRepo({
      'train.jsonl': jsonl(strip(textRows('tr', 30, 3))),
      'test.jsonl': jsonl(strip(textRows('te', 12, 30)))
    });
    const { config, configText } = await initThenRun(root, ['--train', 'train.jsonl', '--evaluate', 'test.jsonl']);
    expect(Object.keys(config.threat_model.attacks)).toEqual(['format', 'transpose', 'truncate']);
    expect(configText).toContain(
      '# append needs a neutral sentence for every language slice; init has none for unknown.'
    );
  });

  test('values read from the data are escaped in the config: a bidi control or a line break cannot hide in it', async () => {
    const hostile = (rows: ReturnType<typeof textRows>) =>
      rows.map((r, i) => ({
        ...r,
        label: r.label === 'result' ? 'res"ult\nnext' : r.label,
        language: i % 4 === 0 ? 'e\u202en' : 'en'
      }));
    const root = tempRepo({
      'train.jsonl': jsonl(hostile(textRows('tr', 30, 3))),
      'test.jsonl': jsonl(hostile(textRows('te', 12, 30)))
    });
    const { init, config, configText } = await initThenRun(root, [
      '--train',
      'train.jsonl',
      '--evaluate',
      'test.jsonl'
    ]);
    expect(configText).not.toMatch(/[\u202e]/);
    expect(configText).toContain('"e\\u202en" (3 rows)');
    expect(configText).toContain('# protected_transitions: [ { from: limitation, to: "res\\"ult\\nnext" } ]');
    expect(Object.keys(config.threat_model.attacks)).toEqual(['format', 'transpose', 'truncate']);
    expect(init.stdout).not.toMatch(/[\u202e]/);
  });
});

test('from a subfolder of a git repository: paths against the root, the next command from where it was typed, the current branch in the workflow', async () => {
  const root = tempRepo({
    '.git/HEAD': 'ref: refs/heads/trunk\n',
    'data/train.jsonl': jsonl(textRows('tr', 30, 3)),
    'data/test.jsonl': jsonl(textRows('te', 12, 30))
  });
  const cwd = join(root, 'data');
  const init = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], cwd);
  expect(init.stdout.trimEnd().split('\n').pop()).toBe('Next: evidence-gate run --config ../.github/evidence-gate.yml');
  expect(parse(readFileSync(join(root, '.github/evidence-gate.yml'), 'utf8')).data).toMatchObject({
    train: 'data/train.jsonl',
    evaluate: { test: 'data/test.jsonl' }
  });
  expect(parse(readFileSync(join(root, '.github/workflows/evidence-gate.yml'), 'utf8')).on).toEqual({
    pull_request: { branches: ['trunk'] },
    push: { branches: ['trunk'] }
  });
  expect([0, 1]).toContain((await cli(['run', '--config', '../.github/evidence-gate.yml', '--quiet'], cwd)).code);
});

describe('init refuses', () => {
  const data = () => ({ 'train.jsonl': jsonl(textRows('tr', 20, 1)), 'test.jsonl': jsonl(textRows('te', 8, 50)) });

  test('to overwrite a config or a workflow, naming the file, and writes nothing', async () => {
    const root = tempRepo({ ...data(), '.github/evidence-gate.yml': 'mine\n' });
    expect(await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'evidence-gate: usage error: .github/evidence-gate.yml already exists; init never overwrites a file (edit it, or move it away and run init again)\n'
    });
    expect(readFileSync(join(root, '.github/evidence-gate.yml'), 'utf8')).toBe('mine\n');
    expect(existsSync(join(root, '.github/workflows'))).toBe(false);
    const other = tempRepo({ ...data(), '.github/workflows/evidence-gate.yml': 'mine\n' });
    const r = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], other);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('.github/workflows/evidence-gate.yml already exists');
    expect(existsSync(join(other, '.github/evidence-gate.yml'))).toBe(false);
  });

  test.each([
    ['invalid UTF-8', Buffer.concat([Buffer.from(jsonl(textRows('tr', 3, 1))), Buffer.from([0x7b, 0xff, 0x7d, 0x0a])])],
    ['a malformed JSON line', jsonl(textRows('tr', 3, 1)) + '{not json}\n'],
    ['an empty file', '']
  ])("unreadable data (%s) with run's own message", async (_what, content) => {
    const files = { ...data(), 'train.jsonl': content };
    const viaInit = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], tempRepo(files));
    const config =
      'version: 1\nthreat_model: { id: tm }\ndata: { train: train.jsonl, evaluate: { test: test.jsonl } }\nmodels: [naive-bayes]\n';
    const viaRun = await cli(['run', '--config', 'c.yml'], tempRepo({ ...files, 'c.yml': config }));
    expect(viaInit.code).toBe(2);
    expect(viaInit.stderr).toMatch(/^evidence-gate: data error: train\.jsonl:\d+/);
    expect(viaInit.stderr).toBe(viaRun.stderr);
  });

  test("a missing file with the reader's message", async () => {
    const r = await cli(['init', '--train', 'nope.jsonl', '--evaluate', 'test.jsonl'], tempRepo(data()));
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'evidence-gate: data error: nope.jsonl: cannot read (ENOENT); expected a readable file\n'
    });
  });

  test("data run would refuse (an evaluation label never seen in training) with run's message", async () => {
    const test = [
      ...textRows('te', 4, 50),
      { id: 'te-x', text: 'something else entirely', label: 'other', language: 'en' }
    ];
    const r = await cli(
      ['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'],
      tempRepo({ ...data(), 'test.jsonl': jsonl(test) })
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'evidence-gate: data error: test.jsonl:5: label "other" never occurs in the training data; expected one of "limitation", "result"\n'
    );
  });

  test('no label-like column: one line naming the candidates', async () => {
    const rows = textRows('tr', 12, 1).map((r, i) => [r.id, r.text, (i * 0.37).toFixed(2)]);
    const root = tempRepo({
      'train.csv': csv(['id', 'text', 'score'], rows),
      'test.csv': csv(
        ['id', 'text', 'score'],
        rows.slice(0, 3).map((r) => [`x${r[0]}`, r[1] as string, r[2] as string])
      )
    });
    const r = await cli(['init', '--train', 'train.csv', '--evaluate', 'test.csv'], root);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toBe(
      'evidence-gate: usage error: train.csv: no label column recognised; expected a column named label, intent, class, target, category, labels, gold, or one with 2 to 50 distinct values in every row; found "score" (12 distinct of 12 values, numbers)\n'
    );
  });

  test('two columns that could each be the label: both named', async () => {
    const rows = textRows('tr', 12, 1).map((r, i) => [r.id, r.text, r.label, i % 3 === 0 ? 'news' : 'blog']);
    const root = tempRepo({
      'train.csv': csv(['id', 'text', 'kind', 'source'], rows),
      'test.csv': csv(
        ['id', 'text', 'kind', 'source'],
        rows.slice(0, 2).map((r) => [`x${r[0]}`, ...r.slice(1)])
      )
    });
    const r = await cli(['init', '--train', 'train.csv', '--evaluate', 'test.csv'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^evidence-gate: usage error: train\.csv: more than one column could be the label: "kind" \(2 distinct of 12 values, strings of \d+ characters on average\), "source" \(2 distinct of 12 values, .*\); rename the label column to one of label, intent, class, target, category, labels, gold and run init again\n$/
    );
  });

  test.each([
    [['init', '--evaluate', 'a.jsonl'], 'evidence-gate: usage error: init needs --train FILE (see --help)\n'],
    [['init', '--train', 'a.jsonl'], 'evidence-gate: usage error: init needs --evaluate FILE... (see --help)\n'],
    [
      ['init', '--train', 'a.jsonl', '--evaluate', 'b.jsonl', '--task', 'image'],
      'evidence-gate: usage error: --task: expected text or tabular, found "image"\n'
    ],
    [
      ['init', '--train', 'a.jsonl', '--evaluate', 'b.jsonl', '--out', 'x'],
      'evidence-gate: usage error: init does not take --out (see --help)\n'
    ]
  ])('usage %j', async (argv, message) => {
    expect(await cli(argv, tempRepo())).toEqual({ code: 2, stdout: '', stderr: message });
  });

  test('the same file twice', async () => {
    const r = await cli(
      ['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl', '--evaluate', './test.jsonl'],
      tempRepo(data())
    );
    expect(r).toMatchObject({
      code: 2,
      stderr:
        'evidence-gate: usage error: test.jsonl is given twice; expected each data file once (training data is never evaluated)\n'
    });
  });
});

describe('column recognition', () => {
  const records = (rows: Array<Record<string, unknown>>) => rows.map((values, i) => ({ line: i + 1, values }));
  const names = (rows: Array<Record<string, unknown>>) => Object.keys(rows[0] as object);

  test('names win over content, case-insensitively, in the order of the common names', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      UID: `u${i}`,
      Sentence: `some words here ${i}`,
      Intent: i % 2 ? 'a' : 'b',
      Category: 'x',
      Locale: 'en-US',
      Domain: 'd'
    }));
    const r = recogniseColumns(profileColumns(records(rows), names(rows)), 'f');
    expect(r).toMatchObject({
      task: 'text',
      id: 'UID',
      text: 'Sentence',
      label: 'Intent',
      language: 'Locale',
      domain: 'Domain',
      unused: ['Category']
    });
  });

  test('a label of language-like values is still the label when nothing else fits', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({
      key: `k${i}`,
      body: `a longer sentence of words ${i}`,
      answer: i % 2 ? 'no' : 'en'
    }));
    expect(recogniseColumns(profileColumns(records(rows), names(rows)), 'f')).toMatchObject({
      label: 'answer',
      language: null
    });
  });

  test('--task tabular ignores a text column; no numeric feature is an error naming the columns', () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({
      id: `r${i}`,
      text: `words and words ${i}`,
      label: i % 2 ? 'a' : 'b',
      f: i / 7
    }));
    expect(recogniseColumns(profileColumns(records(rows), names(rows)), 'f', 'tabular')).toMatchObject({
      task: 'tabular',
      features: ['f'],
      unused: ['text']
    });
    const none = rows.map((r) => ({ id: r.id, text: r.text, label: r.label }));
    expect(() => recogniseColumns(profileColumns(records(none), names(none)), 'f', 'tabular')).toThrow(
      /^f: no numeric feature column for a tabular task; .* found no other columns$/
    );
  });

  test('language tags are told from short labels', () => {
    for (const tag of ['en', 'pt-BR', 'pt_BR', 'zh-Hant', 'es']) expect(isLanguageTag(tag)).toBe(true);
    for (const word of ['pos', 'neg', 'spam', 'ham', 'x1', 'yes', '']) expect(isLanguageTag(word)).toBe(false);
  });

  test('split names follow the file names, valid and unique', () => {
    const taken = new Set<string>();
    expect(
      ['a/test.jsonl', 'b/test.jsonl', 'train.csv', '2024 eval.CSV', 'ok.ndjson'].map((p) => splitName(p, taken))
    ).toEqual(['test', 'test-2', 'train-eval', 'split-2024-eval', 'ok']);
  });
});

test('a .github that is a file, not a folder: refused before anything is read or written', async () => {
  const root = tempRepo({ 'train.jsonl': jsonl(textRows('tr', 20, 1)), 'test.jsonl': jsonl(textRows('te', 8, 50)) });
  writeFileSync(join(root, '.github'), 'a file, not a folder');
  const r = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], root);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(
    /^evidence-gate: usage error: \.github\/evidence-gate\.yml: expected a path whose parents are folders/
  );
});

describe('too many numeric columns for a config', () => {
  /** `rows` rows of `columns` numeric columns whose values need many digits (long bounds lines). */
  function wide(prefix: string, rows: number, columns: number): object[] {
    return Array.from({ length: rows }, (_, i) => {
      const row: Record<string, string | number> = { id: `${prefix}${i}`, label: i % 2 === 0 ? 'a' : 'b' };
      for (let j = 0; j < columns; j++) row[`f${j}`] = j + 0.1234567891 * (i + 1);
      return row;
    });
  }

  test('6,000 columns: a data error up front saying how many fit, and no folder or file left behind', async () => {
    const root = tempRepo({ 'train.jsonl': jsonl(wide('t', 4, 6000)), 'test.jsonl': jsonl(wide('e', 2, 6000)) });
    const r = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], root);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^evidence-gate: data error: train\.jsonl: expected at most about \d+ numeric feature columns, found 6000: the config naming them would be \d+ bytes, and a config holds at most 262144 bytes \(256 KiB\); keep only the columns the model should read in the data files\n$/
    );
    expect(readdirSync(root).sort()).toEqual(['test.jsonl', 'train.jsonl']);
  });

  test('as many columns as the estimate allows: a config that loads', async () => {
    const root = tempRepo({ 'train.jsonl': jsonl(wide('t', 4, 6000)), 'test.jsonl': jsonl(wide('e', 2, 6000)) });
    const fit = Number(
      /about (\d+)/.exec((await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], root)).stderr)?.[1]
    );
    expect(fit).toBeGreaterThan(1000);
    const fits = tempRepo({ 'train.jsonl': jsonl(wide('t', 4, fit)), 'test.jsonl': jsonl(wide('e', 2, fit)) });
    const r = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], fits);
    expect(r).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('the output folder in .gitignore', () => {
  const data = () => ({ 'train.jsonl': jsonl(textRows('tr', 20, 1)), 'test.jsonl': jsonl(textRows('te', 8, 50)) });

  test('created when missing, appended to when it lacks the folder, left alone when it has it', async () => {
    const fresh = tempRepo(data());
    const created = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], fresh);
    expect(created.code).toBe(0);
    expect(readFileSync(join(fresh, '.gitignore'), 'utf8')).toBe('evidence-gate-out/\n');
    expect(created.stdout).toContain('\nAdded evidence-gate-out/ to .gitignore: run writes its evidence there.\n');

    const other = tempRepo({ ...data(), '.gitignore': 'node_modules' });
    expect((await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], other)).code).toBe(0);
    expect(readFileSync(join(other, '.gitignore'), 'utf8')).toBe('node_modules\nevidence-gate-out/\n');

    const has = tempRepo({ ...data(), '.gitignore': 'dist\n/evidence-gate-out\n' });
    const kept = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], has);
    expect(kept.code).toBe(0);
    expect(readFileSync(join(has, '.gitignore'), 'utf8')).toBe('dist\n/evidence-gate-out\n');
    expect(kept.stdout).not.toContain('.gitignore');
  });

  test('the folder is recognised in its usual spellings, and a file without a final line break keeps its lines', () => {
    for (const line of [
      'evidence-gate-out',
      'evidence-gate-out/',
      '/evidence-gate-out/',
      '**/evidence-gate-out',
      'evidence-gate-out/  '
    ]) {
      expect(withIgnoredFolder(`a\n${line}\nb\n`, 'evidence-gate-out')).toBeNull();
    }
    expect(withIgnoredFolder('', 'evidence-gate-out')).toBe('evidence-gate-out/\n');
    expect(withIgnoredFolder('a\r\nb', 'evidence-gate-out')).toBe('a\r\nb\r\nevidence-gate-out/\r\n');
    expect(withIgnoredFolder('evidence-gate-out-old/\n', 'evidence-gate-out')).toBe(
      'evidence-gate-out-old/\nevidence-gate-out/\n'
    );
  });
});

describe('the "Next:" command works where init ran', () => {
  /** A fake package at `dir`: bin/evidence-gate.js, as the real bin file sits in a clone or an install. */
  function fakePackage(dir: string): string {
    mkdirSync(join(dir, 'bin'), { recursive: true });
    writeFileSync(join(dir, 'bin', 'evidence-gate.js'), '');
    return join(dir, 'bin', 'evidence-gate.js');
  }

  test('from a clone: node and the path to its bin, relative to the current folder', async () => {
    const root = tempRepo({ 'train.jsonl': jsonl(textRows('tr', 20, 1)), 'test.jsonl': jsonl(textRows('te', 8, 50)) });
    const bin = fakePackage(join(root, 'tools', 'evidence-gate'));
    const r = await cli(['init', '--train', 'train.jsonl', '--evaluate', 'test.jsonl'], root, bin);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n').pop()).toBe(
      'Next: node tools/evidence-gate/bin/evidence-gate.js run --config .github/evidence-gate.yml'
    );
  });

  test('inside a project that installed the package: npx; outside it: node and the path', () => {
    const dir = tempRepo({ 'project/package.json': '{}', 'project/src/a.ts': '', 'elsewhere/x': '' });
    const bin = fakePackage(join(dir, 'project', 'node_modules', 'evidence-gate'));
    expect(cliCommand(bin, join(dir, 'project'), '')).toBe('npx evidence-gate');
    expect(cliCommand(bin, join(dir, 'project', 'src'), '')).toBe('npx evidence-gate');
    expect(cliCommand(bin, join(dir, 'elsewhere'), '')).toBe(
      'node ../project/node_modules/evidence-gate/bin/evidence-gate.js'
    );
  });

  test('installed globally (the evidence-gate on PATH is this bin): evidence-gate; bin not known: evidence-gate', () => {
    const dir = tempRepo({ 'work/x': '' });
    const bin = fakePackage(join(dir, 'prefix', 'lib', 'node_modules', 'evidence-gate'));
    mkdirSync(join(dir, 'prefix', 'bin'));
    symlinkSync(bin, join(dir, 'prefix', 'bin', 'evidence-gate'));
    expect(cliCommand(bin, join(dir, 'work'), ['/nonexistent', join(dir, 'prefix', 'bin')].join(delimiter))).toBe(
      'evidence-gate'
    );
    expect(cliCommand(bin, join(dir, 'work'), '/nonexistent')).toBe(
      'node ../prefix/lib/node_modules/evidence-gate/bin/evidence-gate.js'
    );
    expect(cliCommand(null, join(dir, 'work'), '')).toBe('evidence-gate');
  });
});

test('files are written all or none: a failing check leaves no file and no folder it made', () => {
  const root = tempRepo({ '.github/keep.txt': 'mine\n' });
  const files = [
    { absolute: join(root, '.github', 'evidence-gate.yml'), text: 'a' },
    { absolute: join(root, '.github', 'workflows', 'evidence-gate.yml'), text: 'b' },
    { absolute: join(root, 'new', 'deeper', 'x.txt'), text: 'c' }
  ];
  expect(() =>
    writeAllOrNothing(files, (staged) => {
      expect(readFileSync(staged(files[0]!.absolute), 'utf8')).toBe('a');
      throw new Error('refused');
    })
  ).toThrow('refused');
  expect(readdirSync(root)).toEqual(['.github']);
  expect(readdirSync(join(root, '.github'))).toEqual(['keep.txt']);
  writeAllOrNothing(files, () => undefined);
  expect(files.map((f) => readFileSync(f.absolute, 'utf8'))).toEqual(['a', 'b', 'c']);
  expect(readdirSync(join(root, '.github')).sort()).toEqual(['evidence-gate.yml', 'keep.txt', 'workflows']);
});
