/**
 * The rows behind every check that can fail (docs/definitions.md#drill-down), collected while the evidence streams
 * past: per check id, how many rows (or ids) stand behind it and the most severe few. Which rows
 * stand behind each kind:
 *   challenge_accuracy, generalization_gap   misclassified clean rows of the challenge split
 *   language_accuracy/<m>/<lang>             the same, in that language
 *   challenge_examples, language_examples    the challenge examples (of that language)
 *   changed_examples/<m>/<f>                 the family's rows that are not changed-and-valid
 *   flip_rate/<m>/<f>                        changed-and-valid rows whose prediction flipped
 *   accuracy_drop/<m>/<f>                    changed-and-valid rows right before, wrong after
 *   eligible_coverage/<m>/<f>                uncovered rows (eligible, not tested)
 *   eligible_coverage/<m>/union              eligible ids no family tested (their most severe row)
 *   attack_success/<m>/<f>                   successes
 *   attack_success/<m>/union                 ids with a success (their most severe success)
 *   protected_transitions/<m>                ids a success moved into a declared pair (their most severe such row)
 *   missing_rows/<m>                         rows with status error or timeout, every condition
 *   attack_strength/<m>/<a>                  exact's successes the attack missed (both tested; the exact row)
 *   certified_share/<m>                      exact's decided rows it did not certify (failures and ties)
 * The length-PSI check shows the histogram instead (metrics.json); comparison checks get their
 * rows from the comparison with the baseline.
 */
import { isAttackFamily } from '../config/families.js';
import type { Condition } from '../evidence/condition.js';
import type { ProtectedTransition } from '../evidence/attack-success.js';
import { isProtected } from '../evidence/ledger.js';
import type { ExampleGroup } from '../evidence/group.js';
import type { EvidenceRow } from '../evidence/row.js';
import { isCorrect } from '../metrics/classification.js';
import { CHALLENGE_SPLIT } from '../metrics/metrics.js';
import { EXACT_ATTACK } from '../metrics/strength.js';
import { flipped, inChangedValid } from '../metrics/robustness.js';
import { compareSeverity, dataRef, rank, TopRefs, withTexts, type RankedRef } from './ref.js';

export interface DrillFacts {
  models: readonly string[];
  conditions: readonly Condition[];
  transitions: readonly ProtectedTransition[];
  /** References kept per check. */
  examplesPerCheck: number;
  /** Whether evidence rows carry the texts (output.text: full) to cut into the summary. */
  withText: boolean;
}

export interface DrillDown {
  count: number;
  refs: RankedRef[];
}

export type DrillResult = Map<string, DrillDown>;

export class DrillCollector {
  private readonly tops = new Map<string, TopRefs>();
  private readonly fill: ((r: RankedRef, row: EvidenceRow) => void) | null;

  constructor(private readonly facts: DrillFacts) {
    this.fill = facts.withText ? withTexts : null;
  }

  private top(id: string): TopRefs {
    let t = this.tops.get(id);
    if (t === undefined) {
      t = new TopRefs(this.facts.examplesPerCheck);
      this.tops.set(id, t);
    }
    return t;
  }

  private offer(id: string, ranked: RankedRef, row: EvidenceRow): void {
    const fill = this.fill;
    this.top(id).offer(ranked, fill ? (r) => fill(r, row) : undefined);
  }

  /** Offers the most severe of an id's qualifying rows as the id's one reference. */
  private offerWorst(id: string, candidates: Array<{ ranked: RankedRef; row: EvidenceRow }>): void {
    if (candidates.length === 0) return;
    let worst = candidates[0] as { ranked: RankedRef; row: EvidenceRow };
    for (const c of candidates) if (compareSeverity(c.ranked, worst.ranked) < 0) worst = c;
    this.offer(id, worst.ranked, worst.row);
  }

