/**
 * Hostile data files (hardening items 2, 9 and 10): every value a data error quotes is
 * escaped, values outside the declared tabular bounds are refused at file:line:column, and
 * an id seen in two splits names both.
 */
import { loadPlan } from '../../src/config/load.js';
import { loadDataset } from '../../src/data/dataset.js';
import { DataError } from '../../src/errors.js';
import { REPO_ROOT, jsonl, minimalConfig, tempRepo, tinyRepo } from '../helpers.js';
import { PAYLOADS, expectInert, thrown } from './hostile-config-helpers.js';

const ENTRIES = Object.entries(PAYLOADS);

function dataFailure(root: string, file: string): string {
  const error = thrown(() => loadDataset(loadPlan({ root, configPath: 'evidence-gate.yml' }).data));
  expect(error).toBeInstanceOf(DataError);
  expectInert(error.message, file);
  return error.message;
}

describe('text data', () => {
  test.each(ENTRIES)(
    'an id (%s) seen in two evaluation splits: both splits named, the id escaped',
    (_name, payload) => {
      const root = tinyRepo({
        'data/controlled.jsonl': jsonl([{ id: payload, text: 'results show a gain', label: 'result' }]),
        'data/challenge.jsonl': jsonl([{ id: payload, text: 'a limitation', label: 'limitation' }])
      });
      const message = dataFailure(root, 'data/challenge.jsonl');
      expect(message).toMatch(
        /^data\/challenge\.jsonl:1: duplicate id ".*" in splits "controlled" and "challenge"; expected unique ids, first seen at data\/controlled\.jsonl:1$/
      );
    }
  );

  test.each(ENTRIES)('a CSV header (%s) listed in a missing-column error', (_name, payload) => {
    const header = `id,"${payload.replace(/"/g, '""')}",label`;
    const root = tinyRepo({
      'evidence-gate.yml': minimalConfig().replace('train: data/train.jsonl', 'train: data/train.csv'),
      'data/train.csv': `${header}\nt1,x,a\n`
    });
    const message = dataFailure(root, 'data/train.csv');
    expect(message).toMatch(
      /^data\/train\.csv:1: missing required column "text" \(text\); found columns "id", ".*", "label"$/
    );
  });

  test.each(ENTRIES)('a CSV header naming one column (%s) twice', (_name, payload) => {
    const cell = `"${payload.replace(/"/g, '""')}"`;
    const root = tinyRepo({
      'evidence-gate.yml': minimalConfig().replace('train: data/train.jsonl', 'train: data/train.csv'),
      'data/train.csv': `id,text,label,${cell},${cell}\nt1,x,a,1,2\n`
    });
    expect(dataFailure(root, 'data/train.csv')).toMatch(
      /^data\/train\.csv:1: CSV header names column ".*" twice; expected unique column names$/
    );
  });

  test.each(ENTRIES)('a malformed JSON line (%s) quoted by the parser', (_name, payload) => {
    const root = tinyRepo({ 'data/train.jsonl': `{"id": "t1", ${payload} }\n` });
    expect(dataFailure(root, 'data/train.jsonl')).toMatch(
      /^data\/train\.jsonl:1: malformed JSON \(.*\); expected one JSON object per line$/
    );
  });

  test('a malformed CSV row whose parser message quotes the row', () => {
    const root = tinyRepo({
      'evidence-gate.yml': minimalConfig().replace('train: data/train.jsonl', 'train: data/train.csv'),
      'data/train.csv': 'id,text,label\nt1,a"\u202e::error::x",b\n'
    });
    expect(dataFailure(root, 'data/train.csv')).toMatch(/^data\/train\.csv:2: malformed CSV row \(/);
  });

  test('a column named like an Object.prototype member is looked up in the row only', () => {
    // Before: `"constructor" in row` was true for every row, and the message printed the
    // source of the Object constructor over several lines.
    const root = tinyRepo({
      'evidence-gate.yml': minimalConfig().replace('data:\n', 'data:\n  columns: { text: constructor }\n'),
      'data/train.jsonl': jsonl([{ id: 't1', body: 'x', label: 'a' }])
    });
    expect(dataFailure(root, 'data/train.jsonl')).toBe(
      'data/train.jsonl:1: missing required column "constructor" (text)'
    );
  });
});

describe('tabular bounds', () => {
  const config = (bounds: string, extra = '') =>
    [
      'version: 1',
      'task: tabular',
      'threat_model:',
      '  id: t',
      `  constraints: { bounds: { ${bounds} } }`,
      'data:',
      '  train: train.csv',
      '  evaluate: { test: test.csv }',
      '  columns: { id: id, label: label, features: [x1, x2] }',
      extra,
      'models: [logistic-regression]'
    ].join('\n');
  const TRAIN = 'id,x1,x2,label\na,0.1,0.2,0\nb,0.8,0.9,1\n';

  function load(bounds: string, test: string, extra = '') {
    const root = tempRepo({ 'evidence-gate.yml': config(bounds, extra), 'train.csv': TRAIN, 'test.csv': test });
    return { root, run: () => loadDataset(loadPlan({ root, configPath: 'evidence-gate.yml' }).data) };
  }

  test('a value above its declared bounds is a data error naming file:line:column, feature, value and bounds', () => {
    // Before: accepted silently, and the "clean" row was already outside the threat model's box.
    const { root } = load('x1: [0, 1], x2: [0, 1]', 'id,x1,x2,label\nt1,0.5,0.5,1\nt2,0.5,1.5,0\n');
    expect(dataFailure(root, 'test.csv')).toBe(
      'test.csv:3:3: column "x2": expected a value within the declared bounds [0, 1] (threat_model.constraints.bounds), found 1.5'
    );
  });

  test('training rows are held to the bounds too', () => {
    const root = tempRepo({
      'evidence-gate.yml': config('x1: [0, 0.5]'),
      'train.csv': TRAIN,
      'test.csv': 'id,x1,x2,label\nt1,0.1,0.5,1\n'
    });
    expect(dataFailure(root, 'train.csv')).toBe(
      'train.csv:3:2: column "x1": expected a value within the declared bounds [0, 0.5] (threat_model.constraints.bounds), found 0.8'
    );
  });

  test('the bounds are inclusive, and a feature without bounds is unbounded', () => {
    const { run } = load('x1: [0.1, 0.8]', 'id,x1,x2,label\nt1,0.1,-50,1\nt2,0.8,50,0\n');
    expect(run().splits[0]?.examples).toHaveLength(2);
  });

  test('with on_bad_row: skip, rows outside the bounds are skipped and counted', () => {
    const { run } = load('x1: [0, 1]', 'id,x1,x2,label\nt1,0.5,0.5,1\nt2,-0.5,0.5,0\n', '  on_bad_row: skip');
    const d = run();
    expect(d.splits[0]?.examples.map((e) => e.id)).toEqual(['t1']);
    expect(d.skipped).toEqual([
      {
        file: 'test.csv',
        line: 3,
        at: '3:2',
        reason:
          'column "x1": expected a value within the declared bounds [0, 1] (threat_model.constraints.bounds), found -0.5'
      }
    ]);
  });

  test('the bundled tabular example lies within its bounds', () => {
    const plan = loadPlan({ root: REPO_ROOT, configPath: 'examples/inspection-tabular/evidence-gate.yml' });
    expect(plan.data.bounds).toEqual({ x1: [0, 1], x2: [0, 1] });
    expect(loadDataset(plan.data).train.length).toBeGreaterThan(0);
  });
});
