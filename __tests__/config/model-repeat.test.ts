/** `repeat:` in model entries (docs/models.md#repeated-queries): 1..100 for command and HTTP models; built-ins take only 1. */
import { entryRefusal as refusal, loadEntry as load } from './model-entry.js';

test('command and HTTP models take repeat (default 1)', () => {
  expect(load('{ name: c, command: "x", repeat: 5 }').models[1]).toMatchObject({
    kind: 'external',
    params: { repeat: 5 }
  });
  expect(load('{ name: c, command: "x" }').models[1]).toMatchObject({ params: { repeat: 1 } });
  expect(load('{ name: h, http: { url: "http://127.0.0.1:1/p" }, repeat: 100 }').models[1]).toMatchObject({
    kind: 'http',
    params: { repeat: 100 }
  });
  expect(load('{ name: h, http: { url: "http://127.0.0.1:1/p" } }').models[1]).toMatchObject({ params: { repeat: 1 } });
});

test('a built-in model accepts repeat: 1, which changes nothing', () => {
  expect(load('{ tfidf-word: {}, repeat: 1 }').models[1]).toEqual(load('tfidf-word').models[1]);
});

test.each([
  ['{ name: c, command: "x", repeat: 0 }', 'models[1].repeat: expected a whole number from 1 to 100, found number 0'],
  [
    '{ name: c, command: "x", repeat: 101 }',
    'models[1].repeat: expected a whole number from 1 to 100, found number 101'
  ],
  [
    '{ name: c, command: "x", repeat: 2.5 }',
    'models[1].repeat: expected a whole number from 1 to 100, found number 2.5'
  ],
  ['{ name: c, command: "x", repeat: "3" }', 'models[1].repeat: expected a whole number from 1 to 100, found "3"'],
  [
    '{ name: h, http: { url: "http://127.0.0.1:1/p" }, repeat: -1 }',
    'models[1].repeat: expected a whole number from 1 to 100, found number -1'
  ],
  [
    '{ tfidf-word: {}, repeat: 3 }',
    'models[1].repeat: expected 1 for a built-in model (it answers the same every time; repeat is for command and http models), found number 3'
  ],
  [
    '{ hybrid: { word_weight: 0.5 }, name: h2, repeat: 0 }',
    'models[1].repeat: expected a whole number from 1 to 100, found number 0'
  ],
  ['{ repeat: 3 }', 'models[1]: expected a built-in name']
])('%s is refused in one line naming the key', (entry, message) => {
  const m = refusal(entry);
  expect(m.split('\n')).toHaveLength(1);
  expect(m).toContain(message);
  expect(m).toMatch(/^evidence-gate\.yml:\d+: /);
});
