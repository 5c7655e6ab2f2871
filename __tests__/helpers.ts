/** Shared test helpers: throwaway repositories with a config and data files. */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

/** A fresh folder with the given files (path → content) written into it. */
export function tempRepo(files: Record<string, string | Uint8Array> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'evidence-gate-test-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return root;
}

/** A temp repository holding a copy of the bundled academic-intent example. */
export function exampleRepo(): string {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples', 'academic-intent'), join(root, 'examples', 'academic-intent'), {
    recursive: true
  });
  return root;
}

export const EXAMPLE_CONFIG = 'examples/academic-intent/evidence-gate.yml';

/** The bundled example's own search line (scores, budget 200): tests that try another search replace it. */
export const EXAMPLE_SEARCH_LINE = '    search: { knowledge: scores, queries: 200 }\n';

/** The bundled text example's conditions in evidence order (clean, then its attacks as configured). */
export const EXAMPLE_CONDITIONS = [
  'clean',
  'format',
  'transpose',
  'typo',
  'dictionary',
  'append',
  'truncate',
  'search',
  'exact'
] as const;

/** The example config without its `exact` attack (and the comment above it). */
export function withoutExact(config: string): string {
  const out = config.replace(/(?: *#[^\n]*\n)* *exact: \{\}\n/, '');
  if (out === config) throw new Error('the example config has no `exact: {}` line; update withoutExact');
  return out;
}

/**
 * The bundled example with a tenth of its search budget (20 queries) and bootstrap, and without `exact`: for tests
 * that run it many times to check behaviour (pairing, shards, refusals) that does not depend on scale. Exact's own
 * tests add it back with the space they need (__tests__/evaluate/exact-text-engine.test.ts).
 */
export function smallExampleRepo(): string {
  const root = exampleRepo();
  const config = join(root, EXAMPLE_CONFIG);
  const text = withoutExact(readFileSync(config, 'utf8'));
  const small = text
    .replace(EXAMPLE_SEARCH_LINE, '    search: { knowledge: scores, queries: 20 }\n')
    .replace('bootstrap_iterations: 1000, paired_iterations: 500', 'bootstrap_iterations: 100, paired_iterations: 50');
  if (!small.includes('queries: 20') || !small.includes('bootstrap_iterations: 100,')) {
    throw new Error(`${config}: its search or statistics line moved; update smallExampleRepo`);
  }
  writeFileSync(config, small);
  return root;
}

export function jsonl(rows: object[]): string {
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

/** A minimal valid config; `extra` is appended verbatim (YAML). */
export function minimalConfig(extra = ''): string {
  return [
    'version: 1',
    'threat_model:',
    '  id: tm',
    'data:',
    '  train: data/train.jsonl',
    '  evaluate:',
    '    controlled: data/controlled.jsonl',
    '    challenge: data/challenge.jsonl',
    'models:',
    '  - naive-bayes',
    extra
  ].join('\n');
}

const TRAIN = [
  { id: 't1', text: 'the results show a clear gain', label: 'result', language: 'en' },
  { id: 't2', text: 'results show strong gains overall', label: 'result', language: 'en' },
  { id: 't3', text: 'one limitation is the small sample', label: 'limitation', language: 'en' },
  { id: 't4', text: 'a limitation is the short window', label: 'limitation', language: 'en' }
];

/** A tiny, valid repository: config + three data files. */
export function tinyRepo(overrides: Record<string, string | Uint8Array> = {}, configExtra = ''): string {
  return tempRepo({
    'evidence-gate.yml': minimalConfig(configExtra),
    'data/train.jsonl': jsonl(TRAIN),
    'data/controlled.jsonl': jsonl([
      { id: 'c1', text: 'results show a gain', label: 'result', language: 'en' },
      { id: 'c2', text: 'a limitation is the sample', label: 'limitation', language: 'en' }
    ]),
    'data/challenge.jsonl': jsonl([
      { id: 'h1', text: 'we observe gains in results', label: 'result', language: 'es' },
      { id: 'h2', text: 'caution: the window was short', label: 'limitation', language: 'es' }
    ]),
    ...overrides
  });
}

/**
 * `count` texts, each of `minPieces` up to `minPieces + maxExtra - 1` pieces drawn from `pool`, from a
 * seeded linear congruential generator: the same cases on every run.
 */
export function randomTexts(
  pool: readonly string[],
  count: number,
  maxExtra: number,
  seed: number,
  minPieces = 0
): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const texts: string[] = [];
  for (let t = 0; t < count; t++) {
    let text = '';
    for (let i = minPieces + Math.floor(next() * maxExtra); i > 0; i--) text += pool[Math.floor(next() * pool.length)];
    texts.push(text);
  }
  return texts;
}

/** The rows of an output folder's evidence.jsonl, parsed (tests read their fields loosely). */
export function evidenceRowsOf(root: string, out: string): Array<Record<string, any>> {
  return readFileSync(join(root, out, 'evidence.jsonl'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
