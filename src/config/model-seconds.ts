/** A model's time limit in seconds (`timeout_s`, `request_timeout_s`), as every model kind reads it. */
import { describeFound } from '../errors.js';
import type { ConfigSource, KeyPath } from './source.js';
import { configError } from './validate.js';

/** The longest wait a Node timer holds, 2^31 − 1 ms (about 24.8 days); a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Seconds from 0.001 to MAX_TIMER_MS / 1000, rounded to whole milliseconds (timers count in ms);
 * `fallback` when absent. Anything else would make every request fail at once.
 */
export function modelSeconds(value: unknown, fallback: number, source: ConfigSource, path: KeyPath): number {
  const v = value ?? fallback;
  const ms = typeof v === 'number' ? Math.round(v * 1000) : NaN;
  if (!(ms >= 1 && ms <= MAX_TIMER_MS)) {
    const range = `from 0.001 to ${MAX_TIMER_MS / 1000} (about 24.8 days)`;
    throw configError(source, path, `expected a number of seconds ${range}, found ${describeFound(v)}`);
  }
  return ms / 1000;
}

/** Seconds as a timer's whole milliseconds. */
export const timerMs = (seconds: number): number => Math.round(seconds * 1000);
