/**
 * Resource bombs in the config (hardening items 3 and 7): the work done on a config is
 * bounded by its size, refused files are refused before they are read, and alias bombs,
 * alias cycles and deep nesting are config errors with a line, never internal errors.
 * Timing bounds are loose on purpose: they hold on a loaded 2-core CI machine, and the
 * unbounded behaviour they guard against took tens of seconds to minutes.
 */
import { openSync, closeSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { MAX_CONFIG_BYTES } from '../../src/config/read.js';
import { MAX_ALIAS_VALUES, MAX_NESTING } from '../../src/config/source.js';
import { MAX_LISTED_ERRORS } from '../../src/config/validate.js';
import { ConfigError } from '../../src/errors.js';
import { minimalConfig, tinyRepo } from '../helpers.js';
import { expectInert, thrown } from './hostile-config-helpers.js';

const CONFIG = 'evidence-gate.yml';

function failure(config: string): { error: Error; ms: number } {
  const root = tinyRepo({ [CONFIG]: config });
  const start = performance.now();
  const error = thrown(() => loadPlan({ root, configPath: CONFIG }));
  const ms = performance.now() - start;
  expect(error).toBeInstanceOf(ConfigError);
  expectInert(error.message, CONFIG);
  return { error, ms };
}

/** `count` unknown top-level keys after the minimal config. */
function unknownKeys(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`k${i}: 1`);
  return minimalConfig(lines.join('\n'));
}

describe('size', () => {
  test('the limit is 256 KiB', () => {
    expect(MAX_CONFIG_BYTES).toBe(262_144);
  });

  test('1,000,000 unknown keys are refused by size, fast, naming the file, its size and the limit', () => {
    // Before: 40,000 such keys took about a minute; 4,000,000 were killed after 300 s at 3.5 GB.
    const config = unknownKeys(1_000_000);
    const { error, ms } = failure(config);
    expect(error.message).toBe(
      `evidence-gate.yml: config file is ${Buffer.byteLength(config)} bytes; expected at most 262144 bytes (256 KiB)`
    );
    expect(ms).toBeLessThan(5000);
  });

  test('a 50 MB string value is refused by size before it is parsed', () => {
    // Before: 20 s and 1.8 GB, then "expected a string of …".
    const { error, ms } = failure(minimalConfig().replace('id: tm', `id: ${'a'.repeat(50_000_000)}`));
    expect(error.message).toMatch(
      /^evidence-gate\.yml: config file is 500001\d\d bytes; expected at most 262144 bytes \(256 KiB\)$/
    );
    expect(ms).toBeLessThan(5000);
  });

  test('a sparse 4 GiB file is refused without being read', () => {
    const root = tinyRepo();
    const fd = openSync(join(root, CONFIG), 'w');
    ftruncateSync(fd, 4 * 1024 ** 3);
    closeSync(fd);
    const start = performance.now();
    const error = thrown(() => loadPlan({ root, configPath: CONFIG }));
    expect(error.message).toBe(
      'evidence-gate.yml: config file is 4294967296 bytes; expected at most 262144 bytes (256 KiB)'
    );
    expect(performance.now() - start).toBeLessThan(2000);
  });

  test('a file of exactly the limit is read', () => {
    const base = minimalConfig().replace('id: tm', 'id: tm\n  protected_outcome: ""');
    const config = base + '#'.repeat(MAX_CONFIG_BYTES - Buffer.byteLength(base));
    expect(Buffer.byteLength(config)).toBe(MAX_CONFIG_BYTES);
    const root = tinyRepo({ [CONFIG]: config });
    expect(loadPlan({ root, configPath: CONFIG }).threatModel.id).toBe('tm');
  });

  test('the largest allowed file of unknown keys is validated in bounded time, listing 20 errors and counting the rest', () => {
    // ~25,000 keys just under the limit. Before: key lookup and duplicate checks were
    // quadratic (40,000 keys: 58 s).
    let count = 20_000;
    while (Buffer.byteLength(unknownKeys(count + 500)) <= MAX_CONFIG_BYTES) count += 500;
    const { error, ms } = failure(unknownKeys(count));
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(MAX_LISTED_ERRORS + 1);
    expect(lines[0]).toBe(
      'evidence-gate.yml:11: k0: unknown key; expected one of version, task, threat_model, data, models, statistics, selective, output, manifest, gate, release, found "k0"'
    );
    expect(lines[19]).toMatch(/^evidence-gate\.yml:30: k19: unknown key; /);
    expect(lines[20]).toBe(`(and ${count - MAX_LISTED_ERRORS} more config errors)`);
    expect(ms).toBeLessThan(15_000);
  });

  test('the densest allowed file (a flow list of 130,000 numbers) is read in bounded time', () => {
    const prefix = minimalConfig('x: [');
    const items = Math.floor((MAX_CONFIG_BYTES - Buffer.byteLength(prefix) - 2) / 2);
    const { error, ms } = failure(prefix + '1,'.repeat(items) + '1]');
    expect(error.message).toMatch(/^evidence-gate\.yml:11: x: unknown key; /);
    expect(ms).toBeLessThan(15_000);
  });
});

