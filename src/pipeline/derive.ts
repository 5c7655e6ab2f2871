/**
 * The one derivation every command shares (docs/definitions.md#purity): evidence rows in file order plus the
 * manifest's facts → metrics.json, checks.json, checks.junit.xml, comparison.json, summary.md and report.html.
 * A run feeds it the rows it evaluates, a merge the rows of its shards, `verify` the rows of a
 * downloaded artifact.
 */
import { ComparisonAccumulator } from '../compare/accumulate.js';
import type { BaselineIndex } from '../compare/baseline.js';
import type { Comparison } from '../compare/comparison.js';
import type { BaselineChecks } from '../gate/change.js';
import { DrillCollector, type DrillResult } from '../drill/collect.js';
import { ExampleGrouper } from '../evidence/group.js';
import type { EvidenceRow } from '../evidence/row.js';
import { evaluateGate, type GateResult } from '../gate/checks.js';
import type { DerivationFacts, ReportFacts } from '../manifest/facts.js';
import type { BaselineRecord } from '../manifest/manifest.js';
import { MetricsAccumulator } from '../metrics/accumulate.js';
import type { Metrics } from '../metrics/metrics.js';
import { renderReport } from '../report/html.js';
import { renderJunit } from '../report/junit.js';
import { renderSummary } from '../report/summary.js';
import { stableJson } from '../util/json.js';

export interface Derived {
  metrics: Metrics;
  gate: GateResult;
  comparison: Comparison | null;
  noBaselineReason: string | null;
  drill: DrillResult;
}

/**
 * A baseline to compare with (its checks.json, when it has one, to judge what changed), or why
 * there is none (`expected: false` when no comparison can exist for the run, so that
 * gate.require_baseline does not block it).
 */
export type BaselineInput =
  | { index: BaselineIndex; record: BaselineRecord; checks?: BaselineChecks | null }
  | { reason: string; expected?: false }
  | null;

/** Whether the run could not have had a comparison at all. */
export function baselineUnexpected(input: BaselineInput): boolean {
  return input !== null && 'reason' in input && input.expected === false;
}

/** Why there is no comparison, as checks.json and the summary state it (null when there is one). */
export function noBaselineReasonOf(input: BaselineInput): string | null {
  if (input && 'index' in input) return null;
  return input && 'reason' in input ? input.reason : 'no baseline was given';
}

export class Derivation {
  private readonly grouper: ExampleGrouper;
  private readonly metrics: MetricsAccumulator;
  private readonly drill: DrillCollector;
  private readonly compare: ComparisonAccumulator | null;

  constructor(
    private readonly facts: DerivationFacts,
    private readonly baseline: BaselineInput
  ) {
    const f = facts.metric;
    this.metrics = new MetricsAccumulator(f);
    this.drill = new DrillCollector(facts.drill);
    this.compare =
      baseline && 'index' in baseline
        ? new ComparisonAccumulator(
            {
              models: f.models.map((m) => m.name),
              conditions: f.conditions,
              splits: f.splits,
              transitions: f.transitions,
              seed: f.seed,
              iterations: f.bootstrapIterations,
              level: f.interval,
              examplesPerCheck: facts.drill.examplesPerCheck,
              withText: facts.drill.withText
            },
            baseline.index,
            baseline.record
          )
        : null;
    this.grouper = new ExampleGrouper(
      { splits: f.splits, models: f.models.map((m) => m.name), conditions: f.conditions },
      (g) => {
        this.metrics.addExample(g);
        this.drill.addExample(g);
        this.compare?.addExample(g);
      }
    );
  }

  add(row: EvidenceRow): void {
    this.grouper.add(row);
  }

  finish(): Derived {
    this.grouper.finish();
    const metrics = this.metrics.finish();
    const drill = this.drill.result();
    let comparison: Comparison | null = null;
    if (this.compare) {
      const c = this.compare.finish();
      comparison = c.comparison;
      for (const [id, d] of c.drill) drill.set(id, d);
    }
    const noBaselineReason = comparison ? null : noBaselineReasonOf(this.baseline);
    const baselineChecks = this.baseline && 'index' in this.baseline ? (this.baseline.checks ?? null) : null;
    const gate = evaluateGate(metrics, this.facts.gate, {
      drill,
      comparison,
      noBaselineReason: noBaselineReason ?? undefined,
      baselineChecks,
      baselineExpected: !baselineUnexpected(this.baseline)
    });
    return { metrics, gate, comparison, noBaselineReason, drill };
  }
}

/** The derived files' contents, by file name. */
export function renderDerived(derived: Derived, report: ReportFacts): Record<string, string> {
  const files: Record<string, string> = {
    'metrics.json': stableJson(derived.metrics, 2) + '\n',
    'checks.json': stableJson(derived.gate, 2) + '\n',
    'checks.junit.xml': renderJunit(derived.gate)
  };
  if (derived.comparison) files['comparison.json'] = stableJson(derived.comparison, 2) + '\n';
  files['summary.md'] = renderSummary({
    facts: report,
    metrics: derived.metrics,
    gate: derived.gate,
    drill: derived.drill,
    comparison: derived.comparison,
    noBaselineReason: derived.noBaselineReason
  });
  files['report.html'] = renderReport({
    metrics: derived.metrics,
    gate: derived.gate,
    comparison: derived.comparison,
    noBaselineReason: derived.noBaselineReason,
    drill: derived.drill,
    facts: report
  });
  return files;
}
