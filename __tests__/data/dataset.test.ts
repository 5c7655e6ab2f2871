import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadPlan } from '../../src/config/load.js';
import { LABEL_DIGEST_DEFINITION, loadDataset, type Dataset, type DataPlan } from '../../src/data/dataset.js';
import { DataError } from '../../src/errors.js';
import { jsonl, minimalConfig, tinyRepo } from '../helpers.js';

const TRAIN = [
  { id: 't1', text: 'the results show a clear gain', label: 'result', language: 'en' },
  { id: 't2', text: 'results show strong gains overall', label: 'result', language: 'en' },
  { id: 't3', text: 'one limitation is the small sample', label: 'limitation', language: 'en' },
  { id: 't4', text: 'a limitation is the short window', label: 'limitation', language: 'en' }
];

const TRAIN_CSV = [
  'id,text,label,language',
  't1,the results show a clear gain,result,en',
  't2,results show strong gains overall,result,en',
  't3,one limitation is the small sample,limitation,en',
  't4,a limitation is the short window,limitation,en',
  ''
].join('\n');

interface Setup {
  /** Files written into the repository (path → content), on top of tinyRepo's data. */
  files?: Record<string, string | Uint8Array>;
  /** Replacement paths for the three data files in the config. */
  train?: string;
  controlled?: string;
  challenge?: string;
  /** Extra YAML lines inside the `data:` mapping, e.g. `  on_bad_row: skip`. */
  data?: string;
  /** Last edit of the config text. */
  edit?: (config: string) => string;
}

/** Build a tiny repository and return the data part of its loaded plan. */
function dataPlan(setup: Setup = {}): DataPlan {
  let config = minimalConfig();
  if (setup.train) config = config.replace('train: data/train.jsonl', `train: ${setup.train}`);
  if (setup.controlled) config = config.replace('controlled: data/controlled.jsonl', `controlled: ${setup.controlled}`);
  if (setup.challenge) config = config.replace('challenge: data/challenge.jsonl', `challenge: ${setup.challenge}`);
  if (setup.data) config = config.replace('data:\n', `data:\n${setup.data}\n`);
  if (setup.edit) config = setup.edit(config);
  const root = tinyRepo({ 'evidence-gate.yml': config, ...setup.files });
  return loadPlan({ root, configPath: 'evidence-gate.yml' }).data;
}

function load(setup: Setup = {}): Dataset {
  return loadDataset(dataPlan(setup));
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, but none was thrown');
}

/** Assert that loading fails with a DataError whose message is exactly `message`. */
function expectDataError(setup: Setup, message: string): void {
  const plan = dataPlan(setup);
  const error = thrown(() => loadDataset(plan));
  expect(error).toBeInstanceOf(DataError);
  expect(error.message).toBe(message);
}

