/** scripts/worker-script.js: how `npm run package` turns the writer worker's ES module bundle into CommonJS. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { HEADER } from '../scripts/engine-script.js';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { commonJsWorker } from '../scripts/worker-script.js';

const toCommonJs = commonJsWorker as (source: string) => string;
const EXPORTS = 'export { __webpack_exports___esModule as __esModule };';

test('the import becomes a require and import.meta.url the file URL; the file runs as a CommonJS worker', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'eg-worker-script-'));
  try {
    const file = join(dir, 'w.cjs');
    const module = [
      HEADER,
      'const { parentPort } = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");',
      'parentPort.postMessage(import.meta.url);',
      EXPORTS,
      ''
    ].join('\n');
    writeFileSync(file, toCommonJs(module));
    const worker = new Worker(file);
    const url = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(url).toBe(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('refuses a module with another first line, or anything CommonJS cannot hold', () => {
  expect(() => toCommonJs('console.log(1);\n')).toThrow(/expected its first line to be import \{ createRequire/);
  for (const rest of [
    'export const a = 1;',
    'import x from "y";',
    'const u = import.meta.dirname;',
    'const m = await import("node:fs");'
  ]) {
    expect(() => toCommonJs(`${HEADER}\n${rest}\n`)).toThrow(/still holds what CommonJS cannot/);
  }
});
