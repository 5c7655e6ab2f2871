/** The `name:` of a model entry, as every model kind reads it. */
import { describeFound } from '../errors.js';
import { codePointLength } from '../util/strings.js';
import { hasHidden } from '../util/visible.js';
import type { ConfigSource, KeyPath } from './source.js';
import { PRINTABLE, configError } from './validate.js';

/** Longest model name, in characters: names head report columns and evidence rows. */
export const MAX_MODEL_NAME = 200;

/**
 * A model name as given (`name:`): 1 to MAX_MODEL_NAME characters, not blank, and none of
 * them a control, bidi or invisible character, since the name is shown in every report.
 */
export function modelName(value: unknown, source: ConfigSource, path: KeyPath): string {
  const ok =
    typeof value === 'string' && value.trim() !== '' && codePointLength(value) <= MAX_MODEL_NAME && !hasHidden(value);
  if (!ok)
    throw configError(
      source,
      path,
      `expected a name of 1 to ${MAX_MODEL_NAME} characters, not blank, ${PRINTABLE}, found ${describeFound(value)}`
    );
  return value;
}
