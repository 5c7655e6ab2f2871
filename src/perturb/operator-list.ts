/**
 * The `operators:` list of an attack block (the search's, typo's): each operator at most once, kept in the canonical
 * order of `all` whatever order the config lists them, since that order breaks ties and indexes seeded draws.
 */
import type { ConfigSource, KeyPath } from '../config/source.js';
import { configError } from '../config/validate.js';

/** The listed operators in canonical order (`fallback` when none are listed); an operator listed twice is refused. */
export function operatorList<O extends string>(
  listed: readonly O[] | undefined,
  all: readonly O[],
  fallback: readonly string[],
  context: { source: ConfigSource; at: KeyPath }
): O[] {
  const twice = listed?.find((o, i) => listed.indexOf(o) !== i);
  if (twice !== undefined)
    throw configError(
      context.source,
      [...context.at, 'operators'],
      `the operator ${twice} is listed twice; expected each of ${all.join(', ')} at most once`
    );
  const chosen: readonly string[] = listed ?? fallback;
  return all.filter((o) => chosen.includes(o));
}
