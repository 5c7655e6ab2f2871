/**
 * Pairs the head run's rows with the baseline index while the head evidence streams past
 * (docs/definitions.md#comparison). Per (model, condition, scope): pairs, base and head correct, fixed, broken, Δ with
 * its paired bootstrap interval and McNemar's exact p-value; per model the new protected
 * transitions; and the rows behind each comparison check (docs/definitions.md#drill-down).
 */
import type { Condition } from '../evidence/condition.js';
import type { ProtectedTransition } from '../evidence/attack-success.js';
import type { ExampleGroup } from '../evidence/group.js';
import { isProtected } from '../evidence/ledger.js';
import type { EvidenceRow } from '../evidence/row.js';
import type { DrillDown, DrillResult } from '../drill/collect.js';
import { compareSeverity, rank, TopRefs, withTexts, type RankedRef } from '../drill/ref.js';
import type { BaselineRecord } from '../manifest/manifest.js';
import { intervalFigure } from '../metrics/bootstrap.js';
import { isCorrect } from '../metrics/classification.js';
import { percentagePoints } from '../metrics/comparison.js';
import { count, measure } from '../metrics/figure.js';
import { mcnemarExactP } from '../metrics/mcnemar.js';
import { ALL } from '../metrics/metrics.js';
import { cellParts } from '../metrics/random.js';
import { compareCodePoints } from '../util/strings.js';
import { packedCorrect, packedDigest, packedOk, packRow, rowKey, type BaselineIndex } from './baseline.js';
import { COMPARISON_SCHEMA_VERSION, type Comparison, type ComparisonCell, type ModelComparison } from './comparison.js';

interface CompareFacts {
  models: readonly string[];
  conditions: readonly Condition[];
  splits: readonly string[];
  transitions: readonly ProtectedTransition[];
  seed: number;
  iterations: number;
  level: number;
  examplesPerCheck: number;
  withText: boolean;
}

interface Cell {
  pairs: number;
  baseCorrect: number;
  headCorrect: number;
  fixedIds: string[];
  brokenIds: string[];
}

const emptyCell = (): Cell => ({ pairs: 0, baseCorrect: 0, headCorrect: 0, fixedIds: [], brokenIds: [] });

export class ComparisonAccumulator {
  private readonly inBaseline: boolean[];
  /** cells[model][condition][scope]: scope 0 = all, 1 + i = split i. */
  private readonly cells: Cell[][][];
  private readonly newMoved: string[][];
  private readonly cleanPaired: number[];
  private readonly tops = new Map<string, TopRefs>();
  private readonly rows = { baseline: 0, head: 0, paired: 0, changed: 0, baseline_only: 0, head_only: 0, not_ok: 0 };

  constructor(
    private readonly facts: CompareFacts,
    private readonly baseline: BaselineIndex,
    private readonly record: BaselineRecord
  ) {
    const baseModels = new Set(baseline.artifact.manifest.models.map((m) => m.name));
    this.inBaseline = facts.models.map((m) => baseModels.has(m));
    this.cells = facts.models.map(() => facts.conditions.map(() => [ALL, ...facts.splits].map(emptyCell)));
    this.newMoved = facts.models.map(() => []);
    this.cleanPaired = facts.models.map(() => 0);
    this.rows.baseline = baseline.rowCount;
  }

  private top(id: string): TopRefs {
    let t = this.tops.get(id);
    if (t === undefined) {
      t = new TopRefs(this.facts.examplesPerCheck);
      this.tops.set(id, t);
    }
    return t;
  }

  private offer(id: string, r: RankedRef, row: EvidenceRow): void {
    this.top(id).offer(r, this.facts.withText ? (k) => withTexts(k, row) : undefined);
  }

