/**
 * Evidence rows arrive in their file order (docs/definitions.md#ledger): split (config order), id (code points),
 * model (config order), condition (evidence order). Every per-example figure — a union across
 * families, a protected transition, a paired model comparison — needs all rows of one example
 * together, and nothing more, so the stream is cut into example groups and each group is handed
 * on as soon as it is complete. Memory is one example's rows, whatever the file's length.
 */
import type { Condition } from './condition.js';
import { compareCodePoints } from '../util/strings.js';
import { quoted } from '../util/visible.js';
import type { EvidenceRow } from './row.js';

export interface ExampleGroup {
  split: string;
  id: string;
  language: string;
  label: string;
  /** rows[model index][condition index]: the row of that model and condition, or undefined. */
  rows: Array<Array<EvidenceRow | undefined>>;
}

interface GroupLayout {
  splits: readonly string[];
  models: readonly string[];
  conditions: readonly Condition[];
}

/** A row that does not fit the layout or the file order: the evidence does not match its manifest. */
export class EvidenceOrderError extends Error {}

export class ExampleGrouper {
  private readonly splitRank: Map<string, number>;
  private readonly modelIndex: Map<string, number>;
  private readonly conditionIndex: Map<string, number>;
  private current: ExampleGroup | null = null;
  private currentRank = -1;
  /** Where in the current group the last row stood (model index × conditions + condition index). */
  private lastSlot = -1;
  rowsSeen = 0;
  examplesSeen = 0;

  constructor(
    private readonly layout: GroupLayout,
    private readonly onExample: (group: ExampleGroup) => void
  ) {
    this.splitRank = new Map(layout.splits.map((s, i) => [s, i]));
    this.modelIndex = new Map(layout.models.map((m, i) => [m, i]));
    this.conditionIndex = new Map(layout.conditions.map((c, i) => [c, i]));
  }

  /** Where a row stands, for a message (built only when something is wrong). */
  private where(row: EvidenceRow): string {
    return (
      `evidence row ${this.rowsSeen + 1} (id ${quoted(row.id)}, model ${quoted(row.model)}, condition ` +
      `${quoted(row.condition)})`
    );
  }

  add(row: EvidenceRow): void {
    const rank = this.splitRank.get(row.split);
    const m = this.modelIndex.get(row.model);
    const c = this.conditionIndex.get(row.condition);
    if (rank === undefined)
      throw new EvidenceOrderError(
        `${this.where(row)}: split ${quoted(row.split)} is not an evaluation split of the manifest`
      );
    if (m === undefined) throw new EvidenceOrderError(`${this.where(row)}: model is not one of the manifest's models`);
    if (c === undefined)
      throw new EvidenceOrderError(`${this.where(row)}: condition is not one of the manifest's conditions`);
    const g = this.current;
    if (g === null || g.split !== row.split || g.id !== row.id) {
      if (g !== null) {
        const order = rank - this.currentRank || compareCodePoints(row.id, g.id);
        if (order <= 0)
          throw new EvidenceOrderError(
            `${this.where(row)}: out of order; rows are sorted by split (config order) then id (code points), ` +
              `each example once`
          );
        this.flush();
      }
      this.current = {
        split: row.split,
        id: row.id,
        language: row.language,
        label: row.label,
        rows: this.layout.models.map(() => new Array<EvidenceRow | undefined>(this.layout.conditions.length))
      };
      this.currentRank = rank;
      this.lastSlot = -1;
    }
    const group = this.current as ExampleGroup;
    const slot = m * this.layout.conditions.length + c;
    if (slot <= this.lastSlot)
      throw new EvidenceOrderError(
        `${this.where(row)}: out of order or repeated within its example; rows are sorted by model (config ` +
          `order) then condition`
      );
    if (row.label !== group.label || row.language !== group.language)
      throw new EvidenceOrderError(`${this.where(row)}: label or language differs from the example's other rows`);
    this.lastSlot = slot;
    (group.rows[m] as Array<EvidenceRow | undefined>)[c] = row;
    this.rowsSeen++;
  }

  /** Hands on the last group. */
  finish(): void {
    this.flush();
  }

  private flush(): void {
    if (this.current === null) return;
    const g = this.current;
    this.current = null;
    this.examplesSeen++;
    this.onExample(g);
  }
}
