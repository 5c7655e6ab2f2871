/**
 * The data figures of metrics.json: rows per split, the challenge split's share and languages, and the shift between
 * reference and challenge.
 */
import { UNKNOWN_LANGUAGE } from '../../data/example.js';
import type { ExampleGroup } from '../../evidence/group.js';
import { jensenShannonDivergence } from '../divergence.js';
import { count, notApplicable } from '../figure.js';
import { CHALLENGE_SPLIT, REFERENCE_SPLIT, type MetricFacts, type Metrics } from '../metrics.js';
import { PSI_EDGES, psiOfHistograms } from '../shift.js';

/** Why the per-language checks are not applicable when the data has a single language. */
export const ONE_LANGUAGE = 'the data has one language: the challenge checks already cover it';

export class DataCell {
  private readonly splitRows = new Map<string, number>();
  private readonly languageRows = new Map<string, Map<string, number>>();
  private readonly labelRows = new Map<string, Map<string, number>>();

  constructor(private readonly facts: MetricFacts) {
    for (const split of facts.splits) {
      this.splitRows.set(split, 0);
      this.languageRows.set(split, new Map());
      this.labelRows.set(split, new Map());
    }
  }

  add(g: ExampleGroup): void {
    this.splitRows.set(g.split, (this.splitRows.get(g.split) ?? 0) + 1);
    const bump = (m: Map<string, number> | undefined, key: string) => m?.set(key, (m.get(key) ?? 0) + 1);
    bump(this.languageRows.get(g.split), g.language);
    bump(this.labelRows.get(g.split), g.label);
  }

  finish(): Metrics['data'] {
    const facts = this.facts;
    const hasChallenge = facts.splits.includes(CHALLENGE_SPLIT);
    const hasReference = facts.splits.includes(REFERENCE_SPLIT);
    const hasLanguage = facts.languages.some((l) => l !== UNKNOWN_LANGUAGE);
    // One slice is the whole challenge split: its checks would repeat the challenge checks.
    const noLanguageChecks = !hasLanguage
      ? 'the data has no language column'
      : facts.languages.length === 1
        ? ONE_LANGUAGE
        : null;
    const challengeRows = this.splitRows.get(CHALLENGE_SPLIT) ?? 0;
    let total = 0;
    for (const n of this.splitRows.values()) total += n;
    const bothSplits = `needs both a "${REFERENCE_SPLIT}" and a "${CHALLENGE_SPLIT}" split`;
    const histogram = (split: string) => facts.lengthHistogram[split] ?? [];
    return {
      rows: Object.fromEntries(this.splitRows),
      challenge_examples: hasChallenge
        ? count(challengeRows, total)
        : notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`),
      language_examples: facts.languages.map((language) => ({
        scope: `${CHALLENGE_SPLIT}/${language}`,
        split: CHALLENGE_SPLIT,
        language,
        figure: !hasChallenge
          ? notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`)
          : noLanguageChecks !== null
            ? notApplicable(noLanguageChecks)
            : count(this.languageRows.get(CHALLENGE_SPLIT)?.get(language) ?? 0, challengeRows)
      })),
      length_psi:
        hasChallenge && hasReference
          ? psiOfHistograms(histogram(REFERENCE_SPLIT), histogram(CHALLENGE_SPLIT))
          : notApplicable(bothSplits),
      length_histogram: {
        edges: [...PSI_EDGES],
        counts: Object.fromEntries(facts.splits.map((s) => [s, [...histogram(s)]]))
      },
      language_jsd:
        hasChallenge && hasReference
          ? hasLanguage
            ? jensenShannonDivergence(
                this.languageRows.get(REFERENCE_SPLIT) ?? new Map(),
                this.languageRows.get(CHALLENGE_SPLIT) ?? new Map()
              )
            : notApplicable('the data has no language column')
          : notApplicable(bothSplits),
      label_jsd:
        hasChallenge && hasReference
          ? jensenShannonDivergence(
              this.labelRows.get(REFERENCE_SPLIT) ?? new Map(),
              this.labelRows.get(CHALLENGE_SPLIT) ?? new Map()
            )
          : notApplicable(bothSplits),
      train_overlap: facts.overlap.map((o) => ({ split: o.split, count: o.count, ids: [...o.ids] }))
    };
  }
}
