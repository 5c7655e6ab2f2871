// Turns ncc's ES-module build of src/evidence/writer-worker.ts into the CommonJS file
// writer-worker.cjs: a worker started from a CommonJS file skips Node's ES module loader, which
// costs a worker about as much again as the writer's own start. The module's one import
// becomes a require, import.meta.url the file's URL, and ncc's empty export list goes; anything
// else CommonJS cannot hold fails the build instead of failing at run time.
import { HEADER } from './engine-script.js';

const URL_OF_FILE = '__workerUrl';
const EXPORTS = /^export \{ __webpack_exports___esModule as __esModule \};\s*$/m;

export function commonJsWorker(moduleSource) {
  if (!moduleSource.startsWith(`${HEADER}\n`)) {
    throw new Error(
      `writer worker bundle: expected its first line to be ${HEADER}, found ${JSON.stringify(moduleSource.slice(0, 120))}`
    );
  }
  const body = moduleSource.slice(HEADER.length).replace(EXPORTS, '').replaceAll('import.meta.url', URL_OF_FILE);
  const left = [/^\s*(?:import|export)\s/m, /\bimport\.meta\b/, /(?<![\w$.])import\s*\(/].find((pattern) =>
    pattern.test(body)
  );
  if (left) throw new Error(`writer worker bundle: it still holds what CommonJS cannot (${left})`);
  return `const { createRequire: __WEBPACK_EXTERNAL_createRequire } = require("node:module");\nconst ${URL_OF_FILE} = require("node:url").pathToFileURL(__filename).href;${body}`;
}
