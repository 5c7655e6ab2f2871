/**
 * Black-box tabular attacks (docs/tabular.md): `square` (scores) and `boundary` (labels only)
 * learn about the model only through its answers. Each row's attack is a small state machine:
 * the evaluator asks every running row for its next point, scores those points as one batch
 * (one pipelined call to an external model), and hands each row its answer. A row keeps only
 * its current points, never the list of what it queried, so memory does not grow with the budget.
 */
import type { ScoreResult } from '../models/model.js';
import { createStream, type IndexStream } from '../metrics/random.js';
import { isSuccess, objectiveMargin, type SearchObjective } from '../perturb/search/objective.js';
import { intervals } from './clip.js';
import type { FeatureSpace } from './contract.js';

/** What a black-box attack is given for one eligible row of one model. */
export interface QueryRow {
  id: string;
  /** The attacked model's name (it seeds the row's stream). */
  model: string;
  x: readonly number[];
  space: FeatureSpace;
  seed: number;
  /** The objective (labels, gold, untargeted or the protected transitions). */
  objective: SearchObjective;
  /** The model's answer at x (the clean row, already scored: it is not a query). */
  clean: ScoreResult & { status: 'ok' };
}

/** A model's `ok` answer. */
export type OkResult = ScoreResult & { status: 'ok' };

export interface QueryAttack {
  /** The next point of F(x) to query, or null when the attack is done (success or budget spent). */
  next(): number[] | null;
  /** The model's answer to the point `next` returned; a string ends the row as an error with that reason. */
  observe(result: OkResult): string | null;
  /** The candidate (x when nothing was queried) and the model's answer to it (null: the clean answer). */
  outcome(): { values: number[]; answer: OkResult | null; queries: number };
}

/**
 * The ends of every feature's interval and the features that can move (editable, lo < hi). A
 * vertex of F(x) puts every movable feature at one end and keeps the others at x.
 */
export class Box {
  readonly lo: number[];
  readonly hi: number[];
  readonly movable: number[];

  constructor(
    readonly x: readonly number[],
    space: FeatureSpace
  ) {
    const ends = intervals(x, space);
    this.lo = ends.lo;
    this.hi = ends.hi;
    this.movable = [];
    for (let i = 0; i < x.length; i++) if ((ends.lo[i] as number) < (ends.hi[i] as number)) this.movable.push(i);
  }

  /** A uniformly random vertex, other than x itself when x is a vertex (one end flipped back). */
  randomVertex(stream: IndexStream): number[] {
    const v = [...this.x];
    let same = true;
    for (const i of this.movable) {
      v[i] = stream.nextIndex(2) === 0 ? (this.lo[i] as number) : (this.hi[i] as number);
      if (v[i] !== this.x[i]) same = false;
    }
    if (same && this.movable.length > 0) this.flip(v, this.movable[stream.nextIndex(this.movable.length)] as number);
    return v;
  }

  /** Moves feature i of v to the other end of its interval. */
  flip(v: number[], i: number): void {
    v[i] = v[i] === this.lo[i] ? (this.hi[i] as number) : (this.lo[i] as number);
  }
}

/** The row's own stream of the documented PRNG, seeded by (seed, attack, id, model). */
export function rowStream(attack: string, row: QueryRow): IndexStream {
  return createStream(row.seed, [attack, row.id, row.model]);
}

export function succeeds(row: QueryRow, result: OkResult): boolean {
  return isSuccess(row.objective, result);
}

/** The objective margin (lower is closer to a success), or null for a label-only answer. */
export function marginOf(row: QueryRow, result: OkResult): number | null {
  return result.scores === null ? null : objectiveMargin(row.objective, result.scores);
}
