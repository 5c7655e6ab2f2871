/**
 * Re-deriving a folder's checks where part of what they were built from is only recorded
 * (docs/definitions.md#verify): the comparison with its own baseline, and that baseline's checks.
 * Shared by `verify` and by the reader of a baseline, which re-derives the baseline's checks
 * before trusting them (docs/security.md#baselines).
 */
import { figureNumberProblem } from '../compare/baseline-checks.js';
import type { Comparison } from '../compare/comparison.js';
import type { OutputFolder } from '../evidence/output-folder.js';
import { judgeChange } from '../gate/change.js';
import type { Check } from '../gate/check.js';
import { evaluateGate, gateResult } from '../gate/checks.js';
import type { DerivationFacts } from '../manifest/facts.js';
import type { Manifest } from '../manifest/manifest.js';
import { ArtifactError } from '../manifest/read.js';
import type { BaselineInput, Derived } from './derive.js';

type RecordedCheck = Partial<Check> & { id: string };

const BASELINE_STATUSES = ['pass', 'fail', 'not_evaluated', 'not_applicable', 'absent'];

/** Whether the manifest lists `name` (only listed files are opened). */
export const isListed = (art: OutputFolder, name: string) => Object.hasOwn(art.manifest.files, name);

/** The first count the gate would read exactly (a numerator or denominator) that it cannot, as `path: problem`. */
function badCount(x: unknown, path: string): string | null {
  if (x === null || typeof x !== 'object') return null;
  for (const [key, v] of Object.entries(x)) {
    const at = Array.isArray(x) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const problem = key === 'numerator' || key === 'denominator' ? figureNumberProblem(v) : badCount(v, at);
    if (problem) return key === 'numerator' || key === 'denominator' ? `${at}: ${problem}` : problem;
  }
  return null;
}

/** The folder's own comparison.json, when it recorded one; refused when a count in it cannot be compared exactly. */
export function recordedComparisonOf(art: OutputFolder): Comparison | null {
  if (!isListed(art, 'comparison.json')) return null;
  const comparison = art.readJson('comparison.json');
  const problem = badCount(comparison, '');
  if (problem) throw new ArtifactError(`${art.shown}/comparison.json: ${problem}`);
  return comparison as Comparison;
}

/** Why the folder's run had no comparison, as its manifest records it: the derivation's baseline input. */
export function recordedNoBaseline(m: Manifest): BaselineInput {
  if (!m.no_baseline_reason) return null;
  return { reason: m.no_baseline_reason, ...(m.baseline_expected === false ? { expected: false as const } : {}) };
}

/**
 * Re-decides the checks on the recorded comparison, keeping the rows behind the comparison checks
 * and each check's change against its baseline, which need that baseline to re-derive. Returns the
 * notes saying what was taken as recorded.
 */
export function settleOnRecordedComparison(
  art: OutputFolder,
  derived: Derived,
  facts: DerivationFacts,
  comparison: Comparison
): string[] {
  const notes: string[] = [];
  const recordedChecks = (isListed(art, 'checks.json') ? art.readJson('checks.json') : {}) as {
    checks?: RecordedCheck[];
  };
  const gate = evaluateGate(derived.metrics, facts.gate, { drill: derived.drill, comparison });
  for (const c of gate.checks) {
    if ((c.check === 'regression' || c.check === 'new_protected_transitions') && c.examples) {
      const recorded = recordedChecks.checks?.find((x) => x.id === c.id)?.examples;
      if (recorded !== undefined) c.examples = recorded as typeof c.examples;
    }
  }
  // What changed against the baseline needs the baseline's checks.json: the recorded judgement is kept,
  // the verdict re-derived from it.
  const changes = keepRecordedChanges(gate.checks, recordedChecks.checks ?? [], facts.gate.allowNotEvaluated);
  if (changes) {
    notes.push(
      'the change of each check against the baseline (baseline_status, change) was taken from the recorded ' +
        'checks.json, not re-derived (pass --baseline DIR to check it)'
    );
  }
  derived.gate = changes ? gateResult(gate.checks, facts.gate, true) : gate;
  derived.comparison = comparison;
  derived.noBaselineReason = null;
  return notes;
}

/**
 * Gives each re-derived check the recorded baseline status and change, where the change agrees
 * with the two statuses (only `worse` against `known` needs the baseline's values); otherwise the
 * change the statuses imply, so the disagreement shows as a difference. False when none were recorded.
 */
function keepRecordedChanges(checks: Check[], recorded: readonly RecordedCheck[], allowNotEvaluated: boolean): boolean {
  const byId = new Map(recorded.map((c) => [c.id, c]));
  let any = false;
  for (const c of checks) {
    const r = byId.get(c.id);
    if (r?.change === undefined || !BASELINE_STATUSES.includes(r.baseline_status as string)) continue;
    any = true;
    const status = r.baseline_status as Check['status'];
    const base =
      r.baseline_status === 'absent' ? undefined : { ...c, status, value: null, numerator: null, denominator: null };
    const implied = judgeChange(c, base, allowNotEvaluated, allowNotEvaluated).change;
    c.baseline_status = r.baseline_status as NonNullable<Check['baseline_status']>;
    c.change = implied === 'known' && r.change === 'worse' ? 'worse' : implied;
    if (typeof r.change_note === 'string') c.change_note = r.change_note;
  }
  return any;
}
