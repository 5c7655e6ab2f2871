/**
 * metrics.json by streaming accumulators: one example group at a time (evidence/group.ts), each
 * model's metric cells (cells/table.ts) keep counts — and, for the risk–coverage order
 * statistic, the margins — never the rows. The figures come from the same formula functions the
 * array forms use, so a cell computed here equals the cell computed from its rows.
 */
import { isAttackFamily } from '../config/families.js';
import type { Condition } from '../evidence/condition.js';
import type { ExampleGroup } from '../evidence/group.js';
import { FAMILY_REGISTRY } from '../perturb/registry.js';
import type { EvidenceRow } from '../evidence/row.js';
import { BOOTSTRAP_METHOD } from './bootstrap.js';
import type { CellContext, MetricCell, ModelSummary } from './cells/cell.js';
import { ComparisonsCell } from './cells/comparisons.js';
import { DataCell } from './cells/data.js';
import { MODEL_CELLS } from './cells/table.js';
import { missingRowsOf } from './classification.js';
import {
  ALL,
  attackFamiliesOf,
  METRICS_SCHEMA_VERSION,
  type MetricFacts,
  type Metrics,
  type ModelMetrics
} from './metrics.js';
import { withNotApplicable } from './not-applicable.js';
import { PRNG_NAME, STREAM_DERIVATION } from './random.js';

interface ModelState {
  name: string;
  probabilities: boolean;
  rows: number;
  missing: number;
  summary: ModelSummary;
  cells: MetricCell[];
  /** What the table's cells without a cell for this model report instead. */
  without: Partial<ModelMetrics>;
  /** Attacks that cannot run against the model (attack → reason). */
  notApplicable: Readonly<Record<string, string>> | undefined;
}

export class MetricsAccumulator {
  /** Condition indexes of the attack families, in condition order. */
  private readonly familyIndexes: number[];
  private readonly states: ModelState[];
  private readonly data: DataCell;
  private readonly comparisons: ComparisonsCell;

  constructor(private readonly facts: MetricFacts) {
    if (facts.conditions[0] !== 'clean') throw new Error('the first condition must be clean');
    const perturbed: Condition[] = facts.conditions.slice(1);
    const families = perturbed.filter(isAttackFamily);
    this.familyIndexes = families.map((f) => facts.conditions.indexOf(f));
    this.states = facts.models.map((model) => {
      const context: CellContext = {
        facts,
        model,
        scopes: [ALL, ...facts.splits],
        perturbed,
        families,
        policy: facts.abstainBelow[model.name]
      };
      const cells: MetricCell[] = [];
      let without: Partial<ModelMetrics> = {};
      for (const kind of MODEL_CELLS) {
        const cell = kind.make(context);
        if (cell) cells.push(cell);
        else without = { ...without, ...kind.without };
      }
      return {
        name: model.name,
        probabilities: model.probabilities,
        rows: 0,
        missing: 0,
        summary: { labelOnly: false },
        cells,
        without,
        notApplicable: model.notApplicable
      };
    });
    this.data = new DataCell(facts);
    this.comparisons = new ComparisonsCell(facts);
  }

  addExample(g: ExampleGroup): void {
    const splitIndex = this.facts.splits.indexOf(g.split);
    if (splitIndex < 0) throw new Error(`split ${g.split} is not one of the evaluation splits`);
    const scopes = [0, 1 + splitIndex];
    const cleanRows: EvidenceRow[] = [];
    this.states.forEach((st, mi) => {
      const rows = g.rows[mi] as Array<EvidenceRow | undefined>;
      const clean = rows[0];
      if (clean === undefined) throw new Error(`no clean row for id "${g.id}" (model ${st.name})`);
      cleanRows.push(clean);
      for (const row of rows) {
        if (row === undefined) continue;
        st.rows++;
        if (row.status !== 'ok') st.missing++;
      }
      if (clean.status === 'ok' && clean.scores === null) st.summary.labelOnly = true;
      const familyRows: EvidenceRow[] = [];
      for (const ci of this.familyIndexes) {
        const row = rows[ci];
        if (row !== undefined) familyRows.push(row);
      }
      const example = { id: g.id, split: g.split, language: g.language, rows, clean, scopes, familyRows };
      for (const cell of st.cells) cell.add(example);
    });
    this.comparisons.add(g.split, cleanRows);
    this.data.add(g);
  }

  private modelMetrics(st: ModelState): ModelMetrics {
    let figures: Partial<ModelMetrics> = { ...st.without };
    for (const cell of st.cells) figures = { ...figures, ...cell.finish(st.summary) };
    const metrics: ModelMetrics = {
      ...(figures as Omit<ModelMetrics, 'model' | 'probabilities' | 'label_only' | 'missing_rows'>),
      model: st.name,
      probabilities: st.probabilities,
      label_only: st.summary.labelOnly,
      missing_rows: missingRowsOf(st.missing, st.rows)
    };
    return st.notApplicable ? withNotApplicable(metrics, st.notApplicable) : metrics;
  }

  finish(): Metrics {
    const facts = this.facts;
    return {
      schema_version: METRICS_SCHEMA_VERSION,
      task: facts.task,
      attack_families: attackFamiliesOf(facts.task, FAMILY_REGISTRY, facts.conditions),
      labels: [...facts.labels],
      conditions_evaluated: [...facts.conditions],
      prng: { name: PRNG_NAME, derivation: STREAM_DERIVATION, bootstrap: BOOTSTRAP_METHOD, seed: facts.seed },
      data: this.data.finish(),
      models: this.states.map((st) => this.modelMetrics(st)),
      comparisons: this.comparisons.finish()
    };
  }
}
