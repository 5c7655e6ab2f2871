/**
 * Real reports for the report.html tests: the engine runs in-process on the bundled example (once
 * alone, once against a baseline run with a different hybrid word weight) and on a hostile
 * fixture whose ids, labels, languages, texts and one model name try to inject markup, workflow
 * commands, bidi and zero-width characters, and 100 kB values. `deriveFolder` reads an output
 * folder back into the in-memory derivation (what `verify` does), for tests that need the
 * derivation itself, such as the size test that scales a real one to 50 models × 20 languages.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { OutputFolder } from '../../src/evidence/output-folder.js';
import { readDerivationFacts, readReportFacts, type ReportFacts } from '../../src/manifest/facts.js';
import { openBaseline } from '../../src/pipeline/baseline.js';
import { Derivation, type BaselineInput, type Derived } from '../../src/pipeline/derive.js';
import { EXAMPLE_CONFIG, exampleRepo, jsonl, REPO_ROOT, tempRepo } from '../helpers.js';
import { yamlString } from '../hostile/hostile-config-helpers.js';

/** What a payload sets when it runs; the browser test checks it stays undefined. */
export const PWNED_FLAG = '__evidenceGatePwned';

/** A 100 kB value (plus a marker so each one is distinct). */
export function huge(marker: string): string {
  return `${marker}:${'W'.repeat(100_000)}`;
}

const SCRIPT = `<script>window.${PWNED_FLAG}=1</script>`;
const IMG = `<img src=x onerror="window.${PWNED_FLAG}=1">`;
const REMOTE =
  '<img src="https://example.invalid/beacon.png"><link rel=stylesheet href="https://example.invalid/x.css">';

/** Hostile labels: markup, a workflow command, a bidi override, and a 100 kB label. */
export const HOSTILE_LABELS = [IMG, '::error::pwned', '\u202Eevil', huge('label')] as const;

/** The example, run once into `out`; returns the output folder. */
export async function runExample(): Promise<string> {
  const root = exampleRepo();
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  return join(root, 'out');
}

/** The example with the adaptive search added (scores, budget 200), run once into `out`; returns the output folder. */
export async function runExampleWithSearch(): Promise<string> {
  const root = exampleRepo();
  const path = join(root, EXAMPLE_CONFIG);
  const config = readFileSync(path, 'utf8');
  // The bundled config may already configure the search: then it runs as it is.
  const changed = config.includes('    search:')
    ? config
    : config.replace(
        '    truncate: { keep: 0.65 }\n',
        '    truncate: { keep: 0.65 }\n    search: { knowledge: scores, queries: 200 }\n'
      );
  if (!changed.includes('    search:'))
    throw new Error('the example config no longer holds the truncate line this fixture adds the search after');
  writeFileSync(path, changed);
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  return join(root, 'out');
}

/**
 * The example run twice: a baseline with hybrid word_weight 0.5 (the example's), then a head run
 * with `headWeight`, compared with it. Returns the head output folder and the baseline folder.
 */
export async function runExampleWithBaseline(headWeight = 0.9): Promise<{ head: string; base: string }> {
  const root = exampleRepo();
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'base' });
  const path = join(root, EXAMPLE_CONFIG);
  const config = readFileSync(path, 'utf8');
  const changed = config.replace('{ hybrid: { word_weight: 0.5 } }', `{ hybrid: { word_weight: ${headWeight} } }`);
  if (changed === config) throw new Error('the example config no longer holds the hybrid model this fixture changes');
  writeFileSync(path, changed);
  await run({
    root,
    configPath: EXAMPLE_CONFIG,
    outputDir: 'head',
    baseline: { dir: join(root, 'base'), onError: 'refuse' }
  });
  return { head: join(root, 'head'), base: join(root, 'base') };
}

/** A label-only external model: the first label for texts holding "alpha", else the second. */
const MODEL_SCRIPT = `import { createInterface } from 'node:readline';
const labels = ${JSON.stringify(HOSTILE_LABELS.slice(0, 2))};
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const { id, text } = JSON.parse(line);
  process.stdout.write(JSON.stringify({ id, label: text.includes('alpha') ? labels[0] : labels[1] }) + '\\n');
});
`;

function hostileRows(prefix: string, count: number, split: 'train' | 'controlled' | 'challenge'): object[] {
  const ids = [
    SCRIPT,
    `"><img src=x onerror=window.${PWNED_FLAG}=1>`,
    '::error::pwned-id',
    '\u202Edi-live',
    'zero\u200Bwidth\u200D',
    huge('id')
  ];
  const languages = ['en', SCRIPT, '\u202Ees', 'zw\u200Bx', huge('language')];
  const texts = [
    `alpha results ${SCRIPT} show a gain in the main outcome`,
    `beta limitation </td></tr></table>${IMG} the sample was small and partial`,
    `alpha trend\n::error::pwned in the log and a gain over the years`,
    `beta caution \u202Eevil\u202C reversed text with a\u200Bhidden space in the window`,
    `alpha ${REMOTE} remote markup and results across the board`,
    `beta <style>body{display:none}</style> styles and a limitation of scope`
  ];
  const rows: object[] = [];
  for (let i = 0; i < count; i++) {
    const label = HOSTILE_LABELS[i % 2] as string;
    // The challenge split mislabels half its rows, so accuracy checks fail and have rows behind them.
    const gold = split === 'challenge' && i % 4 >= 2 ? (HOSTILE_LABELS[(i + 1) % 2] as string) : label;
    const id = split === 'train' ? `${prefix}${i}` : i < ids.length ? `${prefix}${ids[i]}` : `${prefix}${i}`;
    let text = `${texts[i % texts.length]} number ${i} ${split}`;
    if (i === 7 && split !== 'train') text = `${text} ${huge('text')}`;
    rows.push({
      id,
      text,
      label: i === 8 && split !== 'train' ? HOSTILE_LABELS[2 + (i % 2)] : gold,
      language: split === 'train' ? 'en' : (languages[i % languages.length] as string)
    });
  }
  // Every label needs training rows.
  if (split === 'train')
    for (const [i, label] of HOSTILE_LABELS.slice(2).entries())
      rows.push({ id: `${prefix}extra${i}`, text: `gamma delta ${i} rare words`, label, language: 'en' });
  return rows;
}

