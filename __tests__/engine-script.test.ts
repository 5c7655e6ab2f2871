/** scripts/engine-script.js: how `npm run package` turns the CLI engine's ES module into a script. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { createRequire } from 'node:module';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { engineScript, HEADER } from '../scripts/engine-script.js';
import { REPO_ROOT } from './helpers.js';

const toScript = engineScript as (source: string) => string;

describe('engineScript', () => {
  test('wraps the module in an async function of createRequire and the module URL, keeping line numbers', async () => {
    const module = [HEADER, 'const req = __WEBPACK_EXTERNAL_createRequire(import.meta.url);', 'globalThis.__engineTest = [import.meta.url, typeof req("node:path").join];', 'await Promise.resolve();', ''].join('\n');
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
    for (const rest of ['export const a = 1;', 'import x from "y";', 'const u = import.meta.dirname;', 'const m = await import("node:fs");']) {
      expect(() => toScript(`${HEADER}\n${rest}\n`)).toThrow(/still holds what a script cannot/);
    }
    // Names that merely contain the words are fine.
    expect(() => toScript(`${HEADER}\nconst reimport = 1; obj.import(2); const exported = 3;\n`)).not.toThrow();
  });

  test('the committed engine is such a script', () => {
    const engine = readFileSync(join(REPO_ROOT, 'dist/cli/engine.js'), 'utf8');
    expect(engine.startsWith('(async function (__WEBPACK_EXTERNAL_createRequire, __engineUrl) {\n')).toBe(true);
    expect(() => new Script(engine)).not.toThrow();
  });
});
