/**
 * `square`: the Square Attack (Andriushchenko et al., 2020) adapted to feature vectors, a
 * score-based black-box attack on clean-correct rows (docs/tabular.md).
 *
 * It starts at a random vertex of F(x) (every movable feature at one end of its interval) and
 * keeps it. Each later query moves a random subset of about p·d movable features to a random
 * end of their intervals (at least one, and never the current point again) and keeps the move
 * iff the objective margin drops. p starts at `p_init` and halves after 0.1%, 0.5%, 2%, 5%, 10%,
 * 20%, 40%, 60% and 80% of the budget (the original schedule for 10,000 queries, scaled). The
 * first point that succeeds is kept; without a success, the point with the lowest margin found.
 * One query per candidate; randomness from the row's stream (seed, `square`, id, model).
 */
import { closed } from '../config/schema-parts.js';
import { tabularAttack } from '../perturb/descriptor.js';
import { Box, marginOf, rowStream, succeeds, type OkResult, type QueryAttack, type QueryRow } from './query-attack.js';

const SQUARE_FAMILY = 'square';
const SQUARE_DEFAULT_QUERIES = 1000;
const SQUARE_DEFAULT_P_INIT = 0.3;

/** Fractions of the budget after which p halves. */
const SQUARE_HALVINGS = [0.001, 0.005, 0.02, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8] as const;

interface SquareParams {
  queries: number;
  pInit: number;
}

/** p for query number `q` (1-based) of a budget of `budget` queries. */
export function squareP(q: number, budget: number, pInit: number): number {
  let p = pInit;
  for (const f of SQUARE_HALVINGS) if (q > f * budget) p /= 2;
  return p;
}

export const LABEL_ONLY_ANSWER = 'the model answered with a label only; square needs its scores';

class Square implements QueryAttack {
  private readonly box: Box;
  private readonly stream;
  private queries = 0;
  private done = false;
  private current: number[];
  private answer: OkResult | null = null;
  private margin = Infinity;
  private pending: number[] | null = null;

  constructor(
    private readonly row: QueryRow,
    private readonly params: SquareParams
  ) {
    this.box = new Box(row.x, row.space);
    this.stream = rowStream(SQUARE_FAMILY, row);
    this.current = [...row.x];
  }

  next(): number[] | null {
    if (this.done || this.queries >= this.params.queries || this.box.movable.length === 0) return null;
    this.queries++;
    this.pending = this.queries === 1 ? this.box.randomVertex(this.stream) : this.move();
    return this.pending;
  }

  private move(): number[] {
    const movable = this.box.movable;
    const d = movable.length;
    const k = Math.min(d, Math.max(1, Math.round(squareP(this.queries, this.params.queries, this.params.pInit) * d)));
    const order = [...movable];
    const v = [...this.current];
    let changed = false;
    // A partial Fisher–Yates shuffle picks k distinct features.
    for (let j = 0; j < k; j++) {
      const r = j + this.stream.nextIndex(d - j);
      const i = order[r] as number;
      order[r] = order[j] as number;
      order[j] = i;
      v[i] = this.stream.nextIndex(2) === 0 ? (this.box.lo[i] as number) : (this.box.hi[i] as number);
      if (v[i] !== this.current[i]) changed = true;
    }
    if (!changed) this.box.flip(v, order[0] as number);
    return v;
  }

  observe(result: OkResult): string | null {
    const point = this.pending as number[];
    const margin = marginOf(this.row, result);
    if (margin === null) return LABEL_ONLY_ANSWER;
    const success = succeeds(this.row, result);
    // The start is kept whatever its margin; a later move only when it lowers the margin.
    if (this.queries === 1 || margin < this.margin || success) {
      this.current = point;
      this.margin = margin;
      this.answer = result;
    }
    if (success) this.done = true;
    return null;
  }

  outcome() {
    return { values: this.current, answer: this.answer, queries: this.queries };
  }
}

export function squareAttack(row: QueryRow, params: SquareParams): QueryAttack {
  return new Square(row, params);
}

/** `threat_model.attacks.square: { queries, p_init }`: score-based black-box, any model with scores. */
export const SQUARE = tabularAttack({
  name: 'square',
  task: 'tabular',
  schema: closed({
    queries: { type: 'integer', minimum: 1, maximum: 100000 },
    p_init: { type: 'number', exclusiveMinimum: 0, maximum: 1 }
  }),
  attack: true,
  destructive: false,
  optIn: true,
  strategy: 'adaptive',
  needsGradients: false,
  perModel: true,
  reportsWork: true,
  method: {
    search:
      'start at a random vertex of F(x); each query moves about p·d movable features to a random end of their ' +
      'interval, kept iff the objective margin drops; p halves after 0.1, 0.5, 2, 5, 10, 20, 40, 60, 80% of the ' +
      'budget; first success kept; stream seeded by (seed, square, id, model)'
  },
  read: (raw): SquareParams => ({
    queries: raw.queries ?? SQUARE_DEFAULT_QUERIES,
    pInit: raw.p_init ?? SQUARE_DEFAULT_P_INIT
  }),
  settings: (params) => ({ queries: params.queries, p_init: params.pInit }),
  queryAttack: (row, params) => squareAttack(row, params)
});
