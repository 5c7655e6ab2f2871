/**
 * metrics.json (SPEC §7–§8): every figure, for every model × condition × scope, each with
 * its counts. A pure function of the evidence rows plus the run facts recorded in the
 * manifest (labels, objective, seeds, data-level facts), so it can be recomputed later
 * from the artifact alone (SPEC §14).
 */
import { isAttackFamily, type AttackFamily, type Condition } from '../config/families.js';
import { accounting, workedExamples, type Accounting, type WorkedExample } from './accounting.js';
import type { ProtectedTransition } from '../config/plan.js';
import type { Overlap } from '../data/dataset.js';
import type { EvidenceRow } from '../evidence/row.js';
import { abstention, type Abstention, type AbstentionPolicy } from './abstention.js';
import { accuracyInterval, type BootstrapOptions, type IntervalFigure } from './bootstrap.js';
import { accuracy, missingRows } from './classification.js';
import { pairedComparison, type PairedComparison } from './comparison.js';
import { confusionCounts, type ConfusionCounts } from './confusion.js';
import { jensenShannonDivergence } from './divergence.js';
import { f1FromConfusion, type F1Scores } from './f1.js';
import { count, notApplicable, notEvaluated, type Figure } from './figure.js';
import { familyLedger, protectedTransitions, unionLedger, type FamilyLedger, type ProtectedTransitions, type UnionLedger } from './ledger.js';
import { cellParts, PRNG_NAME, STREAM_DERIVATION } from './random.js';
import { reliability, type Reliability } from './reliability.js';
import { conditionFigures, type ConditionFigures } from './robustness.js';
import { riskCoverage, type RiskCoverage } from './selective.js';
import { psi } from './shift.js';
import { generalizationGap } from './gap.js';

export const METRICS_SCHEMA_VERSION = 1;
export const CHALLENGE_SPLIT = 'challenge';
export const REFERENCE_SPLIT = 'controlled';
export const ALL = 'all';

export interface DataFacts {
  /** Split names in config order. */
  splits: string[];
  /** Rows per split. */
  rows: Record<string, number>;
  languages: string[];
  /** Rows per split per language slice. */
  languageRows: Record<string, Record<string, number>>;
  /** Gold-label counts per split. */
  labelRows: Record<string, Record<string, number>>;
  /** Unique token types per text, per split (for length PSI). */
  tokenTypes: Record<string, number[]>;
  /** Whether any evaluation row named a language. */
  hasLanguage: boolean;
  overlap: Overlap[];
}

export interface RunFacts {
  task: 'text' | 'tabular';
  labels: readonly string[];
  models: ReadonlyArray<{ name: string; probabilities: boolean }>;
  conditions: Condition[];
  objective: 'untargeted' | 'targeted';
  transitions: readonly ProtectedTransition[];
  seed: number;
  bootstrapIterations: number;
  pairedIterations: number;
  interval: number;
  abstainBelow: Readonly<Record<string, AbstentionPolicy>>;
}

export interface ScopedFigure {
  scope: string;
  split: string | null;
  language: string | null;
  figure: Figure;
}

export interface ClassificationScope {
  scope: string;
  split: string | null;
  language: string | null;
  accuracy: Figure;
  accuracy_interval: IntervalFigure;
  macro_f1: Figure;
  per_label: F1Scores['labels'];
  confusion: ConfusionCounts;
}

export interface ModelMetrics {
  model: string;
  probabilities: boolean;
  /** A label-only model (SPEC §10): margin-based figures are not evaluated. */
  label_only: boolean;
  missing_rows: Figure;
  /** Clean accuracy: scope `all`, each split, and each split × language (kept for the gate). */
  accuracy: ScopedFigure[];
  classification: ClassificationScope[];
  generalization_gap_pp: Figure;
  robustness: Array<{ condition: Condition; scope: string } & ConditionFigures>;
  ledger: Array<{ family: AttackFamily; scope: string } & FamilyLedger>;
  union: Array<{ scope: string } & UnionLedger>;
  protected_transitions: Array<{ scope: string } & ProtectedTransitions>;
  selective: Array<{ scope: string } & RiskCoverage>;
  reliability: Array<{ scope: string } & Reliability> | null;
  abstention: Array<{ condition: Condition; scope: string } & Abstention> | null;
  /** Tabular only: before/after accounting per perturbed condition, and worked FGM examples. */
  accounting?: Array<{ condition: Condition; scope: string } & Accounting>;
  worked_examples?: WorkedExample[];
}

export interface Metrics {
  schema_version: number;
  task: 'text' | 'tabular';
  /** The families judged as attacks for this task (their checks are not applicable when not configured). */
  attack_families: AttackFamily[];
  labels: string[];
  conditions_evaluated: Condition[];
  prng: { name: string; derivation: string; seed: number };
  data: {
    rows: Record<string, number>;
    challenge_examples: Figure;
    language_examples: ScopedFigure[];
    length_psi: Figure;
    language_jsd: Figure;
    label_jsd: Figure;
    train_overlap: Overlap[];
  };
  models: ModelMetrics[];
  comparisons: Array<{ model_a: string; model_b: string; split: string } & PairedComparison>;
}