describe('aliases', () => {
  const BOMB = [
    'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
    'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
    'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
    'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
    'f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
    'g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]',
    'h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]',
    'i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]'
  ].join('\n');

  test('a billion-laughs alias bomb is a config error at the alias that crosses the bound', () => {
    // Before: "Excessive alias count indicates a resource exhaustion attack", exit 3 with a stack.
    const { error, ms } = failure(minimalConfig(BOMB));
    expect(error.message).toBe(
      `evidence-gate.yml:15: invalid YAML: aliases expand to more than ${MAX_ALIAS_VALUES} values (an alias bomb?); expected a config that repeats fewer values`
    );
    expect(ms).toBeLessThan(5000);
  });

  test('many aliases to one large anchor are bounded too', () => {
    const anchor = `big: &big [${Array.from({ length: 1000 }, (_, i) => i).join(', ')}]`;
    const { error } = failure(minimalConfig(`${anchor}\nuse: [${Array(20).fill('*big').join(', ')}]`));
    expect(error.message).toMatch(/^evidence-gate\.yml:12: invalid YAML: aliases expand to more than 10000 values/);
  });

  test('an alias inside its own anchor (a cycle) is refused', () => {
    // Before: a circular object that crashed the first JSON.stringify after validation.
    const { error } = failure(minimalConfig('loop: &x [1, *x]'));
    expect(error.message).toBe(
      'evidence-gate.yml:11: invalid YAML: alias "*x" refers to a value that contains it; expected an alias to a finished value'
    );
  });

  test('an alias without an anchor is a config error, not an internal error', () => {
    const { error } = failure(minimalConfig('x: *nowhere'));
    expect(error.message).toBe(
      'evidence-gate.yml:11: invalid YAML: alias "*nowhere" has no anchor before it; expected an alias to an earlier &anchor'
    );
  });

  test('ordinary aliases still work', () => {
    const config = minimalConfig().replace(
      '  id: tm',
      '  id: tm\n  attacks:\n    append: { sentences: { en: &s "More.", es: *s } }'
    );
    const root = tinyRepo({ [CONFIG]: config });
    expect(loadPlan({ root, configPath: CONFIG }).threatModel.attacks.append?.sentences).toEqual({
      en: 'More.',
      es: 'More.'
    });
  });
});

describe('nesting and keys', () => {
  test(`block values nested deeper than ${MAX_NESTING} levels are refused at their line`, () => {
    const deep = Array.from({ length: MAX_NESTING + 5 }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' 1';
    const { error } = failure(minimalConfig(deep));
    expect(error.message).toBe(
      `evidence-gate.yml:${11 + MAX_NESTING}: invalid YAML: values nested more than ${MAX_NESTING} levels deep; expected a shallower config`
    );
  });

  test('flow lists nested 100,000 deep are a config error, not a stack overflow', () => {
    const { error } = failure(minimalConfig(`x: ${'['.repeat(100_000)}${']'.repeat(100_000)}`));
    expect(error.message).toMatch(/^evidence-gate\.yml:11: invalid YAML: values nested too deeply/);
  });

  test('a mapping or list used as a key is refused', () => {
    const { error } = failure(minimalConfig('? [a, b]\n: 1'));
    expect(error.message).toBe('evidence-gate.yml:11: invalid YAML: expected a plain key, found a list used as a key');
  });

  test('keys that differ only in YAML type (1 and "1") are duplicates, since both become "1"', () => {
    const { error } = failure(minimalConfig('gate:\n  1: a\n  "1": b'));
    expect(error.message).toBe(
      'evidence-gate.yml:13: invalid YAML: duplicate key "1"; expected each key once per mapping'
    );
  });
});
