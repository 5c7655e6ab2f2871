/**
 * `repeat: 1` on every model of the three bundled examples changes nothing: the plan is the same
 * (so every output derived from it is), and a run writes byte-identical evidence, metrics,
 * checks, summary and report (docs/models.md#repeated-queries).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { run } from '../../src/engine.js';
import { REPO_ROOT, tempRepo } from '../helpers.js';

const EXAMPLES = ['academic-intent', 'inspection-tabular', 'grading-tabular'];

/** Each `  - <model>` line of the config as a mapping with `repeat: 1`, on the same line. */
function withRepeatOne(text: string): string {
  const models = text.match(/^models:\n((?: {2}- .*\n)+)/m);
  if (!models) throw new Error('no models block');
  const edited = (models[1] as string).replace(/^ {2}- (.*)$/gm, (_, entry: string) =>
    entry.startsWith('{') ? `  - ${entry.replace(/ \}$/, ', repeat: 1 }')}` : `  - { ${entry}: {}, repeat: 1 }`
  );
  return text.replace(models[1] as string, edited);
}

/** A tenth of the query budgets and bootstrap on both sides: sameness does not depend on scale. */
function smallBudgets(text: string): string {
  const small = text
    .replace(/queries: 1000\b/g, 'queries: 100')
    .replace(/queries: 200\b/, 'queries: 20')
    .replace('bootstrap_iterations: 1000, paired_iterations: 500', 'bootstrap_iterations: 100, paired_iterations: 50');
  expect(small).not.toBe(text);
  return small;
}

describe.each(EXAMPLES)('%s', (example) => {
  const config = `examples/${example}/evidence-gate.yml`;
  const repo = (edit: (s: string) => string) => {
    const root = tempRepo();
    cpSync(join(REPO_ROOT, 'examples', example), join(root, 'examples', example), { recursive: true });
    writeFileSync(join(root, config), edit(smallBudgets(readFileSync(join(REPO_ROOT, config), 'utf8'))));
    return root;
  };

  test('the same plan and the same output files', async () => {
    const plainRoot = repo((s) => s);
    const onceRoot = repo(withRepeatOne);
    const once = readFileSync(join(onceRoot, config), 'utf8');
    expect(once.match(/repeat: 1/g)?.length).toBeGreaterThan(0);
    const strip = (root: string) => {
      // The config's own text, digest and source differ by the added keys; everything else must not.
      const plan = Object.fromEntries(
        Object.entries(loadPlan({ root, configPath: config })).filter(
          ([k]) => !['config', 'source', 'root'].includes(k)
        )
      );
      return JSON.parse(JSON.stringify(plan).split(root).join('<root>'));
    };
    expect(strip(onceRoot)).toEqual(strip(plainRoot));
    await run({ root: plainRoot, configPath: config, outputDir: 'out' });
    await run({ root: onceRoot, configPath: config, outputDir: 'out' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md', 'report.html']) {
      expect([
        f,
        readFileSync(join(onceRoot, 'out', f), 'utf8') === readFileSync(join(plainRoot, 'out', f), 'utf8')
      ]).toEqual([f, true]);
    }
  }, 120_000);
});