  addExample(g: ExampleGroup): void {
    const { models, conditions, transitions } = this.facts;
    const challenge = g.split === CHALLENGE_SPLIT;
    const first = g.rows[0]?.[0];
    if (challenge && first) {
      this.offer('challenge_examples/data', dataRef(first), first);
      this.offer(`language_examples/data/${g.language}`, dataRef(first), first);
    }
    models.forEach((model, m) => {
      const rows = g.rows[m] ?? [];
      const clean = rows[0];
      if (clean === undefined) return;
      const ranked = (row: EvidenceRow, c: number) => rank(row, transitions, m * conditions.length + c);
      rows.forEach((row, c) => {
        if (row !== undefined && row.status !== 'ok') this.offer(`missing_rows/${model}`, ranked(row, c), row);
      });
      if (challenge && !isCorrect(clean)) {
        const r = ranked(clean, 0);
        this.offer(`challenge_accuracy/${model}`, r, clean);
        this.offer(`generalization_gap/${model}`, r, clean);
        this.offer(`language_accuracy/${model}/${g.language}`, r, clean);
      }
      const uncovered: Array<{ ranked: RankedRef; row: EvidenceRow }> = [];
      const successes: Array<{ ranked: RankedRef; row: EvidenceRow }> = [];
      const moved: Array<{ ranked: RankedRef; row: EvidenceRow }> = [];
      let eligible = false;
      let tested = false;
      const cleanCorrect = clean.status === 'ok' && clean.prediction === clean.label;
      conditions.forEach((condition, c) => {
        const row = rows[c];
        if (row === undefined || c === 0 || !isAttackFamily(condition)) return;
        // An attack that cannot run against the model (docs/tabular.md#not-applicable) stands behind no check.
        if (row.uncovered_reason === 'not_applicable') return;
        if (row.eligible) eligible = true;
        if (row.tested) tested = true;
        const inC = inChangedValid(row);
        const flip = inC && flipped(row, clean);
        const drop = inC && isCorrect(clean) && !isCorrect(row);
        const success = row.tested === true && row.success === true;
        // Most rows stand behind no check; a ranked reference is built only for those that do.
        if (inC && !flip && !drop && !row.uncovered && !success) return;
        const r = ranked(row, c);
        if (!inC) this.offer(`changed_examples/${model}/${condition}`, r, row);
        if (flip) this.offer(`flip_rate/${model}/${condition}`, r, row);
        if (drop) this.offer(`accuracy_drop/${model}/${condition}`, r, row);
        if (row.uncovered) {
          this.offer(`eligible_coverage/${model}/${condition}`, r, row);
          uncovered.push({ ranked: r, row });
        }
        if (success) {
          this.offer(`attack_success/${model}/${condition}`, r, row);
          successes.push({ ranked: r, row });
        }
        // A success as the metrics count it (metrics/ledger.ts transitionOutcome): under threat_model.against_policy a
        // move the policy abstains on is no breach.
        if (success && cleanCorrect && row.status === 'ok' && isProtected(transitions, row.label, row.prediction))
          moved.push({ ranked: r, row });
      });
      this.missedFailures(model, rows, ranked);
      if (eligible && !tested) this.offerWorst(`eligible_coverage/${model}/union`, uncovered);
      this.offerWorst(`attack_success/${model}/union`, successes);
      this.offerWorst(`protected_transitions/${model}`, moved);
    });
  }

  /** A failure exact proves that another attack tested the row for and missed (docs/tabular.md). */
  private missedFailures(
    model: string,
    rows: ReadonlyArray<EvidenceRow | undefined>,
    ranked: (row: EvidenceRow, c: number) => RankedRef
  ): void {
    const { conditions } = this.facts;
    const at = conditions.indexOf(EXACT_ATTACK as Condition);
    const exact = at > 0 ? rows[at] : undefined;
    if (exact === undefined || exact.tested !== true) return;
    if (exact.certified !== true) this.offer(`certified_share/${model}`, ranked(exact, at), exact);
    if (exact.success !== true) return;
    conditions.forEach((condition, c) => {
      const row = rows[c];
      if (c === at || row === undefined || row.tested !== true || row.success === true || !isAttackFamily(condition))
        return;
      this.offer(`attack_strength/${model}/${condition}`, ranked(exact, at), exact);
    });
  }

  result(): DrillResult {
    const out: DrillResult = new Map();
    for (const [id, top] of this.tops) out.set(id, { count: top.count, refs: top.list() });
    return out;
  }
}
