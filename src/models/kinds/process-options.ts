/**
 * The keys every model run as a local process shares (a command, a Python model): its limits,
 * declared probabilities, the environment variables passed through and the requests in flight
 * (docs/models.md#your-own-model-external-command).
 */
import { describeFound } from '../../errors.js';
import { modelRepeat } from '../../config/model-repeat.js';
import { modelSeconds } from '../../config/model-seconds.js';
import type { ConfigSource, KeyPath } from '../../config/source.js';
import { configError } from '../../config/validate.js';
import { quoted } from '../../util/visible.js';

export const PROCESS_KEYS = ['timeout_s', 'request_timeout_s', 'probabilities', 'env', 'window', 'repeat'] as const;

/** Variables that must never reach a user's model process, whatever the config says. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|CREDENTIAL|^ACTIONS_|^INPUT_|^GITHUB_/i;

/** Defaults: the whole run's limit, one request's limit (seconds) and the requests in flight. */
const PROCESS_DEFAULTS = { timeout_s: 600, request_timeout_s: 30, window: 256 } as const;

export interface ProcessOptions {
  timeout_s: number;
  request_timeout_s: number;
  probabilities: boolean;
  env: string[];
  window: number;
  repeat: number;
}

/** A list of non-empty strings at `key` (empty when absent). */
export function stringList(obj: Readonly<Record<string, unknown>>, key: string, source: ConfigSource, at: KeyPath) {
  const v = obj[key] ?? [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === ''))
    throw configError(source, [...at, key], `expected a list of non-empty strings, found ${describeFound(v)}`);
  return v as string[];
}

export function processOptions(
  obj: Readonly<Record<string, unknown>>,
  source: ConfigSource,
  at: KeyPath
): ProcessOptions {
  const seconds = (key: string, fallback: number): number => modelSeconds(obj[key], fallback, source, [...at, key]);
  const probabilities = obj.probabilities ?? false;
  if (typeof probabilities !== 'boolean')
    throw configError(
      source,
      [...at, 'probabilities'],
      `expected true or false, found ${describeFound(probabilities)}`
    );
  const window = obj.window ?? PROCESS_DEFAULTS.window;
  if (typeof window !== 'number' || !Number.isInteger(window) || window < 1)
    throw configError(source, [...at, 'window'], `expected a whole number ≥ 1, found ${describeFound(window)}`);
  const env = stringList(obj, 'env', source, at);
  env.forEach((name, i) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      throw configError(
        source,
        [...at, 'env', i],
        `expected an environment variable name, found ${describeFound(name)}`
      );
    if (SECRET_NAME.test(name))
      throw configError(
        source,
        [...at, 'env', i],
        `expected a variable that is not a token or secret (model processes never receive those), found ` +
          `${quoted(name)}`
      );
  });
  return {
    timeout_s: seconds('timeout_s', PROCESS_DEFAULTS.timeout_s),
    request_timeout_s: seconds('request_timeout_s', PROCESS_DEFAULTS.request_timeout_s),
    probabilities,
    env,
    window,
    repeat: modelRepeat(obj.repeat, source, [...at, 'repeat'])
  };
}