/** The engine's own JSON.parse message for a line, as the reader embeds it. */
function jsonParseMessage(line: string): string {
  try {
    JSON.parse(line);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${line} is valid JSON`);
}

function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** TRAIN as JSONL with `line` replacing row number `at` (1-based). */
function trainWithLine(at: number, line: string): string {
  const lines = TRAIN.map((r) => JSON.stringify(r));
  lines.splice(at - 1, 1, line);
  return lines.join('\n') + '\n';
}

/** TRAIN as JSONL with row number `at` (1-based) replaced by `row`. */
function trainWithRow(at: number, row: object): string {
  return trainWithLine(at, JSON.stringify(row));
}

describe('loadDataset: unreadable and undecodable files', () => {
  test('a data file removed after the config was checked cannot be read', () => {
    const plan = dataPlan();
    rmSync(plan.train.absolute);
    const error = thrown(() => loadDataset(plan));
    expect(error).toBeInstanceOf(DataError);
    expect(error.message).toBe('data/train.jsonl: cannot read (ENOENT); expected a readable file');
  });

  test('a data file replaced by a directory cannot be read', () => {
    const plan = dataPlan();
    rmSync(plan.train.absolute);
    mkdirSync(plan.train.absolute);
    const error = thrown(() => loadDataset(plan));
    expect(error).toBeInstanceOf(DataError);
    expect(error.message).toBe('data/train.jsonl: cannot read (EISDIR); expected a readable file');
  });

  test('invalid UTF-8 byte 0xff names line and column', () => {
    const line2 = '{"id":"t2","text":"ab'; // 21 bytes, so the bad byte is column 22
    const bytes = Buffer.concat([
      Buffer.from(JSON.stringify(TRAIN[0]) + '\n' + line2),
      Buffer.from([0xff]),
      Buffer.from(
        'cd","label":"result"}\n' +
          TRAIN.slice(2)
            .map((r) => JSON.stringify(r))
            .join('\n') +
          '\n'
      )
    ]);
    expectDataError(
      { files: { 'data/train.jsonl': bytes } },
      'data/train.jsonl:2:22: invalid UTF-8 (byte 0xff); expected UTF-8 text'
    );
  });

  test('an invalid two-byte sequence 0xc3 0x28 names line and column of its first byte', () => {
    const line2 = '{"id":"t2","text":"ab';
    const bytes = Buffer.concat([
      Buffer.from(JSON.stringify(TRAIN[0]) + '\n' + line2),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(
        'cd","label":"result"}\n' +
          TRAIN.slice(2)
            .map((r) => JSON.stringify(r))
            .join('\n') +
          '\n'
      )
    ]);
    expectDataError(
      { files: { 'data/train.jsonl': bytes } },
      'data/train.jsonl:2:22: invalid UTF-8 (byte 0xc3); expected UTF-8 text'
    );
  });

  test('invalid UTF-8 in a CSV file names line and column', () => {
    const bytes = Buffer.concat([Buffer.from('id,text,label\nt1,ab'), Buffer.from([0xff]), Buffer.from(',result\n')]);
    expectDataError(
      { train: 'data/train.csv', files: { 'data/train.csv': bytes } },
      'data/train.csv:2:6: invalid UTF-8 (byte 0xff); expected UTF-8 text'
    );
  });

  test('an unsupported extension', () => {
    expectDataError(
      { train: 'data/train.txt', files: { 'data/train.txt': jsonl(TRAIN) } },
      'data/train.txt: unsupported extension ".txt"; expected .jsonl or .csv'
    );
  });
});

describe('loadDataset: malformed rows', () => {
  test('a malformed JSON line', () => {
    const bad = '{"id": "t3", "text": ';
    expectDataError(
      { files: { 'data/train.jsonl': trainWithLine(3, bad) } },
      `data/train.jsonl:3: malformed JSON (${jsonParseMessage(bad)}); expected one JSON object per line`
    );
  });

  test('a JSON line holding a list', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithLine(2, '[1, 2]') } },
      'data/train.jsonl:2: expected a JSON object, found a list of 2'
    );
  });

  test('a JSON line holding a number', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithLine(2, '42') } },
      'data/train.jsonl:2: expected a JSON object, found number 42'
    );
  });

  test('a JSON line holding null', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithLine(2, 'null') } },
      'data/train.jsonl:2: expected a JSON object, found null'
    );
  });

  test('a CSV row with the wrong number of fields', () => {
    const csv = TRAIN_CSV.replace(
      't2,results show strong gains overall,result,en',
      't2,results show strong gains overall,result'
    );
    expectDataError(
      { train: 'data/train.csv', files: { 'data/train.csv': csv } },
      'data/train.csv:3: malformed CSV row (expect 4, got 3 on line 3)'
    );
  });

  test('a CSV row with an unclosed quote names the line where the quote opens', () => {
    const csv = TRAIN_CSV.replace('t3,one limitation', 't3,"one limitation');
    const plan = dataPlan({ train: 'data/train.csv', files: { 'data/train.csv': csv } });
    const error = thrown(() => loadDataset(plan));
    expect(error).toBeInstanceOf(DataError);
    expect(error.message).toMatch(/^data\/train\.csv:4: malformed CSV row \(/);
  });

  test('a CSV header without a required column', () => {
    const csv = TRAIN_CSV.replace('id,text,label,language', 'id,body,label,language');
    expectDataError(
      { train: 'data/train.csv', files: { 'data/train.csv': csv } },
      'data/train.csv:1: missing required column "text" (text); found columns "id", "body", "label", "language"'
    );
  });

  test('a CSV header naming a column twice', () => {
    const csv = TRAIN_CSV.replace('id,text,label,language', 'id,text,label,text');
    expectDataError(
      { train: 'data/train.csv', files: { 'data/train.csv': csv } },
      'data/train.csv:1: CSV header names column "text" twice; expected unique column names'
    );
  });

  test('a JSONL row without a label', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', text: 'results show strong gains overall' }) } },
      'data/train.jsonl:2: missing required column "label" (label)'
    );
  });

  test('a JSONL row without text', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', label: 'result' }) } },
      'data/train.jsonl:2: missing required column "text" (text)'
    );
  });

  test('a JSONL row without an id', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { text: 'x y', label: 'result' }) } },
      'data/train.jsonl:2: missing required column "id" (id)'
    );
  });
});

describe('loadDataset: field values', () => {
  test('empty text', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', text: '', label: 'result' }) } },
      'data/train.jsonl:2: column "text" (text): expected non-empty text, found ""'
    );
  });

  test('whitespace-only text', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', text: ' \t ', label: 'result' }) } },
      'data/train.jsonl:2: column "text" (text): expected non-empty text, found " \\t "'
    );
  });

  test('whitespace-only text in a CSV row', () => {
    const csv = TRAIN_CSV.replace('t2,results show strong gains overall,', 't2,   ,');
    expectDataError(
      { train: 'data/train.csv', files: { 'data/train.csv': csv } },
      'data/train.csv:3: column "text" (text): expected non-empty text, found "   "'
    );
  });

  test('numeric text', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', text: 5, label: 'result' }) } },
      'data/train.jsonl:2: column "text" (text): expected a string, found number 5'
    );
  });

  test('null text', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', text: null, label: 'result' }) } },
      'data/train.jsonl:2: column "text" (text): expected a string, found null'
    );
  });

  test('object text', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', text: { en: 'hi' }, label: 'result' }) } },
      'data/train.jsonl:2: column "text" (text): expected a string, found a mapping'
    );
  });

  test('a null id', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: null, text: 'x y', label: 'result' }) } },
      'data/train.jsonl:2: column "id" (id): expected a string or number, found null'
    );
  });

  test('a boolean id', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: true, text: 'x y', label: 'result' }) } },
      'data/train.jsonl:2: column "id" (id): expected a string or number, found boolean true'
    );
  });

  test('an empty id', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(2, { id: '', text: 'x y', label: 'result' }) } },
      'data/train.jsonl:2: column "id" (id): expected a non-empty value, found ""'
    );
  });

  test('an empty label in a CSV row', () => {
    const csv = TRAIN_CSV.replace(
      't2,results show strong gains overall,result,en',
      't2,results show strong gains overall,,en'
    );
    expectDataError(
      { train: 'data/train.csv', files: { 'data/train.csv': csv } },
      'data/train.csv:3: column "label" (label): expected a non-empty value, found ""'
    );
  });
});

describe('loadDataset: ids and labels across files', () => {
  test('a duplicate id in the training file', () => {
    expectDataError(
      { files: { 'data/train.jsonl': trainWithRow(3, { id: 't1', text: 'x y', label: 'limitation' }) } },
      'data/train.jsonl:3: duplicate id "t1" in split "train"; expected unique ids, first seen at data/train.jsonl:1'
    );
  });

  test('a duplicate id within an evaluation split', () => {
    const controlled = jsonl([
      { id: 'c1', text: 'results show a gain', label: 'result' },
      { id: 'c1', text: 'a limitation is the sample', label: 'limitation' }
    ]);
    expectDataError(
      { files: { 'data/controlled.jsonl': controlled } },
      'data/controlled.jsonl:2: duplicate id "c1" in split "controlled"; expected unique ids, first seen at data/controlled.jsonl:1'
    );
  });

  test('a duplicate id across evaluation splits', () => {
    const challenge = jsonl([
      { id: 'h1', text: 'we observe gains in results', label: 'result' },
      { id: 'c2', text: 'caution: the window was short', label: 'limitation' }
    ]);
    expectDataError(
      { files: { 'data/challenge.jsonl': challenge } },
      'data/challenge.jsonl:2: duplicate id "c2" in splits "controlled" and "challenge"; expected unique ids, first seen at data/controlled.jsonl:2'
    );
  });

  test('an evaluation id may repeat a training id', () => {
    const controlled = jsonl([
      { id: 't1', text: 'results show a gain', label: 'result' },
      { id: 'c2', text: 'a limitation is the sample', label: 'limitation' }
    ]);
    const dataset = load({ files: { 'data/controlled.jsonl': controlled } });
    expect(dataset.splits[0]?.examples.map((e) => e.id)).toEqual(['c2', 't1']);
  });

  test('an evaluation label the training data never had', () => {
    const controlled = jsonl([
      { id: 'c1', text: 'results show a gain', label: 'result' },
      { id: 'c2', text: 'we use a survey', label: 'method' }
    ]);
    expectDataError(
      { files: { 'data/controlled.jsonl': controlled } },
      'data/controlled.jsonl:2: label "method" never occurs in the training data; expected one of "limitation", "result"'
    );
  });

  test('training data with a single label', () => {
    expectDataError(
      { files: { 'data/train.jsonl': jsonl(TRAIN.map((r) => ({ ...r, label: 'result' }))) } },
      'data/train.jsonl: training data has 1 label; expected at least two labels to classify'
    );
  });
});

describe('loadDataset: empty files', () => {
  test('an empty file', () => {
    expectDataError({ files: { 'data/train.jsonl': '' } }, 'data/train.jsonl:1: empty file; expected at least one row');
  });

  test('a file of blank lines', () => {
    expectDataError(
      { files: { 'data/challenge.jsonl': '\n  \r\n\n' } },
      'data/challenge.jsonl:1: empty file; expected at least one row'
    );
  });

  test('a CSV file with a header and no rows', () => {
    expectDataError(
      { train: 'data/train.csv', files: { 'data/train.csv': 'id,text,label\n' } },
      'data/train.csv:1: no usable rows; expected at least one row'
    );
  });
});

describe('loadDataset: accepted input forms', () => {
  test('a byte-order mark before JSONL', () => {
    const dataset = load({ files: { 'data/train.jsonl': '\uFEFF' + jsonl(TRAIN) } });
    expect(dataset.train.map((e) => e.id)).toEqual(['t1', 't2', 't3', 't4']);
  });

  test('a byte-order mark before a CSV header', () => {
    const dataset = load({ train: 'data/train.csv', files: { 'data/train.csv': '\uFEFF' + TRAIN_CSV } });
    expect(dataset.train.map((e) => e.id)).toEqual(['t1', 't2', 't3', 't4']);
  });

  test('CRLF line ends in JSONL', () => {
    const dataset = load({ files: { 'data/train.jsonl': TRAIN.map((r) => JSON.stringify(r)).join('\r\n') + '\r\n' } });
    expect(dataset.train.map((e) => [e.id, e.label, e.line])).toEqual([
      ['t1', 'result', 1],
      ['t2', 'result', 2],
      ['t3', 'limitation', 3],
      ['t4', 'limitation', 4]
    ]);
  });

  test('CRLF line ends in CSV leave no carriage return in the last column', () => {
    const dataset = load({ train: 'data/train.csv', files: { 'data/train.csv': TRAIN_CSV.split('\n').join('\r\n') } });
    expect(dataset.train.map((e) => [e.id, e.language])).toEqual([
      ['t1', 'en'],
      ['t2', 'en'],
      ['t3', 'en'],
      ['t4', 'en']
    ]);
    expect(dataset.labels).toEqual(['limitation', 'result']);
  });

  test('blank JSONL lines are skipped and line numbers still count them', () => {
    const text =
      '\n' +
      JSON.stringify(TRAIN[0]) +
      '\n\n  \n' +
      TRAIN.slice(1)
        .map((r) => JSON.stringify(r))
        .join('\n') +
      '\n\n';
    const dataset = load({ files: { 'data/train.jsonl': text } });
    expect(dataset.train.map((e) => [e.id, e.line])).toEqual([
      ['t1', 2],
      ['t2', 5],
      ['t3', 6],
      ['t4', 7]
    ]);
  });

  test('blank lines between CSV rows are skipped', () => {
    const csv = TRAIN_CSV.split('\n').join('\r\n\r\n');
    const dataset = load({ train: 'data/train.csv', files: { 'data/train.csv': csv } });
    expect(dataset.train.map((e) => [e.id, e.line])).toEqual([
      ['t1', 3],
      ['t2', 5],
      ['t3', 7],
      ['t4', 9]
    ]);
  });

  test('numeric ids and labels become their decimal text', () => {
    const train = jsonl([
      { id: 7, text: 'alpha beta', label: 1 },
      { id: 2.5, text: 'gamma delta', label: 2 }
    ]);
    const controlled = jsonl([{ id: 10, text: 'alpha', label: 1 }]);
    const challenge = jsonl([{ id: 0.25, text: 'gamma', label: 2 }]);
    const dataset = load({
      files: { 'data/train.jsonl': train, 'data/controlled.jsonl': controlled, 'data/challenge.jsonl': challenge }
    });
    expect(dataset.train.map((e) => [e.id, e.label])).toEqual([
      ['7', '1'],
      ['2.5', '2']
    ]);
    expect(dataset.labels).toEqual(['1', '2']);
    expect(dataset.splits.map((s) => s.examples.map((e) => e.id))).toEqual([['10'], ['0.25']]);
  });

  test('an integer id beyond 2^53 is refused instead of silently losing digits', () => {
    const train =
      '{"id": 12345678901234567891, "text": "alpha beta", "label": "a"}\n{"id": 2, "text": "gamma delta", "label": "b"}\n';
    expectDataError(
      {
        files: {
          'data/train.jsonl': train,
          'data/controlled.jsonl': jsonl([{ id: 'c', text: 'alpha', label: 'a' }]),
          'data/challenge.jsonl': jsonl([{ id: 'h', text: 'gamma', label: 'b' }])
        }
      },
      'data/train.jsonl:1: column "id": a whole number beyond 2^53 cannot be read exactly; expected a string (quote the value in the file)'
    );
  });

  test('column names are mapped by config', () => {
    const rename = (rows: Array<Record<string, string>>) =>
      jsonl(rows.map((r) => ({ uid: r.id, body: r.text, y: r.label })));
    const dataset = load({
      data: '  columns: { id: uid, text: body, label: y }',
      files: {
        'data/train.jsonl': rename(TRAIN),
        'data/controlled.jsonl': rename([{ id: 'c1', text: 'results show a gain', label: 'result' }]),
        'data/challenge.jsonl': rename([{ id: 'h1', text: 'a limitation remains', label: 'limitation' }])
      }
    });
    expect(dataset.train[0]).toEqual({
      id: 't1',
      split: 'train',
      label: 'result',
      language: 'unknown',
      domain: null,
      input: { kind: 'text', text: 'the results show a clear gain' },
      file: 'data/train.jsonl',
      line: 1
    });
    expect(dataset.splits.map((s) => s.examples.map((e) => [e.id, e.label]))).toEqual([
      [['c1', 'result']],
      [['h1', 'limitation']]
    ]);
  });

  test('a mapped column missing from a row is reported under its configured name', () => {
    expectDataError(
      {
        data: '  columns: { label: y }',
        files: { 'data/train.jsonl': trainWithRow(2, { id: 't2', text: 'x y', y: 'result' }) }
      },
      'data/train.jsonl:1: missing required column "y" (label)'
    );
  });

  test('a missing or empty language is the slice "unknown"', () => {
    const controlled = jsonl([
      { id: 'c1', text: 'results show a gain', label: 'result' },
      { id: 'c2', text: 'a limitation is the sample', label: 'limitation', language: '' },
      { id: 'c3', text: 'a limitation remains', label: 'limitation', language: null }
    ]);
    const dataset = load({ files: { 'data/controlled.jsonl': controlled } });
    expect(dataset.splits[0]?.examples.map((e) => e.language)).toEqual(['unknown', 'unknown', 'unknown']);
    expect(dataset.languages).toEqual(['es', 'unknown']);
  });

  test('the domain column is optional and kept when present', () => {
    const controlled = jsonl([
      { id: 'c1', text: 'results show a gain', label: 'result', domain: 'biology' },
      { id: 'c2', text: 'a limitation is the sample', label: 'limitation' }
    ]);
    const dataset = load({ files: { 'data/controlled.jsonl': controlled } });
    expect(dataset.splits[0]?.examples.map((e) => e.domain)).toEqual(['biology', null]);
  });

  test('CSV quoted fields may hold commas, quotes and newlines', () => {
    const csv = [
      'id,text,label',
      't1,"results, clearly, show a gain",result',
      't2,"results show ""strong"" gains",result',
      't3,"one limitation:',
      'the small sample",limitation',
      't4,a limitation is the short window,limitation',
      ''
    ].join('\n');
    const dataset = load({ train: 'data/train.csv', files: { 'data/train.csv': csv } });
    expect(dataset.train.map((e) => (e.input.kind === 'text' ? e.input.text : null))).toEqual([
      'results, clearly, show a gain',
      'results show "strong" gains',
      'one limitation:\nthe small sample',
      'a limitation is the short window'
    ]);
  });

  test('all three data files may be CSV', () => {
    const dataset = load({
      train: 'data/train.csv',
      controlled: 'data/controlled.csv',
      challenge: 'data/challenge.csv',
      files: {
        'data/train.csv': TRAIN_CSV,
        'data/controlled.csv': 'id,text,label,language\nc1,results show a gain,result,en\n',
        'data/challenge.csv': 'id,text,label,language\nh1,a limitation remains,limitation,pt\n'
      }
    });
    expect(dataset.files.map((f) => [f.split, f.format, f.rows])).toEqual([
      ['train', 'csv', 4],
      ['controlled', 'csv', 1],
      ['challenge', 'csv', 1]
    ]);
    expect(dataset.languages).toEqual(['en', 'pt']);
  });
});

describe('loadDataset: on_bad_row: skip', () => {
  test('bad rows are counted with file, line and reason; good rows are kept', () => {
    const bad = '{"id": "t9", ';
    const train =
      [
        JSON.stringify(TRAIN[0]),
        bad,
        ...TRAIN.slice(1).map((r) => JSON.stringify(r)),
        JSON.stringify({ id: 't5', label: 'result' })
      ].join('\n') + '\n';
    const dataset = load({ data: '  on_bad_row: skip', files: { 'data/train.jsonl': train } });
    expect(dataset.train.map((e) => e.id)).toEqual(['t1', 't2', 't3', 't4']);
    expect(dataset.skipped).toEqual([
      {
        file: 'data/train.jsonl',
        line: 2,
        reason: `malformed JSON (${jsonParseMessage(bad)}); expected one JSON object per line`
      },
      { file: 'data/train.jsonl', line: 6, reason: 'missing required column "text" (text)' }
    ]);
    expect(dataset.files.map((f) => [f.split, f.rows, f.skipped])).toEqual([
      ['train', 4, 2],
      ['controlled', 2, 0],
      ['challenge', 2, 0]
    ]);
  });

  test('unknown evaluation labels and duplicate ids are skipped and counted per file', () => {
    const controlled = jsonl([
      { id: 'c1', text: 'results show a gain', label: 'result' },
      { id: 'c2', text: 'we use a survey', label: 'method' },
      { id: 'c3', text: 'a limitation is the sample', label: 'limitation' }
    ]);
    const challenge = jsonl([
      { id: 'h1', text: 'we observe gains in results', label: 'result' },
      { id: 'c1', text: 'caution: the window was short', label: 'limitation' }
    ]);
    const dataset = load({
      data: '  on_bad_row: skip',
      files: { 'data/controlled.jsonl': controlled, 'data/challenge.jsonl': challenge }
    });
    expect(dataset.splits.map((s) => [s.split, s.examples.map((e) => e.id)])).toEqual([
      ['controlled', ['c1', 'c3']],
      ['challenge', ['h1']]
    ]);
    expect(dataset.skipped).toEqual([
      {
        file: 'data/controlled.jsonl',
        line: 2,
        reason: 'label "method" never occurs in the training data; expected one of "limitation", "result"'
      },
      {
        file: 'data/challenge.jsonl',
        line: 2,
        reason:
          'duplicate id "c1" in splits "controlled" and "challenge"; expected unique ids, first seen at data/controlled.jsonl:1'
      }
    ]);
    expect(dataset.files.map((f) => [f.split, f.rows, f.skipped])).toEqual([
      ['train', 4, 0],
      ['controlled', 2, 1],
      ['challenge', 1, 1]
    ]);
  });

  test('a malformed CSV row is skipped and counted', () => {
    const csv = TRAIN_CSV.replace(
      't2,results show strong gains overall,result,en',
      't2,results show strong gains overall,result'
    );
    const dataset = load({ data: '  on_bad_row: skip', train: 'data/train.csv', files: { 'data/train.csv': csv } });
    expect(dataset.train.map((e) => e.id)).toEqual(['t1', 't3', 't4']);
    expect(dataset.skipped).toEqual([
      { file: 'data/train.csv', line: 3, reason: 'malformed CSV row (expect 4, got 3 on line 3)' }
    ]);
    expect(dataset.files[0]?.skipped).toBe(1);
  });

  test('a split whose every row is skipped still stops the run', () => {
    const challenge = jsonl([{ id: 'h1', text: 'we use a survey', label: 'method' }]);
    expectDataError(
      { data: '  on_bad_row: skip', files: { 'data/challenge.jsonl': challenge } },
      'data/challenge.jsonl:1: no usable rows; expected at least one row'
    );
  });

  test('with the default on_bad_row, nothing is skipped', () => {
    const dataset = load();
    expect(dataset.skipped).toEqual([]);
    expect(dataset.files.every((f) => f.skipped === 0)).toBe(true);
  });
});

describe('loadDataset: digests, order and overlap', () => {
  test('each file is digested from its raw bytes', () => {
    const trainBytes = Buffer.from('\uFEFF' + TRAIN.map((r) => JSON.stringify(r)).join('\r\n') + '\r\n', 'utf8');
    const plan = dataPlan({ files: { 'data/train.jsonl': trainBytes } });
    const dataset = loadDataset(plan);
    const expected = [
      { split: 'train', absolute: plan.train.absolute, path: 'data/train.jsonl' },
      ...plan.evaluate.map((e) => ({ split: e.split, absolute: e.file.absolute, path: e.file.path }))
    ].map(({ split, absolute, path }) => {
      const raw = readFileSync(absolute);
      return { split, path, format: 'jsonl', sha256: sha256(raw), bytes: raw.length };
    });
    expect(
      dataset.files.map(({ split, path, format, sha256, bytes }) => ({ split, path, format, sha256, bytes }))
    ).toEqual(expected);
    expect(dataset.files[0]?.sha256).toBe(sha256(trainBytes));
  });

  test('the label digest follows its documented definition', () => {
    expect(LABEL_DIGEST_DEFINITION).toBe(
      'sha256 of the compact JSON list [[split, id, label], ...]: train first, then the evaluation splits in config order, ids in code-point order within each split'
    );
    const train = jsonl([TRAIN[2], TRAIN[0], TRAIN[3], TRAIN[1]] as object[]);
    const controlled = jsonl([
      { id: 'c2', text: 'a limitation is the sample', label: 'limitation' },
      { id: 'c1', text: 'results show a gain', label: 'result' }
    ]);
    // Evaluation splits listed challenge first in the config.
    const dataset = load({
      edit: (c) =>
        c.replace(
          '    controlled: data/controlled.jsonl\n    challenge: data/challenge.jsonl',
          '    challenge: data/challenge.jsonl\n    controlled: data/controlled.jsonl'
        ),
      files: { 'data/train.jsonl': train, 'data/controlled.jsonl': controlled }
    });
    expect(dataset.splits.map((s) => s.split)).toEqual(['challenge', 'controlled']);
    const text =
      '[["train","t1","result"],["train","t2","result"],["train","t3","limitation"],["train","t4","limitation"],' +
      '["challenge","h1","result"],["challenge","h2","limitation"],' +
      '["controlled","c1","result"],["controlled","c2","limitation"]]';
    expect(dataset.labelDigest).toBe(sha256(text));
  });

  test('labels sort by code point', () => {
    const train = jsonl([
      { id: 't1', text: 'alpha', label: 'b' },
      { id: 't2', text: 'beta', label: 'B' },
      { id: 't3', text: 'gamma', label: 'é' },
      { id: 't4', text: 'delta', label: 10 },
      { id: 't5', text: 'epsilon', label: '9' }
    ]);
    const dataset = load({
      files: {
        'data/train.jsonl': train,
        'data/controlled.jsonl': jsonl([{ id: 'c1', text: 'alpha', label: 'b' }]),
        'data/challenge.jsonl': jsonl([{ id: 'h1', text: 'beta', label: '10' }])
      }
    });
    expect(dataset.labels).toEqual(['10', '9', 'B', 'b', 'é']);
  });

  test('evaluation examples sort by id in code-point order', () => {
    const ids = ['c9', '\u{1F600}', 'C1', 'é1', '\uFFFF', 'c10'];
    const controlled = jsonl(ids.map((id, i) => ({ id, text: `results number ${i}`, label: 'result' })));
    const dataset = load({ files: { 'data/controlled.jsonl': controlled } });
    expect(dataset.splits[0]?.examples.map((e) => e.id)).toEqual(['C1', 'c10', 'c9', 'é1', '\uFFFF', '\u{1F600}']);
  });

  test('languages are those seen across the evaluation splits', () => {
    const challenge = jsonl([
      { id: 'h1', text: 'we observe gains in results', label: 'result', language: 'pt' },
      { id: 'h2', text: 'caution: the window was short', label: 'limitation', language: 'es' }
    ]);
    const train = jsonl(TRAIN.map((r) => ({ ...r, language: 'de' })));
    const dataset = load({ files: { 'data/challenge.jsonl': challenge, 'data/train.jsonl': train } });
    expect(dataset.languages).toEqual(['en', 'es', 'pt']);
  });

  test('exact text overlap between training and each evaluation split is reported', () => {
    const controlled = jsonl([
      { id: 'c2', text: 'one limitation is the small sample', label: 'limitation' },
      { id: 'c1', text: 'the results show a clear gain', label: 'result' },
      { id: 'c3', text: 'The results show a clear gain', label: 'result' }
    ]);
    const dataset = load({ files: { 'data/controlled.jsonl': controlled } });
    expect(dataset.overlap).toEqual([
      { split: 'controlled', count: 2, ids: ['c1', 'c2'] },
      { split: 'challenge', count: 0, ids: [] }
    ]);
  });

  test('the splits keep config order and carry their names', () => {
    const dataset = load();
    expect(dataset.splits.map((s) => s.split)).toEqual(['controlled', 'challenge']);
    expect(dataset.splits.flatMap((s) => s.examples.map((e) => `${e.split}/${e.id}`))).toEqual([
      'controlled/c1',
      'controlled/c2',
      'challenge/h1',
      'challenge/h2'
    ]);
    expect(dataset.train.every((e) => e.split === 'train')).toBe(true);
  });
});
