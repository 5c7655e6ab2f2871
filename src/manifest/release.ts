/**
 * The release record (the config's `release:` block, copied into the manifest) and the three
 * checklists it completes (docs/explain-and-release.md#release-checklist). The robustness and
 * challenge checklists are answered by checks; the release checklist also asks for facts the
 * manifest records (the threat model, digests, preprocessing) and for decisions only a person can
 * declare (who owns and reviewed the release, what it is for, what is still unresolved). Everything
 * here is read from the manifest and checks.json, so a merge and `verify` render the same section.
 */
import { RELEASE_FIELDS, type ReleaseField, type ReleasePlan, type ReleaseRequirement } from '../config/plan.js';
import type { Check, CheckStatus } from '../gate/check.js';
import type { Manifest } from './manifest.js';

/** The record as the manifest holds it: the config's keys, absent fields null. */
export type ReleaseRecord = ReleasePlan;

/** Fields a record leaves undeclared: all of them when there is no record. */
function missingReleaseFields(record: ReleaseRecord | null): ReleaseField[] {
  if (record === null) return [...RELEASE_FIELDS];
  return RELEASE_FIELDS.filter((f) => record[f] === null);
}

/** The gate's view of the record: whether it is required and which fields it lacks. */
export function releaseRequirement(
  required: boolean,
  line: number,
  isDefault: boolean,
  record: ReleaseRecord | null
): ReleaseRequirement {
  return { required, line, isDefault, missing: missingReleaseFields(record), declared: record !== null };
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function texts(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...(value as string[])] : null;
}

/**
 * The record of a manifest, or null (no `release:` block, or a manifest written before records
 * existed). A value of the wrong type reads as undeclared, so a damaged manifest cannot break a
 * report; `verify` then shows the difference in the rendered files.
 */
export function readReleaseRecord(m: Pick<Manifest, 'release'>): ReleaseRecord | null {
  const r = m.release as unknown;
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return null;
  const o = r as Record<string, unknown>;
  const owner = text(o.owner);
  if (owner === null) return null;
  return {
    owner,
    reviewer: text(o.reviewer),
    intended_use: text(o.intended_use),
    out_of_scope_uses: texts(o.out_of_scope_uses),
    known_limitations: texts(o.known_limitations),
    mitigations: texts(o.mitigations),
    authorization: text(o.authorization),
    config_line: typeof o.config_line === 'number' ? o.config_line : 0
  };
}

/** What the reports need about the record and the facts the release checklist asks to have frozen. */
export interface ReleaseFacts {
  record: ReleaseRecord | null;
  /** The manifest holds a label digest. */
  labelDigest: boolean;
  /** Models with a digest, of all models. */
  modelDigests: number;
  models: number;
  /** The manifest holds the preprocessing record (manifest/preprocessing.ts). */
  preprocessing: boolean;
  /** The threat model states its protected outcome; its access model. */
  protectedOutcome: boolean;
  access: string;
}

export function readReleaseFacts(m: Manifest): ReleaseFacts {
  return {
    record: readReleaseRecord(m),
    labelDigest: typeof m.data.label_digest === 'string' && m.data.label_digest !== '',
    modelDigests: m.models.filter((d) => typeof d.digest === 'string' && d.digest !== '').length,
    models: m.models.length,
    preprocessing: m.preprocessing !== undefined && m.preprocessing !== null,
    protectedOutcome: typeof m.threat_model.protected_outcome === 'string' && m.threat_model.protected_outcome !== '',
    access: m.threat_model.access
  };
}

/** Facts the manifest records for a checklist item. */
type RecordedFact = 'threat_model' | 'frozen';

/** One item of a checklist and what answers it. */
interface ChecklistItem {
  /** The checklist, named by what it checks, and the item's place in it, e.g. "release 3". */
  ref: string;
  /** What the item asks, in this project's words. */
  asks: string;
  /** Check kinds (the first part of a check id) whose judged checks answer it. */
  checks: readonly string[];
  recorded: readonly RecordedFact[];
  /** Fields of the `release:` block a person declares for it. */
  declared: readonly ReleaseField[];
}

