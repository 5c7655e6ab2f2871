// Turns ncc's ES-module build of src/cli/engine.ts into the script dist/cli/engine.js: one
// async function expression that the launcher (src/cli/index.ts) compiles with V8's code cache,
// which only classic scripts get on Node 20. The module's one import becomes the function's first
// parameter and import.meta.url its second; line numbers stay those of ncc's output. Anything
// else a script cannot hold (another import or export, import.meta otherwise, a dynamic import)
// fails the build instead of failing at run time.
//
// The script is also made pure ASCII: every other UTF-16 unit becomes a \uXXXX escape, which
// means the same character in strings, templates, regular expressions and identifiers, and is
// inert in comments. The launcher then reads it as Latin-1, a plain copy, instead of decoding
// UTF-8, which took about 15 ms of every start (docs/performance.md#start-up). An escape would
// change the meaning only right after a backslash or in a raw template (String.raw), so either
// fails the build.

export const HEADER = 'import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";';

export function engineScript(moduleSource) {
  if (!moduleSource.startsWith(`${HEADER}\n`)) {
    throw new Error(
      `engine bundle: expected its first line to be ${HEADER}, found ${JSON.stringify(moduleSource.slice(0, 120))}`
    );
  }
  const body = moduleSource.slice(HEADER.length).replaceAll('import.meta.url', '__engineUrl');
  const left = [/^\s*(?:import|export)\s/m, /\bimport\.meta\b/, /(?<![\w$.])import\s*\(/].find((pattern) =>
    pattern.test(body)
  );
  if (left)
    throw new Error(`engine bundle: it still holds what a script cannot (${left}); the launcher cannot compile it`);
  return asciiOnly(`(async function (__WEBPACK_EXTERNAL_createRequire, __engineUrl) {${body}\n})\n`);
}

/** `source` with every non-ASCII UTF-16 unit written as a \\uXXXX escape (see above). */
export function asciiOnly(source) {
  if (/String\.raw/.test(source))
    throw new Error('engine bundle: it uses String.raw, whose text an escape would change');
  return source.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes, unit, at) => {
    if (slashes.length % 2 === 1) {
      throw new Error(
        `engine bundle: a backslash precedes ${JSON.stringify(unit)} at ${at}: ${JSON.stringify(source.slice(Math.max(0, at - 40), at + 40))}`
      );
    }
    return `${slashes}\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
