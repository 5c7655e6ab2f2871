// Turns ncc's ES-module build of src/cli/engine.ts into the script dist/cli/engine.js: one
// async function expression that the launcher (src/cli/index.ts) compiles with V8's code cache,
// which only classic scripts get on Node 20. The module's one import becomes the function's first
// parameter and import.meta.url its second; line numbers stay those of ncc's output. Anything
// else a script cannot hold (another import or export, import.meta otherwise, a dynamic import)
// fails the build instead of failing at run time.

export const HEADER = 'import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";';

export function engineScript(moduleSource) {
  if (!moduleSource.startsWith(`${HEADER}\n`)) {
    throw new Error(`engine bundle: expected its first line to be ${HEADER}, found ${JSON.stringify(moduleSource.slice(0, 120))}`);
  }
  const body = moduleSource.slice(HEADER.length).replaceAll('import.meta.url', '__engineUrl');
  const left = [/^\s*(?:import|export)\s/m, /\bimport\.meta\b/, /(?<![\w$.])import\s*\(/].find((pattern) => pattern.test(body));
  if (left) throw new Error(`engine bundle: it still holds what a script cannot (${left}); the launcher cannot compile it`);
  return `(async function (__WEBPACK_EXTERNAL_createRequire, __engineUrl) {${body}\n})\n`;
}
