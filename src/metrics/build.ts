/**
 * metrics.json from an array of evidence rows: the rows are put in evidence order and streamed
 * through the same accumulator a run uses (accumulate.ts). For tests and small callers; a run
 * never holds its rows.
 */
import { ExampleGrouper } from '../evidence/group.js';
import type { EvidenceRow } from '../evidence/row.js';
import { compareCodePoints } from '../util/strings.js';
import { MetricsAccumulator } from './accumulate.js';
import type { MetricFacts, Metrics } from './metrics.js';

/** Sorts rows into evidence order: split (facts order), id (code points), model (facts order), condition (facts order). */
export function inEvidenceOrder(rows: readonly EvidenceRow[], facts: Pick<MetricFacts, 'splits' | 'models' | 'conditions'>): EvidenceRow[] {
  const rank = (list: readonly string[]) => new Map(list.map((x, i) => [x, i]));
  const split = rank(facts.splits);
  const model = rank(facts.models.map((m) => m.name));
  const condition = rank(facts.conditions);
  const r = (m: Map<string, number>, key: string) => m.get(key) ?? Number.MAX_SAFE_INTEGER;
  return [...rows].sort(
    (a, b) => r(split, a.split) - r(split, b.split) || compareCodePoints(a.id, b.id) || r(model, a.model) - r(model, b.model) || r(condition, a.condition) - r(condition, b.condition)
  );
}

export function buildMetrics(rows: readonly EvidenceRow[], facts: MetricFacts): Metrics {
  const accumulator = new MetricsAccumulator(facts);
  const grouper = new ExampleGrouper({ splits: facts.splits, models: facts.models.map((m) => m.name), conditions: facts.conditions }, (g) => accumulator.addExample(g));
  for (const row of inEvidenceOrder(rows, facts)) grouper.add(row);
  grouper.finish();
  return accumulator.finish();
}