/** Rows grouped once: model → condition → rows, each in evidence order. */
function groupRows(rows: readonly EvidenceRow[]): Map<string, Map<Condition, EvidenceRow[]>> {
  const out = new Map<string, Map<Condition, EvidenceRow[]>>();
  for (const row of rows) {
    const byCondition = out.get(row.model) ?? new Map<Condition, EvidenceRow[]>();
    const list = byCondition.get(row.condition) ?? [];
    list.push(row);
    byCondition.set(row.condition, list);
    out.set(row.model, byCondition);
  }
  return out;
}

function dataFigures(facts: DataFacts): Metrics['data'] {
  const hasChallenge = facts.splits.includes(CHALLENGE_SPLIT);
  const hasReference = facts.splits.includes(REFERENCE_SPLIT);
  const challengeRows = facts.rows[CHALLENGE_SPLIT] ?? 0;
  const total = facts.splits.reduce((n, s) => n + (facts.rows[s] ?? 0), 0);
  const bothSplits = `needs both a "${REFERENCE_SPLIT}" and a "${CHALLENGE_SPLIT}" split`;
  const counts = (m: Record<string, number> | undefined) => new Map(Object.entries(m ?? {}));
  return {
    rows: facts.rows,
    challenge_examples: hasChallenge ? count(challengeRows, total) : notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`),
    language_examples: facts.languages.map((language) => ({
      scope: `${CHALLENGE_SPLIT}/${language}`,
      split: CHALLENGE_SPLIT,
      language,
      figure: !hasChallenge
        ? notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`)
        : !facts.hasLanguage
          ? notApplicable('the data has no language column')
          : count(facts.languageRows[CHALLENGE_SPLIT]?.[language] ?? 0, challengeRows)
    })),
    length_psi: hasChallenge && hasReference ? psi(facts.tokenTypes[REFERENCE_SPLIT] ?? [], facts.tokenTypes[CHALLENGE_SPLIT] ?? []) : notApplicable(bothSplits),
    language_jsd:
      hasChallenge && hasReference
        ? facts.hasLanguage
          ? jensenShannonDivergence(counts(facts.languageRows[REFERENCE_SPLIT]), counts(facts.languageRows[CHALLENGE_SPLIT]))
          : notApplicable('the data has no language column')
        : notApplicable(bothSplits),
    label_jsd: hasChallenge && hasReference ? jensenShannonDivergence(counts(facts.labelRows[REFERENCE_SPLIT]), counts(facts.labelRows[CHALLENGE_SPLIT])) : notApplicable(bothSplits),
    train_overlap: facts.overlap
  };
}

interface Scope {
  scope: string;
  split: string | null;
  language: string | null;
  keep: (row: EvidenceRow) => boolean;
}

function scopes(facts: DataFacts, withLanguages: boolean): Scope[] {
  const list: Scope[] = [{ scope: ALL, split: null, language: null, keep: () => true }];
  for (const split of facts.splits) {
    list.push({ scope: split, split, language: null, keep: (r) => r.split === split });
    if (!withLanguages) continue;
    for (const language of facts.languages) {
      list.push({ scope: `${split}/${language}`, split, language, keep: (r) => r.split === split && r.language === language });
    }
  }
  return list;
}

const LABEL_ONLY = 'label-only model: it returns no scores, so there is no margin';

function noMargin(n: number): RiskCoverage {
  return { n, errors: 0, missing: 0, aurc: notEvaluated(LABEL_ONLY, n), curve: [] };
}

