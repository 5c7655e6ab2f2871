/**
 * Configs that were accepted but wrong, or refused with a misleading message (hardening
 * items 8, 9 and 10): invalid UTF-8, raw control characters, unknown tags, abstention
 * thresholds out of range, over-long ids, empty mappings, one data file used twice, and
 * the full list of problems instead of the first one.
 */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';
import { REPO_ROOT, minimalConfig, tinyRepo } from '../helpers.js';
import { expectInert, thrown } from './hostile-config-helpers.js';

const CONFIG = 'evidence-gate.yml';

function failure(config: string | Uint8Array): string {
  const root = tinyRepo({ [CONFIG]: config });
  const error = thrown(() => loadPlan({ root, configPath: CONFIG }));
  expect(error).toBeInstanceOf(ConfigError);
  expectInert(error.message, CONFIG);
  return error.message;
}

function load(config: string) {
  return loadPlan({ root: tinyRepo({ [CONFIG]: config }), configPath: CONFIG });
}

describe('encoding and characters of the file', () => {
  test('invalid UTF-8 is refused with file:line:column, as data files are', () => {
    // Before: decoded with U+FFFD replacements and accepted.
    const text = minimalConfig();
    const bytes = Buffer.from(text);
    const at = text.indexOf('id: t') + 'id: t'.length;
    const broken = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]);
    expect(failure(broken)).toBe('evidence-gate.yml:3:8: invalid UTF-8 (byte 0xff); expected UTF-8 text');
  });

  test('an overlong UTF-8 encoding is refused too', () => {
    expect(failure(Buffer.concat([Buffer.from('version: 1\n# '), Buffer.from([0xc0, 0xaf])]))).toBe(
      'evidence-gate.yml:2:3: invalid UTF-8 (byte 0xc0); expected UTF-8 text'
    );
  });

  test('a raw NUL byte is refused at its line and column', () => {
    // Before: the NUL became part of threat_model.id.
    expect(failure(minimalConfig().replace('id: tm', 'id: t\u0000m'))).toBe(
      'evidence-gate.yml:3:8: invalid YAML: control character U+0000; expected printable text (YAML allows tab, line feed and carriage return only)'
    );
  });

  test('raw escape and DEL characters are refused, each on its own line of the message', () => {
    const message = failure(minimalConfig('# \u001b[2J\n# \u007f'));
    expect(message.split('\n')).toEqual([
      'evidence-gate.yml:11:3: invalid YAML: control character U+001B; expected printable text (YAML allows tab, line feed and carriage return only)',
      'evidence-gate.yml:12:3: invalid YAML: control character U+007F; expected printable text (YAML allows tab, line feed and carriage return only)'
    ]);
  });

  test('a byte-order mark and CRLF line ends are still accepted', () => {
    expect(load('\ufeff' + minimalConfig().replace(/\n/g, '\r\n')).threatModel.id).toBe('tm');
  });
});

describe('tags', () => {
  test.each([
    ['!!js/function "function () {}"', '!!js/function'],
    ['!foo x', '!foo'],
    ['!!binary aGVsbG8=', '!!binary'],
    ['!!timestamp 2001-01-01', '!!timestamp'],
    ['!!set { a }', '!!set']
  ])('%s is refused with its line', (value, tag) => {
    // Before: read silently as a string (or, for !!binary, as bytes).
    expect(failure(minimalConfig().replace('  id: tm', `  id: tm\n  protected_outcome: ${value}`))).toBe(
      `evidence-gate.yml:4: invalid YAML: unknown tag "${tag}"; expected plain YAML values (only !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are read)`
    );
  });

  test('core tags are read', () => {
    expect(
      load(minimalConfig().replace('  id: tm', '  id: !!str tm\n  revision: !!int "3"')).threatModel
    ).toMatchObject({ id: 'tm', revision: '3' });
  });
});

describe('abstention thresholds', () => {
  const policy = (on: string, threshold: string) =>
    minimalConfig(`selective:\n  abstain_below:\n    naive-bayes: { on: ${on}, threshold: ${threshold} }`);

  test.each([['5'], ['-0.1'], ['1.0001']])('a probability threshold of %s is refused', (t) => {
    // Before: 5 was accepted, and every prediction abstained.
    expect(failure(policy('probability', t))).toMatch(
      /^evidence-gate\.yml:13: selective\.abstain_below\.naive-bayes\.threshold: expected a probability from 0 to 1 for on: probability, found number /
    );
  });

  test('a margin threshold of -1 is refused', () => {
    expect(failure(policy('margin', '-1'))).toBe(
      'evidence-gate.yml:13: selective.abstain_below.naive-bayes.threshold: expected a margin ≥ 0 for on: margin, found number -1'
    );
  });

  test.each([
    ['.nan', 'NaN'],
    ['.inf', 'Infinity'],
    ['-.inf', '-Infinity']
  ])('a threshold of %s is not a number the schema accepts', (t, shown) => {
    expect(failure(policy('margin', t))).toBe(
      `evidence-gate.yml:13: selective.abstain_below.naive-bayes.threshold: expected a number, found the non-finite number ${shown}`
    );
  });

  test('probability thresholds 0 and 1 and a margin of 3 are accepted', () => {
    expect(load(policy('probability', '0')).selective.abstainBelow['naive-bayes']?.threshold).toBe(0);
    expect(load(policy('probability', '1')).selective.abstainBelow['naive-bayes']?.threshold).toBe(1);
    expect(load(policy('margin', '3')).selective.abstainBelow['naive-bayes']?.threshold).toBe(3);
  });
});

