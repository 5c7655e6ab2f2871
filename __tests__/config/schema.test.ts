import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { CONFIG_SCHEMA } from '../../src/config/schema.js';
import { validatorSource } from '../../src/config/validator-build.js';
import { hasHidden, PRINTABLE_PATTERN } from '../../src/util/visible.js';

describe('the config schema', () => {
  test('is a valid JSON Schema (the reader skips this check at start-up)', () => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    expect(ajv.validateSchema(CONFIG_SCHEMA)).toBe(true);
    expect(ajv.errors ?? null).toBeNull();
  });

  test('a broken schema is caught by that check', () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema({ type: 'object', properties: { a: { type: 'strnig' } } })).toBe(false);
  });

  test('the compiled validator in src/config is the one the schema gives (run `npm run generate:validator` after a change)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../src/config/schema-validator.generated.ts'), 'utf8');
    expect(committed === validatorSource()).toBe(true);
  });
});

describe('PRINTABLE_PATTERN', () => {
  const printable = new RegExp(PRINTABLE_PATTERN, 'u');

  test('accepts exactly what hasHidden does not flag: every BMP unit alone and between letters', () => {
    const differ: number[] = [];
    for (let u = 0; u < 0x10000; u++) {
      const c = String.fromCharCode(u);
      for (const text of [c, `a${c}b`]) if (printable.test(text) === hasHidden(text)) differ.push(u);
    }
    expect(differ).toEqual([]);
  });

  test('surrogate pairs are accepted, lone or reversed halves refused, as hasHidden says', () => {
    for (const text of [
      '\u{1F600}',
      'x\u{10FFFF}y',
      '\uD83D',
      '\uDE00',
      '\uDE00\uD83D',
      'a\uD83Db',
      '',
      'ünïcødé 中文'
    ]) {
      expect(printable.test(text)).toBe(!hasHidden(text));
    }
  });
});
