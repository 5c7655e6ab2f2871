/**
 * The example against a baseline, for test files that already run the bundled example once: that
 * run (hybrid word_weight 0.5, the example's) is the baseline, and a head run of a fresh copy with
 * `headWeight` is compared with it. What runExampleWithBaseline (report-fixtures.ts) does, without
 * running the baseline a second time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { EXAMPLE_CONFIG, exampleRepo } from '../helpers.js';

/** `base`: an output folder of the bundled example as configured. Returns the head output folder and `base`. */
export async function exampleAgainstBaseline(base: string, headWeight = 0.9): Promise<{ head: string; base: string }> {
  const root = exampleRepo();
  const path = join(root, EXAMPLE_CONFIG);
  const config = readFileSync(path, 'utf8');
  const changed = config.replace('{ hybrid: { word_weight: 0.5 } }', `{ hybrid: { word_weight: ${headWeight} } }`);
  if (changed === config) throw new Error('the example config no longer holds the hybrid model this fixture changes');
  writeFileSync(path, changed);
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'head', baseline: { dir: base, onError: 'refuse' } });
  return { head: join(root, 'head'), base };
}