/** A repository whose data and one model name carry hostile strings (see the file comment). */
export function hostileRepo(): { root: string; config: string } {
  const config = [
    'version: 1',
    'task: text',
    'threat_model:',
    `  id: ${yamlString(`<b>tm</b>${IMG}`)}`,
    '  revision: 1',
    `  protected_outcome: ${yamlString(`${SCRIPT} must not flip`)}`,
    '  objective: untargeted',
    '  protected_transitions:',
    `    - { from: ${yamlString(HOSTILE_LABELS[1])}, to: ${yamlString(HOSTILE_LABELS[0])} }`,
    '  access: black-box',
    '  attacks:',
    '    format: {}',
    '    transpose: { words_per_change: 3 }',
    '    truncate: { keep: 0.65 }',
    'data:',
    '  train: data/train.jsonl',
    '  evaluate:',
    '    controlled: data/controlled.jsonl',
    '    challenge: data/challenge.jsonl',
    'models:',
    '  - naive-bayes',
    `  - name: ${yamlString(`${IMG}::error::`)}`,
    '    command: "node model.mjs"',
    '    files: [model.mjs]',
    'statistics: { seed: 7, bootstrap_iterations: 200, paired_iterations: 100, interval: 0.95 }',
    'output: { text: full }',
    ''
  ].join('\n');
  const root = tempRepo({
    'evidence-gate.yml': config,
    'model.mjs': MODEL_SCRIPT,
    'data/train.jsonl': jsonl(hostileRows('t', 24, 'train')),
    'data/controlled.jsonl': jsonl(hostileRows('c', 16, 'controlled')),
    'data/challenge.jsonl': jsonl(hostileRows('h', 16, 'challenge'))
  });
  return { root, config: 'evidence-gate.yml' };
}

/** The hostile fixture, run once into `out`; returns the output folder. */
export async function runHostile(): Promise<string> {
  const { root, config } = hostileRepo();
  await run({ root, configPath: config, outputDir: 'out' });
  return join(root, 'out');
}

/** An output folder read back into the derivation and the report facts (as `verify` does). */
export async function deriveFolder(
  dir: string,
  baselineDir: string | null = null
): Promise<{ derived: Derived; facts: ReportFacts }> {
  const art = OutputFolder.open(dir, dir);
  const m = art.manifest;
  const baseline: BaselineInput = baselineDir
    ? await openBaseline({ dir: baselineDir, onError: 'refuse' }, m, dir, () => {})
    : m.no_baseline_reason
      ? { reason: m.no_baseline_reason }
      : null;
  const derivation = new Derivation(readDerivationFacts(m), baseline);
  for await (const { row } of art.rows()) derivation.add(row);
  return { derived: derivation.finish(), facts: readReportFacts(m) };
}

/**
 * The example with its evaluation rows spread over `count` languages (lang-00, lang-01, …; the
 * append family gets a sentence for each), run once into `out`: a real run with many language
 * slices, for the size test.
 */
export async function runManyLanguages(count: number): Promise<string> {
  const root = exampleRepo();
  const dir = join(root, 'examples', 'academic-intent');
  const name = (i: number) => `lang-${String(i).padStart(2, '0')}`;
  for (const split of ['controlled', 'challenge']) {
    const path = join(dir, 'data', `${split}.jsonl`);
    const rows = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    writeFileSync(path, jsonl(rows.map((r, i) => ({ ...r, language: name(i % count) }))));
  }
  const path = join(root, EXAMPLE_CONFIG);
  const sentences = Array.from(
    { length: count },
    (_, i) => `        ${name(i)}: "Further details are given in the appendix."`
  ).join('\n');
  const config = readFileSync(path, 'utf8').replace(
    / {6}sentences:\n(?: {8}.*\n)+/,
    `      sentences:\n${sentences}\n`
  );
  writeFileSync(path, config);
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  return join(root, 'out');
}

/** The bundled tabular example, run once into `out`; returns the output folder. */
export async function runTabular(): Promise<string> {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples', 'inspection-tabular'), join(root, 'examples', 'inspection-tabular'), {
    recursive: true
  });
  await run({ root, configPath: 'examples/inspection-tabular/evidence-gate.yml', outputDir: 'out' });
  return join(root, 'out');
}

/** A copy of `value` with `from` replaced by `to` in every string, Map key and object key. */
function replaceDeep<T>(value: T, from: string, to: string): T {
  const swap = (s: string) => s.split(from).join(to);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return swap(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Map) return new Map([...v.entries()].map(([k, x]) => [walk(k), walk(x)]));
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [swap(k), walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The derivation with a name (a model's, a language's) replaced everywhere, e.g. by a value no config would accept. */
export function renameEverywhere(derived: Derived, from: string, to: string): Derived {
  return replaceDeep(derived, from, to);
}
