/**
 * What the run's attacks can and cannot show, from the conditions it evaluated and each family's
 * strategy (its descriptor): one sentence per kind of search, for summary.md and report.html.
 * Plain text: condition names come from the registry, and each renderer escapes them anyway.
 */
import { strategyOf, type Strategy } from '../config/families.js';
import { UNKNOWN_LANGUAGE } from '../data/example.js';
import { CHALLENGE_SPLIT } from '../metrics/metrics.js';

const SENTENCE: Record<Strategy, (names: string) => string> = {
  fixed: (names) =>
    `One fixed attempt per row, not an adaptive search: ${names}; ` +
    'a row that survives is evidence about that test only.',
  adaptive: (names) =>
    `Adaptive search, steered by each model's answers within its budget: ${names}; ` +
    'a row that survives is evidence about that budget, not about every attack.',
  exact: (names) =>
    `Exact worst case over the whole budget where the model allows it (docs/tabular.md): ${names}; ` +
    'a row it certifies has no failure within the threat model.'
};

/** The sentences for the perturbed conditions of a run, fixed first; none for a clean-only run. */
export function scopeSentences(conditions: readonly string[]): string[] {
  const perturbed = conditions.filter((c) => c !== 'clean');
  return (['fixed', 'adaptive', 'exact'] as const).flatMap((strategy) => {
    const names = perturbed.filter((c) => strategyOf(c) === strategy);
    return names.length > 0 ? [SENTENCE[strategy](names.join(', '))] : [];
  });
}

/** The data's single language when the per-language checks were skipped for it (metrics/cells/data.ts); else null. */
export function onlyLanguage(facts: { languages: readonly string[]; splits: readonly string[] }): string | null {
  const [only, ...more] = facts.languages;
  if (only === undefined || more.length > 0 || only === UNKNOWN_LANGUAGE) return null;
  return facts.splits.includes(CHALLENGE_SPLIT) ? only : null;
}

/** The one line saying so; `shown` is the language already escaped for the output format. */
export function singleLanguageLine(shown: string): string {
  const why = 'so they would repeat the challenge checks';
  return `Per-language checks are not applicable: the data has one language (${shown}), ${why}.`;
}
