/**
 * The folder of kept answers (src/models/answers/store.ts): an answer comes back as the same doubles (-0 included),
 * entries are found only at their own address, and pruning removes the oldest first down to the bound.
 */
import { mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerAddress, answerPrefix } from '../../src/models/answers/address.js';
import { AnswerStore } from '../../src/models/answers/store.js';

const prefix = answerPrefix({
  key: 'k',
  kind: 'external',
  settings: { command: 'x' },
  labels: ['a', 'b'],
  features: []
});
const address = (text: string, round = 0) => answerAddress(prefix, { kind: 'text', text }, round);

test('scores come back bit for bit, -0 and subnormals included; a label-only answer too', () => {
  const store = new AnswerStore(mkdtempSync(join(tmpdir(), 'eg-store-')));
  const scores = [-0, 5e-324, 0.1 + 0.2, -1.7976931348623157e308];
  store.write(address('one'), { status: 'ok', scores: scores.slice(0, 2) });
  const back = store.read(address('one'), 2);
  expect(back).toEqual({ status: 'ok', scores: [-0, 5e-324] });
  expect(Object.is((back as { scores: number[] }).scores[0], -0)).toBe(true);
  store.write(address('two'), { status: 'ok', scores: [scores[2] as number, scores[3] as number] });
  expect(store.read(address('two'), 2)).toEqual({
    status: 'ok',
    scores: [0.30000000000000004, -1.7976931348623157e308]
  });
  store.write(address('three'), { status: 'ok', scores: null, label: 'b' });
  expect(store.read(address('three'), 2)).toEqual({ status: 'ok', scores: null, label: 'b' });
  // Wrong label count, another round, another key: not this entry.
  expect(store.read(address('one'), 3)).toBe('damaged');
  expect(store.read(address('one', 1), 2)).toBe('missing');
  const other = answerPrefix({
    key: 'k2',
    kind: 'external',
    settings: { command: 'x' },
    labels: ['a', 'b'],
    features: []
  });
  expect(store.read(answerAddress(other, { kind: 'text', text: 'one' }, 0), 2)).toBe('missing');
});

test('the address separates inputs, rounds, keys, settings and labels', () => {
  const all = new Set([
    address('x'),
    address('x', 1),
    address('y'),
    answerAddress(
      answerPrefix({ key: 'k', kind: 'external', settings: { command: 'z' }, labels: ['a', 'b'], features: [] }),
      { kind: 'text', text: 'x' },
      0
    ),
    answerAddress(
      answerPrefix({ key: 'k', kind: 'external', settings: { command: 'x' }, labels: ['a', 'c'], features: [] }),
      { kind: 'text', text: 'x' },
      0
    ),
    answerAddress(
      answerPrefix({ key: 'k', kind: 'http', settings: { command: 'x' }, labels: ['a', 'b'], features: [] }),
      { kind: 'text', text: 'x' },
      0
    )
  ]);
  expect(all.size).toBe(6);
});

test('pruning removes the oldest entries first, down to the bound, and stale temporary files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eg-store-'));
  const store = new AnswerStore(dir);
  const texts = ['a', 'b', 'c', 'd'];
  texts.forEach((t, i) => {
    store.write(address(t), { status: 'ok', scores: [0.25, 0.75] });
    const when = new Date(Date.UTC(2026, 0, 1 + i));
    const { file } = (store as unknown as { path(a: string): { file: string } }).path(address(t));
    utimesSync(file, when, when);
  });
  const one = statSync((store as unknown as { path(a: string): { file: string } }).path(address('a')).file).size;
  const folder = join(dir, 'answers-v1', address('a').slice(0, 2));
  const temp = join(folder, '.tmp-1-1-abcdefgh');
  writeFileSync(temp, '{');
  utimesSync(temp, new Date(0), new Date(0));
  expect(store.prune(4 * one)).toBe(0);
  expect(store.prune(2 * one)).toBe(2);
  expect(store.read(address('a'), 2)).toBe('missing');
  expect(store.read(address('b'), 2)).toBe('missing');
  expect(store.read(address('c'), 2)).toMatchObject({ status: 'ok' });
  expect(store.read(address('d'), 2)).toMatchObject({ status: 'ok' });
  expect(readdirSync(folder).some((n) => n.startsWith('.tmp-'))).toBe(false);
});
