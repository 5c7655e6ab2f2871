import { Ajv } from 'ajv';
import { CONFIG_SCHEMA } from '../../src/config/schema.js';

describe('the config schema', () => {
  test('is a valid JSON Schema (the reader skips this check at start-up)', () => {
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    ajv.addKeyword({ keyword: 'printable', type: 'string', schemaType: 'boolean' });
    expect(ajv.validateSchema(CONFIG_SCHEMA)).toBe(true);
    expect(ajv.errors ?? null).toBeNull();
  });

  test('a broken schema is caught by that check', () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema({ type: 'object', properties: { a: { type: 'strnig' } } })).toBe(false);
  });
});