describe('messages that say what was wrong', () => {
  test('an over-long threat_model.id states the limit', () => {
    // Before: "expected a non-empty string".
    expect(failure(minimalConfig().replace('id: tm', `id: ${'x'.repeat(201)}`))).toBe(
      `evidence-gate.yml:3: threat_model.id: expected a string of 1 to 200 characters, found "${'x'.repeat(57)}..."`
    );
  });

  test('an id of exactly 200 characters is accepted', () => {
    expect(load(minimalConfig().replace('id: tm', `id: ${'x'.repeat(200)}`)).threatModel.id).toHaveLength(200);
  });

  test('evaluate: {} says the mapping is empty', () => {
    // Before: "expected a non-empty mapping, found a mapping".
    expect(failure(minimalConfig().replace(/ {2}evaluate:\n.*\n.*\n/, '  evaluate: {}\n'))).toBe(
      'evidence-gate.yml:6: data.evaluate: expected a non-empty mapping, found an empty mapping'
    );
  });

  test('models: [] says the list is empty', () => {
    expect(failure(minimalConfig().replace('models:\n  - naive-bayes', 'models: []'))).toBe(
      'evidence-gate.yml:9: models: expected a non-empty list, found an empty list'
    );
  });
});

describe('one data file used for two splits', () => {
  test('the same file as two evaluation splits names both keys', () => {
    // Before: "duplicate id" on the first row, naming neither split.
    expect(
      failure(minimalConfig().replace('challenge: data/challenge.jsonl', 'challenge: data/controlled.jsonl'))
    ).toBe(
      'evidence-gate.yml:8: data.evaluate.challenge: expected a data file of its own, found "data/controlled.jsonl", which data.evaluate.controlled (line 7) already reads'
    );
  });

  test('the training file used as an evaluation split', () => {
    expect(
      failure(minimalConfig().replace('controlled: data/controlled.jsonl', 'controlled: ./data/train.jsonl'))
    ).toBe(
      'evidence-gate.yml:7: data.evaluate.controlled: expected a data file of its own, found "data/train.jsonl", which data.train (line 5) already reads'
    );
  });

  test("a link to another split's file counts as that file", () => {
    const root = tinyRepo({
      [CONFIG]: minimalConfig().replace('challenge: data/challenge.jsonl', 'challenge: data/link.jsonl')
    });
    symlinkSync(join(root, 'data', 'controlled.jsonl'), join(root, 'data', 'link.jsonl'));
    const error = thrown(() => loadPlan({ root, configPath: CONFIG }));
    expect(error.message).toBe(
      'evidence-gate.yml:8: data.evaluate.challenge: expected a data file of its own, found "data/link.jsonl", which data.evaluate.controlled (line 7) already reads'
    );
  });
});

describe('every problem is reported', () => {
  test('several problems: one complete line each, ordered by line', () => {
    // Before: the first problem, then "(and 3 more config errors)".
    const config = minimalConfig(
      'colour: blue\ngate:\n  max_flip_rate: 3\n  min_challenge_examples: -1\nstatistics: { seed: x }'
    );
    expect(failure(config).split('\n')).toEqual([
      'evidence-gate.yml:11: colour: unknown key; expected one of version, task, threat_model, data, models, statistics, selective, output, manifest, gate, release, found "colour"',
      'evidence-gate.yml:13: gate.max_flip_rate: expected a number from 0 to 1, found number 3',
      'evidence-gate.yml:14: gate.min_challenge_examples: expected a whole number ≥ 0, found number -1',
      'evidence-gate.yml:15: statistics.seed: expected a whole number from 0 to 4294967295, found "x"'
    ]);
  });

  test('past 20 problems the rest are counted on a last line', () => {
    const keys = Array.from({ length: 23 }, (_, i) => `  bad${i}: 1`).join('\n');
    const lines = failure(minimalConfig(`gate:\n${keys}`)).split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe('(and 3 more config errors)');
    expect(
      lines.slice(0, 20).every((l, i) => l.startsWith(`evidence-gate.yml:${12 + i}: gate.bad${i}: unknown key;`))
    ).toBe(true);
  });

  test('YAML syntax problems are all listed too', () => {
    const lines = failure(minimalConfig('a: [1\nb: "x\n').replace('  id: tm', '\tid: tm')).split('\n');
    expect(lines[0]).toBe('evidence-gate.yml:3: invalid YAML: Tabs are not allowed as indentation');
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe('bundled examples', () => {
  test.each([
    ['examples/academic-intent/evidence-gate.yml'],
    ['examples/inspection-tabular/evidence-gate.yml'],
    ['examples/external-model/evidence-gate.yml']
  ])('%s still loads', (path) => {
    expect(loadPlan({ root: REPO_ROOT, configPath: path }).version).toBe(1);
  });
});
