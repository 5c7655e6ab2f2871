/** The `repeat:` of a model entry (docs/models.md#repeated-queries), as every model kind reads it. */
import { describeFound } from '../errors.js';
import { MAX_REPEAT } from '../models/repeat.js';
import type { ConfigSource, KeyPath } from './source.js';
import { configError } from './validate.js';

/** A whole number from 1 to MAX_REPEAT; 1 when absent. */
export function modelRepeat(value: unknown, source: ConfigSource, path: KeyPath): number {
  const v = value ?? 1;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_REPEAT)
    throw configError(source, path, `expected a whole number from 1 to ${MAX_REPEAT}, found ${describeFound(v)}`);
  return v;
}
