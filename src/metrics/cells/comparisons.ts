/**
 * Paired model comparisons on the challenge split: per pair of models, the clean rows one got right and the other wrong
 * (comparison.ts).
 */
import type { EvidenceRow } from '../../evidence/row.js';
import type { OutcomeCounts } from '../bootstrap.js';
import { addPair, pairedComparisonOf } from '../comparison.js';
import { CHALLENGE_SPLIT, type MetricFacts, type Metrics } from '../metrics.js';
import { cellParts } from '../random.js';
import { bootstrapOptions } from './cell.js';

export class ComparisonsCell {
  /** pairs[a][b] for a < b. */
  private readonly pairs: OutcomeCounts[][];

  constructor(private readonly facts: MetricFacts) {
    this.pairs = facts.models.map(() => facts.models.map(() => ({ plus: 0, minus: 0, zero: 0 })));
  }

  /** The clean row of each model, in model order, of one example. */
  add(split: string, cleanRows: readonly EvidenceRow[]): void {
    if (split !== CHALLENGE_SPLIT) return;
    for (let a = 0; a < cleanRows.length; a++) {
      for (let b = a + 1; b < cleanRows.length; b++)
        addPair(
          (this.pairs[a] as OutcomeCounts[])[b] as OutcomeCounts,
          cleanRows[a] as EvidenceRow,
          cleanRows[b] as EvidenceRow
        );
    }
  }

  finish(): Metrics['comparisons'] {
    const facts = this.facts;
    const comparisons: Metrics['comparisons'] = [];
    if (!facts.splits.includes(CHALLENGE_SPLIT)) return comparisons;
    facts.models.forEach((a, i) => {
      facts.models.slice(i + 1).forEach((b, k) => {
        const options = {
          ...bootstrapOptions(facts, a.name, 'paired_comparison', '', CHALLENGE_SPLIT, facts.pairedIterations),
          streamParts: cellParts({
            metric: 'paired_comparison',
            model: a.name,
            secondModel: b.name,
            scope: CHALLENGE_SPLIT
          })
        };
        comparisons.push({
          model_a: a.name,
          model_b: b.name,
          split: CHALLENGE_SPLIT,
          ...pairedComparisonOf((this.pairs[i] as OutcomeCounts[])[i + 1 + k] as OutcomeCounts, options)
        });
      });
    });
    return comparisons;
  }
}