function modelMetrics(model: { name: string; probabilities: boolean }, byCondition: Map<Condition, EvidenceRow[]>, facts: DataFacts, run: RunFacts): ModelMetrics {
  const name = model.name;
  const clean = byCondition.get('clean') ?? [];
  const options = (metric: string, condition: string, scope: string, iterations = run.bootstrapIterations): BootstrapOptions => ({
    iterations,
    level: run.interval,
    seed: run.seed,
    streamParts: cellParts({ metric, model: name, condition, scope })
  });

  const classification = scopes(facts, true).map((s) => {
    const rows = clean.filter(s.keep);
    const confusion = confusionCounts(rows, run.labels);
    const f1 = f1FromConfusion(confusion);
    return {
      scope: s.scope,
      split: s.split,
      language: s.language,
      accuracy: accuracy(rows),
      accuracy_interval: accuracyInterval(rows, options('accuracy', 'clean', s.scope)),
      macro_f1: f1.macro,
      per_label: f1.labels,
      confusion
    };
  });
  const accuracyOf = (split: string) => classification.find((c) => c.split === split && c.language === null)?.accuracy;

  const robustness: ModelMetrics['robustness'] = [];
  const ledger: ModelMetrics['ledger'] = [];
  const union: ModelMetrics['union'] = [];
  const transitions: ModelMetrics['protected_transitions'] = [];
  const selective: ModelMetrics['selective'] = [];
  const calibration: NonNullable<ModelMetrics['reliability']> = [];
  const abstained: NonNullable<ModelMetrics['abstention']> = [];
  // A label-only external model returns no scores: no margin, so no risk–coverage or abstention.
  const labelOnly = clean.some((r) => r.status === 'ok' && r.scores === null);
  const policy = labelOnly ? undefined : run.abstainBelow[name];
  const accounted: NonNullable<ModelMetrics['accounting']> = [];

  for (const s of scopes(facts, false)) {
    const cleanInScope = clean.filter(s.keep);
    const cleanById = new Map(cleanInScope.map((r) => [r.id, r]));
    const families = new Map<AttackFamily, EvidenceRow[]>();
    if (policy) abstained.push({ condition: 'clean', scope: s.scope, ...abstention(cleanInScope, policy) });
    for (const condition of run.conditions) {
      if (condition === 'clean') continue;
      const rows = (byCondition.get(condition) ?? []).filter(s.keep);
      robustness.push({ condition, scope: s.scope, ...conditionFigures(rows, cleanById, { ...options('accuracy_delta', condition, s.scope), destructive: condition === 'truncate' }) });
      if (isAttackFamily(condition)) {
        families.set(condition, rows);
        ledger.push({ family: condition, scope: s.scope, ...familyLedger(rows, cleanById, run.objective, run.transitions) });
      }
      if (policy && condition !== 'truncate') abstained.push({ condition, scope: s.scope, ...abstention(rows, policy) });
      if (run.task === 'tabular') accounted.push({ condition, scope: s.scope, ...accounting(rows, cleanById) });
    }
    if (families.size > 0) {
      union.push({ scope: s.scope, ...unionLedger(families, cleanById, run.objective, run.transitions) });
      transitions.push({ scope: s.scope, ...protectedTransitions(families, cleanById, run.transitions) });
    }

    selective.push({ scope: s.scope, ...(labelOnly ? noMargin(cleanInScope.length) : riskCoverage(cleanInScope)) });
    if (model.probabilities) calibration.push({ scope: s.scope, ...reliability(cleanInScope) });
  }

  return {
    model: name,
    probabilities: model.probabilities,
    label_only: labelOnly,
    missing_rows: missingRows([...byCondition.values()].flat()),
    accuracy: classification.map((c) => ({ scope: c.scope, split: c.split, language: c.language, figure: c.accuracy })),
    classification,
    generalization_gap_pp: generalizationGap(accuracyOf(REFERENCE_SPLIT), accuracyOf(CHALLENGE_SPLIT)),
    robustness,
    ledger,
    union,
    protected_transitions: transitions,
    selective,
    reliability: model.probabilities ? calibration : null,
    abstention: policy ? abstained : null,
    ...(run.task === 'tabular' ? { accounting: accounted, worked_examples: workedExamples(byCondition.get('fgm') ?? []) } : {})
  };
}

export function buildMetrics(rows: readonly EvidenceRow[], facts: DataFacts, run: RunFacts): Metrics {
  const grouped = groupRows(rows);
  const models = run.models.map((m) => modelMetrics(m, grouped.get(m.name) ?? new Map(), facts, run));
  const comparisons: Metrics['comparisons'] = [];
  if (facts.splits.includes(CHALLENGE_SPLIT)) {
    const challengeClean = (name: string) => (grouped.get(name)?.get('clean') ?? []).filter((r) => r.split === CHALLENGE_SPLIT);
    run.models.forEach((a, i) => {
      for (const b of run.models.slice(i + 1)) {
        comparisons.push({
          model_a: a.name,
          model_b: b.name,
          split: CHALLENGE_SPLIT,
          ...pairedComparison(challengeClean(a.name), challengeClean(b.name), {
            iterations: run.pairedIterations,
            level: run.interval,
            seed: run.seed,
            streamParts: cellParts({ metric: 'paired_comparison', model: a.name, secondModel: b.name, scope: CHALLENGE_SPLIT })
          })
        });
      }
    });
  }
  return {
    schema_version: METRICS_SCHEMA_VERSION,
    task: run.task,
    attack_families: run.task === 'tabular' ? ['fgm'] : ['format', 'transpose', 'dictionary', 'append'],
    labels: [...run.labels],
    conditions_evaluated: run.conditions,
    prng: { name: PRNG_NAME, derivation: STREAM_DERIVATION, seed: run.seed },
    data: dataFigures(facts),
    models,
    comparisons
  };
}

export function findAccuracy(metrics: ModelMetrics, split: string | null, language: string | null = null): Figure | undefined {
  return metrics.accuracy.find((s) => s.split === split && s.language === language)?.figure;
}
