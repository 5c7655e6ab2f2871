/**
 * The `cache:` of a model entry (docs/answer-cache.md): the key the team gives the model's identity and the most the
 * cache folder may hold. Only kinds whose descriptor says how their requests are shaped (`remote.cacheSettings`) accept
 * it; the config loader checks that.
 */
import { describeFound } from '../errors.js';
import { hasHidden } from '../util/visible.js';
import type { ConfigSource, KeyPath } from './source.js';
import { configError, PRINTABLE, unknownKey } from './validate.js';

export interface AnswerCachePlan {
  /** The model's identity as the team names it: changing it re-asks every input. */
  key: string;
  /** The folder is pruned to this many mebibytes, oldest entries first. */
  maxMb: number;
}

const CACHE_KEYS = ['key', 'max_mb'];
const DEFAULT_CACHE_MB = 512;
const MAX_KEY_CHARS = 200;

export function modelCache(value: unknown, source: ConfigSource, at: KeyPath): AnswerCachePlan {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw configError(source, at, `expected a mapping with key (and optionally max_mb), found ${describeFound(value)}`);
  const block = value as Record<string, unknown>;
  for (const k of Object.keys(block))
    if (!CACHE_KEYS.includes(k)) throw configError(source, [...at, k], unknownKey(k, CACHE_KEYS), true);
  const key = block.key;
  if (typeof key !== 'string' || key.trim() === '' || hasHidden(key) || key.length > MAX_KEY_CHARS) {
    const found =
      typeof key === 'string' && key.trim() !== '' ? 'a string with hidden characters or too long' : describeFound(key);
    throw configError(
      source,
      [...at, 'key'],
      `expected the model's identity as a non-empty string of at most ${MAX_KEY_CHARS} characters ${PRINTABLE} ` +
        `(for example "intent-api@2026-12-01"), found ${found}`
    );
  }
  const maxMb = block.max_mb ?? DEFAULT_CACHE_MB;
  if (typeof maxMb !== 'number' || !Number.isFinite(maxMb) || maxMb <= 0 || maxMb > 1024 * 1024)
    throw configError(
      source,
      [...at, 'max_mb'],
      `expected a number of mebibytes above 0, found ${describeFound(maxMb)}`
    );
  return { key, maxMb };
}
