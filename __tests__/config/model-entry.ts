/** Loading a tiny repository whose config adds one model entry (YAML flow mapping) after naive-bayes. */
import { loadPlan } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';
import { minimalConfig, tinyRepo } from '../helpers.js';

const CONFIG = 'evidence-gate.yml';

/** The plan of the tiny repository with `entry` as models[1], `files` written beside the config. */
export const loadEntry = (entry: string, files: Record<string, string> = {}) =>
  loadPlan({ root: tinyRepo({ ...files, [CONFIG]: minimalConfig(`  - ${entry}`) }), configPath: CONFIG });

/** The config error loading that repository raises. */
export function entryRefusal(entry: string, files: Record<string, string> = {}): string {
  try {
    loadEntry(entry, files);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a config error');
}
