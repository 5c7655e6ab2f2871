/** Numeric feature columns (SPEC §13): every value finite, errors as file:line:column. */
import { loadPlan } from '../../src/config/load.js';
import { loadDataset } from '../../src/data/dataset.js';
import { DataError } from '../../src/errors.js';
import { jsonl, tempRepo } from '../helpers.js';

const CONFIG = [
  'version: 1',
  'task: tabular',
  'threat_model: { id: t }',
  'data:',
  '  train: train.csv',
  '  evaluate: { test: test.FORMAT }',
  '  columns: { id: id, label: label, features: [x1, x2] }',
  'models: [ logistic-regression ]'
].join('\n');
const TRAIN = 'id,x1,x2,label\na,0.1,0.2,0\nb,0.8,0.9,1\n';

function load(test: string, format: 'csv' | 'jsonl' = 'csv') {
  const root = tempRepo({ 'c.yml': CONFIG.replace('FORMAT', format), 'train.csv': TRAIN, [`test.${format}`]: test });
  return loadDataset(loadPlan({ root, configPath: 'c.yml' }).data);
}

function error(test: string, format: 'csv' | 'jsonl' = 'csv'): string {
  try {
    load(test, format);
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return (e as Error).message;
  }
  throw new Error('expected a DataError');
}

describe('feature columns', () => {
  test('CSV cells become numbers, in the configured feature order', () => {
    const d = load('id,x2,label,x1\nt1,2.5e-1,1,0.75\nt2,-0,0,1\n');
    expect(d.splits[0]?.examples.map((e) => e.input)).toEqual([
      { kind: 'features', values: { x1: 0.75, x2: 0.25 } },
      { kind: 'features', values: { x1: 1, x2: -0 } }
    ]);
  });

  test.each([
    ['abc', 'test.csv:2:2: column "x1": expected a finite number, found "abc"'],
    ['', 'test.csv:2:2: column "x1": expected a finite number, found ""'],
    ['NaN', 'test.csv:2:2: column "x1": expected a finite number, found "NaN"'],
    ['Infinity', 'test.csv:2:2: column "x1": expected a finite number, found "Infinity"'],
    ['1e999', 'test.csv:2:2: column "x1": expected a finite number, found "1e999"'],
    ['0x10', 'test.csv:2:2: column "x1": expected a finite number, found "0x10"']
  ])('a CSV value %j is refused with file:line:column', (value, message) => {
    expect(error(`id,x1,x2,label\nt1,${value},0.5,1\n`)).toBe(message);
  });

  test("the column number is the position in this file's header", () => {
    expect(error('id,label,x2,x1\nt1,1,0.5,oops\n')).toBe(
      'test.csv:2:4: column "x1": expected a finite number, found "oops"'
    );
  });

  test('JSONL values must be JSON numbers', () => {
    expect(error(jsonl([{ id: 't1', x1: 0.5, x2: null, label: '1' }]), 'jsonl')).toBe(
      'test.jsonl:1: column "x2": expected a finite number, found null'
    );
    expect(error(jsonl([{ id: 't1', x1: 0.5, label: '1' }]), 'jsonl')).toBe(
      'test.jsonl:1: missing required feature column "x2"'
    );
  });

  test('a CSV header without a feature column', () => {
    expect(error('id,x1,label\nt1,0.5,1\n')).toBe(
      'test.csv:1: missing required column "x2" (feature); found columns "id", "x1", "label"'
    );
  });

  test('an identical feature vector in training and evaluation is reported as overlap', () => {
    const d = load('id,x1,x2,label\nt1,0.1,0.2,0\nt2,0.3,0.3,1\n');
    expect(d.overlap).toEqual([{ split: 'test', count: 1, ids: ['t1'] }]);
  });
});
