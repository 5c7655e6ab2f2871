/** scripts/engine-script.js: how `npm run package` turns the CLI engine's ES module into a script. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { createRequire } from 'node:module';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { asciiOnly, engineScript, HEADER } from '../scripts/engine-script.js';
import { REPO_ROOT } from './helpers.js';

const toScript = engineScript as (source: string) => string;
const toAscii = asciiOnly as (source: string) => string;

describe('engineScript', () => {
  test('wraps the module in an async function of createRequire and the module URL, keeping line numbers', async () => {
    const module = [
      HEADER,
      'const req = __WEBPACK_EXTERNAL_createRequire(import.meta.url);',
      'globalThis.__engineTest = [import.meta.url, typeof req("node:path").join];',
      'await Promise.resolve();',
      ''
    ].join('\n');
    const script = toScript(module);
    expect(script.split('\n')[1]).toBe(module.split('\n')[1]?.replace('import.meta.url', '__engineUrl'));
    const start = new Script(script).runInThisContext() as (r: typeof createRequire, url: string) => Promise<void>;
    await start(createRequire, 'file:///somewhere/engine.js');
    // The script ran in the process's own context, not in the test's sandbox.
    const outer = new Script('globalThis').runInThisContext() as Record<string, unknown>;
    expect(outer.__engineTest).toEqual(['file:///somewhere/engine.js', 'function']);
  });

  test('refuses a module with another first line, or anything a script cannot hold', () => {
    expect(() => toScript('console.log(1);\n')).toThrow(/expected its first line to be import \{ createRequire/);
    for (const rest of [
      'export const a = 1;',
      'import x from "y";',
      'const u = import.meta.dirname;',
      'const m = await import("node:fs");'
    ]) {
      expect(() => toScript(`${HEADER}\n${rest}\n`)).toThrow(/still holds what a script cannot/);
    }
    // Names that merely contain the words are fine.
    expect(() => toScript(`${HEADER}\nconst reimport = 1; obj.import(2); const exported = 3;\n`)).not.toThrow();
  });

  test('the committed engine is such a script, and pure ASCII (the launcher reads it as Latin-1)', () => {
    const bytes = readFileSync(join(REPO_ROOT, 'dist/cli/engine.js'));
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    const engine = bytes.toString('latin1');
    expect(engine.startsWith('(async function (__WEBPACK_EXTERNAL_createRequire, __engineUrl) {\n')).toBe(true);
    expect(() => new Script(engine)).not.toThrow();
  });

  test('escapes every non-ASCII unit so that strings, templates, regular expressions and names mean the same', () => {
    const source = [
      'const s = "≥ 1 — café";',
      'const t = `${s} × 2 …`;',
      'const r = /[–—]+/.test("a—b");',
      'const u = /^\\p{L}+$/u.test("😀") === false && /[😀-🙏]/u.test("🙂") && "😀".length === 2;',
      'const café = 3; // a comment with é',
      'globalThis.__asciiTest = [s, t, r, u, café];'
    ].join('\n');
    const escaped = toAscii(source);
    expect(/[\u0080-\uffff]/.test(escaped)).toBe(false);
    expect(escaped.split('\n')).toHaveLength(source.split('\n').length);
    const run = (code: string) => {
      // In a block: each run declares the same names.
      new Script(`{\n${code}\n}`).runInThisContext();
      return (new Script('globalThis.__asciiTest').runInThisContext() as unknown[]).slice();
    };
    expect(run(escaped)).toEqual(run(source));
    expect(run(escaped)).toEqual(['≥ 1 — café', '≥ 1 — café × 2 …', true, true, 3]);
  });

  test('refuses what an escape would change: a backslash before a non-ASCII character, String.raw', () => {
    expect(() => toAscii('const a = "\\é";')).toThrow(/a backslash precedes "é"/);
    expect(() => toAscii('const a = String.raw`é`;')).toThrow(/String\.raw/);
    // An even number of backslashes is an escaped backslash, then the character.
    expect(toAscii('const a = "\\\\é";')).toBe('const a = "\\\\\\u00e9";');
  });
});
