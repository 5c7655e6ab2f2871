/**
 * src/ has no import circle, type imports included, and keeps the layer rules of
 * docs/development.md#layers.
 */
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
  for (const match of text.matchAll(
    /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm
  )) {
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

/** Every relative module a file imports or re-exports, type-only ones and `import()` included. */
function allImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const patterns = [
    /(?:import|export)[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      found.push(resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts')));
    }
  }
  return found;
}

/** Strongly connected components of more than one file (Tarjan): each is an import circle. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

const GRAPH = new Map([...sources(SRC)].map((file) => [file, allImports(file)]));
const rel = (file: string): string => relative(SRC, file).split('\\').join('/');

/** Every file `from` reaches through its imports. */
function reach(from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length > 0) {
    for (const next of GRAPH.get(todo.pop()!) ?? []) {
      if (seen.has(next) || !GRAPH.has(next)) continue;
      seen.add(next);
      todo.push(next);
    }
  }
  return seen;
}

/** `from → to` for every import of `files` (or every file they reach, with `reaching`) that `bad` picks. */
function edges(files: string[], bad: (to: string) => boolean, reaching = false): string[] {
  return files.flatMap((f) => {
    const targets = [...(reaching ? reach(f) : (GRAPH.get(f) ?? []))];
    return targets.filter((g) => bad(rel(g))).map((g) => `${rel(f)} → ${rel(g)}`);
  });
}

/** Files of src/ whose path (relative to src/) starts with one of `prefixes`. */
const under = (...prefixes: string[]) => [...GRAPH.keys()].filter((f) => prefixes.some((p) => rel(f).startsWith(p)));

/** The plan loader: above the registries (it names their plans and reads through them). */
const PLAN_LOADER = [
  'config/plan.ts',
  'config/load.ts',
  'config/build.ts',
  'config/gate-plan.ts',
  'config/release-block.ts',
  'config/models.ts',
  'config/families.ts',
  'config/schema.ts',
  'config/against-data.ts',
  'config/validator-build.ts'
];
const REGISTRIES = ['perturb/registry.ts', 'models/registry.ts'];
/** Where the descriptors and what they use live. */
const DESCRIPTORS = ['perturb/', 'tabular/', 'models/', 'text/', 'data/'];

test('no import circle in src/, type imports included', () => {
  expect(circles(GRAPH).map((c) => c.map(rel).join(' ↔ '))).toEqual([]);
});

test('the circle search finds a circle, type imports included', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']]
  ]);
  expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  expect(allImports(join(SRC, 'config', 'plan.ts')).map(rel)).toContain('models/registry.ts');
});

test('the config toolkit (config/ but the plan loader) reaches neither the registries nor the loader', () => {
  const toolkit = under('config/').filter((f) => !PLAN_LOADER.includes(rel(f)));
  expect(edges(toolkit, (to) => [...PLAN_LOADER, ...REGISTRIES].includes(to), true)).toEqual([]);
});

test('descriptors never import the plan loader', () => {
  expect(edges(under(...DESCRIPTORS), (to) => PLAN_LOADER.includes(to))).toEqual([]);
});

test('the adapters reach the pipeline only through its public entry (src/engine.ts, src/start.ts)', () => {
  const adapters = [...under('action/', 'cli/'), join(SRC, 'index.ts')];
  expect(edges(adapters, (to) => /^(evaluate|pipeline)\//.test(to))).toEqual([]);
});

test('only the action imports @actions/*', () => {
  const actionFiles = [...under('action/'), join(SRC, 'index.ts')];
  const imports = (f: string) => /from\s+['"]@actions\//.test(readFileSync(f, 'utf8'));
  expect([...GRAPH.keys()].filter((f) => !actionFiles.includes(f) && imports(f)).map(rel)).toEqual([]);
});

test('src/util imports nothing from the layers above it', () => {
  const loaderOrRegistry = [...PLAN_LOADER, ...REGISTRIES];
  const above = (to: string) => loaderOrRegistry.includes(to) || /^(pipeline|evaluate|action|cli)\//.test(to);
  expect(edges(under('util/'), above, true)).toEqual([]);
});
