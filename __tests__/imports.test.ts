/** src/ has no import circle among the imports that run (type-only imports vanish when compiled). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from './helpers.js';

const SRC = join(REPO_ROOT, 'src');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* sources(join(dir, entry.name));
    else if (entry.name.endsWith('.ts')) yield join(dir, entry.name);
  }
}

/** Relative modules a file imports at run time: `import type` and `export type` lines are left out. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    if (match[1]) continue;
    found.push(resolve(dirname(file), match[2]!.replace(/\.js$/, '.ts')));
  }
  return found;
}

test('no circle among the imports that run', () => {
  const graph = new Map([...sources(SRC)].map((file) => [file, runtimeImports(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(SRC, f)).join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) if (graph.has(next)) visit(next, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) visit(file, []);
  expect(circles).toEqual([]);
});

test('the scan sees imports (it would find a circle if one existed)', () => {
  expect(runtimeImports(join(SRC, 'cli', 'engine.ts')).length).toBeGreaterThan(0);
});