/**
 * The checklists: robustness to perturbation, the purpose of the evaluation, generalization to
 * the challenge split, and the release under the threat model. Thresholds are not repeated here:
 * each check carries its own, from the config. `release_record` answers release 6 only when
 * `gate.require_release_record` is set (it is not applicable otherwise).
 */
export const RELEASE_CHECKLIST: readonly ChecklistItem[] = [
  {
    ref: 'robustness 1',
    asks: 'Enough changed examples under each non-destructive perturbation family',
    checks: ['changed_examples'],
    recorded: [],
    declared: []
  },
  {
    ref: 'robustness 2',
    asks: 'Flip rate under each family within its ceiling',
    checks: ['flip_rate'],
    recorded: [],
    declared: []
  },
  {
    ref: 'robustness 3',
    asks: 'Matched accuracy drop under each family within its ceiling',
    checks: ['accuracy_drop'],
    recorded: [],
    declared: []
  },
  {
    ref: 'purpose',
    asks: 'What the evaluation is for, and the uses it does not support',
    checks: [],
    recorded: [],
    declared: ['intended_use', 'out_of_scope_uses']
  },
  { ref: 'challenge 1', asks: 'Enough challenge examples', checks: ['challenge_examples'], recorded: [], declared: [] },
  {
    ref: 'challenge 2',
    asks: 'Challenge accuracy at or above its floor',
    checks: ['challenge_accuracy'],
    recorded: [],
    declared: []
  },
  {
    ref: 'challenge 3',
    asks: 'Controlled-to-challenge generalization gap within its ceiling',
    checks: ['generalization_gap'],
    recorded: [],
    declared: []
  },
  {
    ref: 'challenge 4',
    asks: 'Enough challenge examples in every language slice',
    checks: ['language_examples'],
    recorded: [],
    declared: []
  },
  {
    ref: 'challenge 5',
    asks: 'Challenge accuracy in every language slice at or above its floor',
    checks: ['language_accuracy'],
    recorded: [],
    declared: []
  },
  {
    ref: 'challenge 6',
    asks: 'Length distribution shift (PSI) within its ceiling',
    checks: ['length_psi'],
    recorded: [],
    declared: []
  },
  {
    ref: 'release 1',
    asks: 'Protected outcome, access model and editable surface approved before the run',
    checks: [],
    recorded: ['threat_model'],
    declared: ['authorization']
  },
  {
    ref: 'release 2',
    asks: 'Reference labels, models and preprocessing frozen',
    checks: [],
    recorded: ['frozen'],
    declared: []
  },
  {
    ref: 'release 3',
    asks: 'Candidates validated and every eligible example reconciled (tested, or counted as uncovered or missing)',
    checks: ['eligible_coverage', 'missing_rows'],
    recorded: [],
    declared: []
  },
  {
    ref: 'release 4',
    asks: 'Harmful failures reviewed by class and consequence',
    checks: ['attack_success', 'protected_transitions'],
    recorded: [],
    declared: ['reviewer']
  },
  {
    ref: 'release 5',
    asks: 'Mitigations tested against an adaptive evaluator, with their cost in clean quality, latency and review load',
    checks: [],
    recorded: [],
    declared: ['mitigations']
  },
  {
    ref: 'release 6',
    asks: 'Reviewer and unresolved limitations recorded in the release decision',
    checks: ['release_record'],
    recorded: [],
    declared: ['reviewer', 'known_limitations']
  }
];

/** The heading and the sentence both reports put above the checklist table. */
export const CHECKLIST_HEADING = 'Release checklists';
export const CHECKLIST_INTRO =
  'Each item of the robustness, purpose, challenge and release checklists (docs/explain-and-release.md) and what ' +
  'answers it: judged checks (their worst status), facts the manifest records, or fields of the release record.';
export const CHECKLIST_COLUMNS = ['checklist', 'item', 'evidence', 'status'];

/** The status of one piece of evidence for an item. */
export type PartStatus = CheckStatus | 'declared' | 'missing' | 'recorded';

