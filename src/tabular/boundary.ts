/**
 * `boundary`: a label-only black-box attack on clean-correct rows (docs/tabular.md). It queries
 * seeded random vertices of F(x) until one succeeds, then binary-searches the segment from x to
 * that vertex (every point of it lies in F(x), a convex set) and keeps the success closest to x
 * in L∞. The search stops when the bracket is within BOUNDARY_TOLERANCE·eps in L∞ or the budget is
 * spent. Without a success the candidate is the last vertex tried. Only the predicted label is
 * read, so it works on any model. One query per candidate; randomness from the row's stream
 * (seed, `boundary`, id, model).
 */
import { closed } from '../config/schema-parts.js';
import { tabularAttack } from '../perturb/descriptor.js';
import { clip } from './clip.js';
import { Box, rowStream, succeeds, type OkResult, type QueryAttack, type QueryRow } from './query-attack.js';
import { vectorOf } from './vector.js';

const BOUNDARY_FAMILY = 'boundary';
const BOUNDARY_DEFAULT_QUERIES = 1000;
/** The binary search stops once the bracket's L∞ width is at most this share of eps. */
export const BOUNDARY_TOLERANCE = 1e-3;

interface BoundaryParams {
  queries: number;
}

class Boundary implements QueryAttack {
  private readonly box: Box;
  private readonly stream;
  private queries = 0;
  private pending: number[] | null = null;
  /** The last point queried and its answer (the candidate while nothing succeeded). */
  private last: { values: number[]; answer: OkResult } | null = null;
  /** The success closest to x so far, and the vertex whose segment is searched. */
  private best: { values: number[]; answer: OkResult } | null = null;
  private vertex: number[] | null = null;
  private span = 0;
  private tLo = 0;
  private tHi = 1;
  private t = 1;

  constructor(
    private readonly row: QueryRow,
    private readonly params: BoundaryParams
  ) {
    this.box = new Box(row.x, row.space);
    this.stream = rowStream(BOUNDARY_FAMILY, row);
  }

  next(): number[] | null {
    if (this.queries >= this.params.queries || this.box.movable.length === 0) return null;
    if (this.vertex === null) {
      this.pending = this.box.randomVertex(this.stream);
    } else {
      if ((this.tHi - this.tLo) * this.span <= BOUNDARY_TOLERANCE * this.row.space.eps) return null;
      this.t = (this.tLo + this.tHi) / 2;
      this.pending = this.along(this.vertex, this.t);
    }
    this.queries++;
    return this.pending;
  }

  /** x + t·(v − x), kept inside each feature's interval against rounding. */
  private along(v: readonly number[], t: number): number[] {
    const x = this.row.x;
    return vectorOf(x.length, (i) => {
      const xi = x[i] as number;
      return v[i] === xi
        ? xi
        : clip(xi + t * ((v[i] as number) - xi), this.box.lo[i] as number, this.box.hi[i] as number);
    });
  }

  observe(result: OkResult): string | null {
    const values = this.pending as number[];
    const success = succeeds(this.row, result);
    this.last = { values, answer: result };
    if (this.vertex === null) {
      if (success) {
        this.vertex = values;
        this.best = this.last;
        this.span = values.reduce((s, v, i) => Math.max(s, Math.abs(v - (this.row.x[i] as number))), 0);
      }
      return null;
    }
    if (success) {
      this.tHi = this.t;
      this.best = this.last;
    } else {
      this.tLo = this.t;
    }
    return null;
  }

  outcome() {
    const kept = this.best ?? this.last;
    return { values: kept ? kept.values : [...this.row.x], answer: kept ? kept.answer : null, queries: this.queries };
  }
}

export function boundaryAttack(row: QueryRow, params: BoundaryParams): QueryAttack {
  return new Boundary(row, params);
}

/** `threat_model.attacks.boundary: { queries }`: label-only black-box, any model. */
export const BOUNDARY = tabularAttack({
  name: 'boundary',
  // Beside the team's own model, in place of fgm: it needs the model's labels only.
  init: ({ ownModel }) =>
    ownModel
      ? [
          '    boundary: { queries: 1000 }         # label-only black-box; add square: { queries: 1000 } when every ' +
            'model answers with scores'
        ]
      : null,
  task: 'tabular',
  schema: closed({ queries: { type: 'integer', minimum: 1, maximum: 100000 } }),
  attack: true,
  destructive: false,
  optIn: true,
  strategy: 'adaptive',
  needsGradients: false,
  perModel: true,
  reportsWork: true,
  method: {
    search:
      'label only: random vertices of F(x) until one succeeds, then a binary search on the segment from x to it ' +
      '(to 0.001·eps in L∞) keeps the success closest to x; stream seeded by (seed, boundary, id, model)'
  },
  read: (raw): BoundaryParams => ({ queries: raw.queries ?? BOUNDARY_DEFAULT_QUERIES }),
  settings: (params) => ({ queries: params.queries }),
  queryAttack: (row, params) => boundaryAttack(row, params)
});
