/**
 * The test suite's TypeScript transform: esbuild's single-file transform (types are checked by `npm run typecheck`,
 * so the tests only need the JavaScript), plus one line in front of every module (src/ and the tests) that
 * binds the JavaScript built-ins it reads (Math, Number, Array, ...) to module constants.
 *
 * Why (docs/development.md#test-speed): Jest runs each test file in a `vm` context, and in such a context every
 * lookup of a global name goes through the context's interceptor, about 100 times slower than in a plain Node
 * process. The engine's hot loops call Math.exp or Number.isFinite per feature, so a run under Jest took about
 * 3.5 times as long as the same run from dist/. A module constant is found by scope, not on the global object,
 * so the same code runs at its normal speed. The values are the context's own built-ins: nothing else changes.
 * Timers, Date, process and console stay global lookups, since tests replace or fake them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformSync, version as esbuildVersion } from 'esbuild';

const BUILTINS = [
  'Array',
  'ArrayBuffer',
  'BigInt',
  'Boolean',
  'DataView',
  'Error',
  'Float32Array',
  'Infinity',
  'Float64Array',
  'Int16Array',
  'Int32Array',
  'Int8Array',
  'Intl',
  'JSON',
  'Map',
  'NaN',
  'Math',
  'Number',
  'Object',
  'Promise',
  'RangeError',
  'Reflect',
  'RegExp',
  'Set',
  'String',
  'Symbol',
  'TypeError',
  'Uint16Array',
  'Uint32Array',
  'Uint8Array',
  'WeakMap',
  'WeakSet',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt'
];
// On the first line, with no line break, so line numbers in stack traces stay right.
const PROLOGUE = `const { ${BUILTINS.join(', ')} } = globalThis;`;
// Cached output is keyed by this file too: an edit here recompiles every module.
const OWN_DIGEST = createHash('sha256')
  .update(readFileSync(new URL(import.meta.url)))
  .digest('hex')
  .slice(0, 16);

// Why esbuild rather than ts-jest (docs/development.md#test-speed): each of the suite's worker processes loads
// TypeScript's compiler (about half a second) and then spends about 20 ms per module; esbuild needs about 1 ms.
function transform(source, path) {
  const out = transformSync(source, {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    // Node 20 reads `import ... with { type: 'json' }`; esbuild would otherwise drop the attribute for that target.
    supported: { 'import-attributes': true },
    sourcefile: path,
    sourcemap: 'inline',
    tsconfigRaw: { compilerOptions: { useDefineForClassFields: true, verbatimModuleSyntax: false } }
  });
  return { code: PROLOGUE + out.code };
}

export default {
  createTransformer() {
    return {
      canInstrument: false,
      process: (source, path) => transform(source, path),
      processAsync: async (source, path) => transform(source, path),
      getCacheKey: (source, path) => cacheKey(source, path),
      getCacheKeyAsync: async (source, path) => cacheKey(source, path)
    };
  }
};

function cacheKey(source, path) {
  return createHash('sha256').update(`${OWN_DIGEST}:${esbuildVersion}:${path}\0`).update(source).digest('hex');
}
