/**
 * The `cache: true` input (docs/answer-cache.md#in-the-action): the folder of kept answers is restored through the
 * Actions cache service before the run and saved after it, on a push to the default branch only. A pull request
 * restores what its base branch saved (the service's own scoping) and never saves, so nothing a pull request's models
 * answered reaches a later run of main. The service being absent or failing is one notice line: the run goes on and
 * asks the models what it must.
 */
import { join } from 'node:path';
import { loadPlan } from '../config/load.js';
import { sha256Hex } from '../util/hash.js';
import { stableJson } from '../util/json.js';
import { defaultBranchPush } from './event.js';
import type { ActionHost, CacheService } from './host.js';

/** The folder, inside the workspace, that the run keeps answers in. */
const ACTION_CACHE_DIR = '.evidence-gate-cache';

interface RestoredAnswers {
  /** The workspace-relative folder to give the run. */
  dir: string;
  /** The same folder as the cache service is given it. */
  paths: string[];
  service: CacheService;
  /** This run's key: the prefix, the workflow run and the attempt (a saved entry is never overwritten). */
  key: string;
}

const message = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** The cache keys of the config's models; null when the config cannot be read (the run then says why). */
function modelKeys(root: string, configPath: string): string[] | null {
  try {
    return loadPlan({ root, configPath }).models.flatMap((m) => (m.cache ? [`${m.name}=${m.cache.key}`] : []));
  } catch {
    return null;
  }
}

/** Restores the folder before the run; null when nothing can be kept (a notice line says why). */
export async function restoreAnswers(
  host: ActionHost,
  root: string,
  configPath: string
): Promise<RestoredAnswers | null> {
  const keys = modelKeys(root, configPath);
  if (keys === null) return null;
  if (keys.length === 0) {
    host.notice('cache: true, but no model of the config has cache: { key }; every model is asked everything');
    return null;
  }
  const service = host.cacheService();
  if (!service) {
    host.notice('cache: the Actions cache service is not available on this runner; the models are asked everything');
    return null;
  }
  // Per config path and model keys; the service itself keeps each repository's caches apart.
  const prefix = `evidence-gate-answers-${sha256Hex(stableJson({ config: configPath, keys })).slice(0, 24)}-`;
  const key = `${prefix}${host.env.GITHUB_RUN_ID ?? 'local'}-${host.env.GITHUB_RUN_ATTEMPT ?? '1'}`;
  const paths = [join(root, ACTION_CACHE_DIR)];
  try {
    const hit = await service.restore(paths, key, [prefix]);
    host.info(
      hit ? `cache: restored kept answers (${hit})` : 'cache: no kept answers yet for this config and its keys'
    );
  } catch (error) {
    host.notice(`cache: could not restore kept answers (${message(error)}); the models are asked everything`);
  }
  return { dir: ACTION_CACHE_DIR, paths, service, key };
}

/** Saves the folder after the run, on a push to the default branch only. */
export async function saveAnswers(host: ActionHost, restored: RestoredAnswers): Promise<void> {
  if (!defaultBranchPush(host.env)) {
    host.info('cache: answers not saved (only a push to the default branch saves them)');
    return;
  }
  try {
    await restored.service.save(restored.paths, restored.key);
    host.info(`cache: saved kept answers as ${restored.key}`);
  } catch (error) {
    host.notice(`cache: could not save kept answers (${message(error)}); the next run asks again`);
  }
}