  addExample(g: ExampleGroup): void {
    const { models, conditions, transitions } = this.facts;
    const scopes = [0, 1 + this.facts.splits.indexOf(g.split)];
    models.forEach((model, m) => {
      const rows = g.rows[m] ?? [];
      let cleanPaired = false;
      let headMoved: { r: RankedRef; row: EvidenceRow } | null = null;
      const clean = rows[0];
      const cleanCorrect = clean !== undefined && clean.status === 'ok' && clean.prediction === clean.label;
      rows.forEach((row, c) => {
        if (row === undefined) return;
        this.rows.head++;
        const key = rowKey(row.split, row.id, model, row.condition);
        const base = this.baseline.rows.get(key);
        if (base === undefined) {
          this.rows.head_only++;
          return;
        }
        this.baseline.rows.delete(key);
        const ok = row.status === 'ok';
        if (packedDigest(base) !== packedDigest(packRow(row.input_sha256, false, false))) {
          this.rows.changed++;
          return;
        }
        if (!ok || !packedOk(base)) {
          this.rows.not_ok++;
          return;
        }
        this.rows.paired++;
        if (c === 0) cleanPaired = true;
        const before = packedCorrect(base);
        const after = isCorrect(row);
        for (const s of scopes) {
          const cell = ((this.cells[m] as Cell[][])[c] as Cell[])[s] as Cell;
          cell.pairs++;
          if (before) cell.baseCorrect++;
          if (after) cell.headCorrect++;
          if (!before && after) cell.fixedIds.push(row.id);
          if (before && !after) cell.brokenIds.push(row.id);
        }
        if (before && !after)
          this.offer(`regression/${model}/${conditions[c]}`, rank(row, transitions, m * conditions.length + c), row);
      });
      // A protected transition (docs/definitions.md#ledger): a tested candidate of a clean-correct row moved into a
      // declared pair (a success: under against_policy, an accepted one).
      rows.forEach((row, c) => {
        if (
          row === undefined ||
          c === 0 ||
          row.success !== true ||
          !cleanCorrect ||
          row.status !== 'ok' ||
          !isProtected(transitions, row.label, row.prediction)
        )
          return;
        const r = rank(row, transitions, m * conditions.length + c);
        if (headMoved === null || compareSeverity(r, (headMoved as { r: RankedRef }).r) < 0) headMoved = { r, row };
      });
      if (!this.inBaseline[m] || !cleanPaired) return;
      this.cleanPaired[m] = (this.cleanPaired[m] as number) + 1;
      const moved = headMoved as { r: RankedRef; row: EvidenceRow } | null;
      if (moved !== null && !this.baseline.moved.has(`${g.split}\0${g.id}\0${model}`)) {
        (this.newMoved[m] as string[]).push(g.id);
        this.offer(`new_protected_transitions/${model}`, moved.r, moved.row);
      }
    });
  }

  private cellFigures(model: string, condition: Condition, scope: string, cell: Cell): ComparisonCell {
    const fixed = cell.fixedIds.length;
    const broken = cell.brokenIds.length;
    const n = cell.pairs;
    const reason = 'no paired rows';
    const out: ComparisonCell = {
      condition,
      scope,
      pairs: n,
      base_correct: count(cell.baseCorrect, n),
      head_correct: count(cell.headCorrect, n),
      fixed: count(fixed, n),
      broken: count(broken, n),
      delta_pp: percentagePoints(fixed - broken, n, reason),
      interval_pp: intervalFigure(
        { plus: fixed, minus: broken, zero: n - fixed - broken },
        {
          iterations: this.facts.iterations,
          level: this.facts.level,
          seed: this.facts.seed,
          streamParts: cellParts({ metric: 'regression', model, condition, scope })
        },
        100,
        reason
      ),
      mcnemar_p: measure(mcnemarExactP(fixed, broken), fixed + broken)
    };
    if (scope === ALL) {
      out.fixed_ids = [...cell.fixedIds].sort(compareCodePoints);
      out.broken_ids = [...cell.brokenIds].sort(compareCodePoints);
    }
    return out;
  }

  finish(): { comparison: Comparison; drill: DrillResult } {
    const { models, conditions, splits } = this.facts;
    // Whatever the head run did not claim stays in the index: rows only in the baseline.
    this.rows.baseline_only = this.baseline.rows.size;
    const compared: ModelComparison[] = [];
    models.forEach((model, m) => {
      if (!this.inBaseline[m]) return;
      const cells: ComparisonCell[] = [];
      [ALL, ...splits].forEach((scope, s) => {
        conditions.forEach((condition, c) =>
          cells.push(this.cellFigures(model, condition, scope, ((this.cells[m] as Cell[][])[c] as Cell[])[s] as Cell))
        );
      });
      const ids = [...(this.newMoved[m] as string[])].sort(compareCodePoints);
      compared.push({
        model,
        cells,
        new_protected_transitions: count(ids.length, this.cleanPaired[m] as number),
        new_protected_transition_ids: ids
      });
    });
    const baseModels = this.baseline.artifact.manifest.models.map((x) => x.name);
    const r = this.rows;
    const drill: DrillResult = new Map<string, DrillDown>();
    for (const [id, top] of this.tops) drill.set(id, { count: top.count, refs: top.list() });
    return {
      comparison: {
        schema_version: COMPARISON_SCHEMA_VERSION,
        baseline: this.record,
        rows: { ...r, dropped: r.baseline_only + r.changed, new: r.head_only + r.changed },
        models: compared,
        models_only_in_head: models.filter((x, i) => !this.inBaseline[i]),
        models_only_in_baseline: baseModels.filter((x) => !models.includes(x))
      },
      drill
    };
  }
}