export interface ChecklistPart {
  /** What was consulted: check ids (`flip_rate/*`), `release.<field>` or a manifest fact. */
  evidence: string;
  status: PartStatus;
  /** The status in words, e.g. "fail: 4 of 4 judged checks" or "declared by <owner>" (data: escape when rendering). */
  text: string;
}

interface ChecklistRow {
  ref: string;
  asks: string;
  parts: ChecklistPart[];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Worst status of the judged checks of some kinds: fail, then not evaluated, then pass; none → not applicable. */
function checksPart(kinds: readonly string[], checks: readonly Check[]): ChecklistPart {
  const evidence = kinds.map((k) => `${k}/*`).join(', ');
  const judged = checks.filter((c) => c.judged && kinds.includes(c.check));
  const n = judged.length;
  const count = (s: CheckStatus) => judged.filter((c) => c.status === s).length;
  const [fail, notEvaluated, pass, na] = [
    count('fail'),
    count('not_evaluated'),
    count('pass'),
    count('not_applicable')
  ];
  if (fail > 0) return { evidence, status: 'fail', text: `fail: ${fail} of ${plural(n, 'judged check')}` };
  if (notEvaluated > 0)
    return {
      evidence,
      status: 'not_evaluated',
      text: `not evaluated: ${notEvaluated} of ${plural(n, 'judged check')}`
    };
  if (pass === 0)
    return {
      evidence,
      status: 'not_applicable',
      text: n === 0 ? 'not applicable: no judged check' : `not applicable (${plural(n, 'check')})`
    };
  return {
    evidence,
    status: 'pass',
    text: `pass: ${pass} of ${plural(n, 'judged check')}${na > 0 ? ` (${na} not applicable)` : ''}`
  };
}

function declaredPart(fields: readonly ReleaseField[], record: ReleaseRecord | null): ChecklistPart {
  const evidence = fields.map((f) => `release.${f}`).join(', ');
  if (record === null) return { evidence, status: 'missing', text: 'missing (the config has no release: block)' };
  const missing = fields.filter((f) => record[f] === null);
  if (missing.length > 0)
    return { evidence, status: 'missing', text: `missing: ${missing.map((f) => `release.${f}`).join(', ')}` };
  return { evidence, status: 'declared', text: `declared by ${record.owner}` };
}

function recordedPart(fact: RecordedFact, f: ReleaseFacts): ChecklistPart {
  if (fact === 'threat_model') {
    const evidence = 'manifest: threat_model';
    return f.protectedOutcome
      ? {
          evidence,
          status: 'recorded',
          text: `recorded: protected outcome, access ${f.access}, attacks and constraints`
        }
      : { evidence, status: 'missing', text: `missing: threat_model.protected_outcome (access ${f.access} recorded)` };
  }
  const evidence = 'manifest: data.label_digest, models[].digest, preprocessing';
  const gaps = [
    !f.labelDigest ? 'label digest' : null,
    f.modelDigests < f.models ? plural(f.models - f.modelDigests, 'model digest') : null,
    !f.preprocessing ? 'preprocessing record' : null
  ].filter((x) => x !== null);
  if (gaps.length > 0) return { evidence, status: 'missing', text: `missing: ${gaps.join(', ')}` };
  return {
    evidence,
    status: 'recorded',
    text: `recorded: label digest, ${plural(f.models, 'model digest')}, preprocessing of every model`
  };
}

/** Every checklist item with the status of each piece of evidence behind it. */
export function releaseChecklist(checks: readonly Check[], facts: ReleaseFacts): ChecklistRow[] {
  return RELEASE_CHECKLIST.map((item) => ({
    ref: item.ref,
    asks: item.asks,
    parts: [
      ...(item.checks.length > 0 ? [checksPart(item.checks, checks)] : []),
      ...item.recorded.map((fact) => recordedPart(fact, facts)),
      ...(item.declared.length > 0 ? [declaredPart(item.declared, facts.record)] : [])
    ]
  }));
}
