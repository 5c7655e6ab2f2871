/**
 * metrics.json by streaming accumulators (SPEC §14): one example group at a time (evidence/
 * group.ts), each cell keeps counts — and, for the risk–coverage order statistic, the margins —
 * never the rows. The figures come from the same formula functions the array forms use, so a
 * cell computed here equals the cell computed from its rows.
 */
import { FAMILY_REGISTRY } from '../perturb/registry.js';
import { isAttackFamily, type AttackFamily, type Condition, type NonDestructiveFamily } from '../config/families.js';
import { UNKNOWN_LANGUAGE } from '../data/example.js';
import type { ExampleGroup } from '../evidence/group.js';
import type { EvidenceRow } from '../evidence/row.js';
import { addAbstentionRow, abstentionOf, emptyAbstention, type AbstentionCounts, type AbstentionPolicy } from './abstention.js';
import { accountingOf, addAccountingRow, emptyAccounting, WorkedExamplePicker, type AccountingCounts } from './accounting.js';
import { accuracyIntervalOf, BOOTSTRAP_METHOD, type BootstrapOptions, type OutcomeCounts } from './bootstrap.js';
import { accuracyOf, isCorrect, missingRowsOf } from './classification.js';
import { addPair, pairedComparisonOf } from './comparison.js';
import { addToConfusion, emptyConfusion, labelIndex, type ConfusionCounts } from './confusion.js';
import { jensenShannonDivergence } from './divergence.js';
import { f1FromConfusion } from './f1.js';
import { count, notApplicable, notEvaluated } from './figure.js';
import { generalizationGap } from './gap.js';
import {
  addFamilyRow,
  addTransitionClean,
  addTransitionOutcome,
  addUnionOutcome,
  emptyFamilyCounts,
  emptyTransitionCounts,
  emptyUnionCounts,
  familyLedgerOf,
  protectedTransitionsOf,
  transitionOutcome,
  unionLedgerOf,
  unionOutcome,
  type FamilyCounts,
  type TransitionCounts,
  type UnionCounts
} from './ledger.js';
import { ALL, attackFamiliesOf, CHALLENGE_SPLIT, METRICS_SCHEMA_VERSION, REFERENCE_SPLIT, type ClassificationScope, type MetricFacts, type Metrics, type ModelMetrics } from './metrics.js';
import { cellParts, PRNG_NAME, STREAM_DERIVATION } from './random.js';
import { addReliabilityRow, emptyReliability, reliabilityOf, type ReliabilityCounts } from './reliability.js';
import { addConditionRow, conditionFiguresOf, emptyConditionCounts, inChangedValid, type ConditionCounts } from './robustness.js';
import { RiskCoverageAccumulator, selectiveOutcome, type RiskCoverage } from './selective.js';
import { PSI_EDGES, psiOfHistograms } from './shift.js';

const LABEL_ONLY = 'label-only model: it returns no scores, so there is no margin';

interface ModelState {
  name: string;
  probabilities: boolean;
  policy: AbstentionPolicy | undefined;
  rows: number;
  missing: number;
  labelOnly: boolean;
  /** Classification cells by scope key (all, split, split/language). */
  classification: Map<string, { confusion: ConfusionCounts; correct: number }>;
  /** [perturbed condition][scope]; scope 0 = all, 1 + i = split i. */
  robustness: ConditionCounts[][];
  /** [attack family][scope]. */
  ledger: FamilyCounts[][];
  union: UnionCounts[];
  transitions: TransitionCounts[];
  selective: RiskCoverageAccumulator[];
  reliability: ReliabilityCounts[] | null;
  /** [clean + non-destructive perturbed condition][scope]. */
  abstention: AbstentionCounts[][] | null;
  accounting: AccountingCounts[][] | null;
  worked: WorkedExamplePicker | null;
}

export class MetricsAccumulator {
  private readonly scopes: string[];
  private readonly perturbed: Condition[];
  /** Indexes into the group's condition axis, per perturbed condition. */
  private readonly perturbedIndex: number[];
  private readonly families: AttackFamily[];
  private readonly abstainConditions: Condition[];
  private readonly states: ModelState[];
  private readonly indexOf: (label: string, what: string) => number;
  private readonly pairs: OutcomeCounts[][];
  private readonly splitRows = new Map<string, number>();
  private readonly languageRows = new Map<string, Map<string, number>>();
  private readonly labelRows = new Map<string, Map<string, number>>();

  constructor(private readonly facts: MetricFacts) {
    if (facts.conditions[0] !== 'clean') throw new Error('the first condition must be clean');
    this.scopes = [ALL, ...facts.splits];
    this.perturbed = facts.conditions.slice(1);
    this.perturbedIndex = this.perturbed.map((_, i) => i + 1);
    this.families = this.perturbed.filter(isAttackFamily);
    this.abstainConditions = facts.conditions.filter((c) => c !== 'truncate');
    this.indexOf = labelIndex(facts.labels);
    const perScope = <T>(make: () => T) => this.scopes.map(make);
    this.states = facts.models.map((m) => {
      const policy = facts.abstainBelow[m.name];
      const classification = new Map<string, { confusion: ConfusionCounts; correct: number }>();
      for (const key of this.classificationScopes().map((s) => s.scope)) classification.set(key, { confusion: emptyConfusion(facts.labels), correct: 0 });
      return {
        name: m.name,
        probabilities: m.probabilities,
        policy,
        rows: 0,
        missing: 0,
        labelOnly: false,
        classification,
        robustness: this.perturbed.map(() => perScope(emptyConditionCounts)),
        ledger: this.families.map((f) => perScope(() => emptyFamilyCounts(f))),
        union: perScope(() => emptyUnionCounts(this.families as NonDestructiveFamily[])),
        transitions: perScope(() => emptyTransitionCounts(this.families as NonDestructiveFamily[], facts.transitions)),
        selective: perScope(() => new RiskCoverageAccumulator()),
        reliability: m.probabilities ? perScope(emptyReliability) : null,
        abstention: policy ? this.abstainConditions.map(() => perScope(emptyAbstention)) : null,
        accounting: facts.task === 'tabular' ? this.perturbed.map(() => perScope(emptyAccounting)) : null,
        worked: facts.task === 'tabular' ? new WorkedExamplePicker(facts.transitions) : null
      };
    });
    this.pairs = facts.models.map(() => facts.models.map(() => ({ plus: 0, minus: 0, zero: 0 })));
    for (const split of facts.splits) {
      this.splitRows.set(split, 0);
      this.languageRows.set(split, new Map());
      this.labelRows.set(split, new Map());
    }
  }

  /** Scopes of the classification figures: all, then each split followed by its language slices. */
  private classificationScopes(): Array<{ scope: string; split: string | null; language: string | null }> {
    const list: Array<{ scope: string; split: string | null; language: string | null }> = [{ scope: ALL, split: null, language: null }];
    for (const split of this.facts.splits) {
      list.push({ scope: split, split, language: null });
      for (const language of this.facts.languages) list.push({ scope: `${split}/${language}`, split, language });
    }
    return list;
  }

  addExample(g: ExampleGroup): void {
    const facts = this.facts;
    const scopeIndexes = [0, 1 + facts.splits.indexOf(g.split)];
    if ((scopeIndexes[1] as number) < 1) throw new Error(`split ${g.split} is not one of the evaluation splits`);
    const classKeys = [ALL, g.split, `${g.split}/${g.language}`];
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
      if (clean.status === 'ok' && clean.scores === null) st.labelOnly = true;
      const correct = isCorrect(clean);
      for (const key of classKeys) {
        const cell = st.classification.get(key);
        if (cell === undefined) throw new Error(`language ${g.language} is not one of the manifest's languages`);
        addToConfusion(cell.confusion, clean, this.indexOf);
        if (correct) cell.correct++;
      }
      const outcome = selectiveOutcome(clean);
      for (const s of scopeIndexes) {
        (st.selective[s] as RiskCoverageAccumulator).add(outcome.margin, outcome.correct);
        if (st.reliability) addReliabilityRow(st.reliability[s] as ReliabilityCounts, clean);
        if (st.abstention && st.policy) addAbstentionRow((st.abstention[0] as AbstentionCounts[])[s] as AbstentionCounts, clean, st.policy);
      }
      const familyRows: EvidenceRow[] = [];
      this.perturbed.forEach((condition, pi) => {
        const row = rows[this.perturbedIndex[pi] as number];
        if (row === undefined) return;
        const inC = inChangedValid(row);
        for (const s of scopeIndexes) addConditionRow((st.robustness[pi] as ConditionCounts[])[s] as ConditionCounts, row, inC ? clean : undefined);
        const fi = this.families.indexOf(condition as AttackFamily);
        if (fi >= 0) {
          for (const s of scopeIndexes) addFamilyRow((st.ledger[fi] as FamilyCounts[])[s] as FamilyCounts, row, clean, facts.objective, facts.transitions);
          familyRows.push(row);
        }
        const ai = this.abstainConditions.indexOf(condition);
        if (st.abstention && st.policy && ai >= 0) for (const s of scopeIndexes) addAbstentionRow((st.abstention[ai] as AbstentionCounts[])[s] as AbstentionCounts, row, st.policy);
        if (st.accounting) for (const s of scopeIndexes) addAccountingRow((st.accounting[pi] as AccountingCounts[])[s] as AccountingCounts, row, clean);
        if (st.worked && condition === 'fgm') st.worked.add(row);
      });
      if (this.families.length > 0) {
        const union = unionOutcome(familyRows, clean, facts.objective, facts.transitions);
        const moved = transitionOutcome(familyRows, clean, facts.transitions);
        for (const s of scopeIndexes) {
          addUnionOutcome(st.union[s] as UnionCounts, g.id, union);
          addTransitionOutcome(st.transitions[s] as TransitionCounts, g.id, moved);
          addTransitionClean(st.transitions[s] as TransitionCounts, clean);
        }
      }
    });
    if (g.split === CHALLENGE_SPLIT) {
      for (let a = 0; a < cleanRows.length; a++) {
        for (let b = a + 1; b < cleanRows.length; b++) addPair((this.pairs[a] as OutcomeCounts[])[b] as OutcomeCounts, cleanRows[a] as EvidenceRow, cleanRows[b] as EvidenceRow);
      }
    }
    this.splitRows.set(g.split, (this.splitRows.get(g.split) ?? 0) + 1);
    const bump = (m: Map<string, number> | undefined, key: string) => m?.set(key, (m.get(key) ?? 0) + 1);
    bump(this.languageRows.get(g.split), g.language);
    bump(this.labelRows.get(g.split), g.label);
  }

  private options(model: string, metric: string, condition: string, scope: string, iterations = this.facts.bootstrapIterations): BootstrapOptions {
    return { iterations, level: this.facts.interval, seed: this.facts.seed, streamParts: cellParts({ metric, model, condition, scope }) };
  }

  private modelMetrics(st: ModelState): ModelMetrics {
    const facts = this.facts;
    const classification: ClassificationScope[] = this.classificationScopes().map((s) => {
      const cell = st.classification.get(s.scope) as { confusion: ConfusionCounts; correct: number };
      const f1 = f1FromConfusion(cell.confusion);
      return {
        scope: s.scope,
        split: s.split,
        language: s.language,
        accuracy: accuracyOf(cell.correct, cell.confusion.total),
        accuracy_interval: accuracyIntervalOf(cell.correct, cell.confusion.total, this.options(st.name, 'accuracy', 'clean', s.scope)),
        macro_f1: f1.macro,
        per_label: f1.labels,
        confusion: cell.confusion
      };
    });
    const accuracyOfSplit = (split: string) => classification.find((c) => c.split === split && c.language === null)?.accuracy;

    const robustness: ModelMetrics['robustness'] = [];
    const ledger: ModelMetrics['ledger'] = [];
    const union: ModelMetrics['union'] = [];
    const transitions: ModelMetrics['protected_transitions'] = [];
    const selective: ModelMetrics['selective'] = [];
    const calibration: NonNullable<ModelMetrics['reliability']> = [];
    const abstained: NonNullable<ModelMetrics['abstention']> = [];
    const accounted: NonNullable<ModelMetrics['accounting']> = [];
    const abstains = st.abstention !== null && !st.labelOnly;
    this.scopes.forEach((scope, s) => {
      if (abstains && st.policy) abstained.push({ condition: 'clean', scope, ...abstentionOf((st.abstention?.[0] as AbstentionCounts[])[s] as AbstentionCounts, st.policy) });
      this.perturbed.forEach((condition, pi) => {
        const options = { ...this.options(st.name, 'accuracy_delta', condition, scope), destructive: condition === 'truncate' };
        robustness.push({ condition, scope, ...conditionFiguresOf((st.robustness[pi] as ConditionCounts[])[s] as ConditionCounts, options) });
        const fi = this.families.indexOf(condition as AttackFamily);
        if (fi >= 0) ledger.push({ family: condition as AttackFamily, scope, ...familyLedgerOf((st.ledger[fi] as FamilyCounts[])[s] as FamilyCounts) });
        const ai = this.abstainConditions.indexOf(condition);
        if (abstains && st.policy && ai >= 0) abstained.push({ condition, scope, ...abstentionOf((st.abstention?.[ai] as AbstentionCounts[])[s] as AbstentionCounts, st.policy) });
        if (st.accounting) accounted.push({ condition, scope, ...accountingOf((st.accounting[pi] as AccountingCounts[])[s] as AccountingCounts) });
      });
      if (this.families.length > 0) {
        union.push({ scope, ...unionLedgerOf(st.union[s] as UnionCounts) });
        transitions.push({ scope, ...protectedTransitionsOf(st.transitions[s] as TransitionCounts) });
      }
      const curve = (st.selective[s] as RiskCoverageAccumulator).finish();
      selective.push({ scope, ...(st.labelOnly ? noMargin(curve.n) : curve) });
      if (st.reliability) calibration.push({ scope, ...reliabilityOf(st.reliability[s] as ReliabilityCounts) });
    });

    return {
      model: st.name,
      probabilities: st.probabilities,
      label_only: st.labelOnly,
      missing_rows: missingRowsOf(st.missing, st.rows),
      accuracy: classification.map((c) => ({ scope: c.scope, split: c.split, language: c.language, figure: c.accuracy })),
      classification,
      generalization_gap_pp: generalizationGap(accuracyOfSplit(REFERENCE_SPLIT), accuracyOfSplit(CHALLENGE_SPLIT)),
      robustness,
      ledger,
      union,
      protected_transitions: transitions,
      selective,
      reliability: st.probabilities ? calibration : null,
      abstention: abstains ? abstained : null,
      ...(facts.task === 'tabular' ? { accounting: accounted, worked_examples: st.worked?.picked() ?? [] } : {})
    };
  }

  private dataFigures(): Metrics['data'] {
    const facts = this.facts;
    const hasChallenge = facts.splits.includes(CHALLENGE_SPLIT);
    const hasReference = facts.splits.includes(REFERENCE_SPLIT);
    const hasLanguage = facts.languages.some((l) => l !== UNKNOWN_LANGUAGE);
    const challengeRows = this.splitRows.get(CHALLENGE_SPLIT) ?? 0;
    let total = 0;
    for (const n of this.splitRows.values()) total += n;
    const bothSplits = `needs both a "${REFERENCE_SPLIT}" and a "${CHALLENGE_SPLIT}" split`;
    const histogram = (split: string) => facts.lengthHistogram[split] ?? [];
    return {
      rows: Object.fromEntries(this.splitRows),
      challenge_examples: hasChallenge ? count(challengeRows, total) : notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`),
      language_examples: facts.languages.map((language) => ({
        scope: `${CHALLENGE_SPLIT}/${language}`,
        split: CHALLENGE_SPLIT,
        language,
        figure: !hasChallenge
          ? notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`)
          : !hasLanguage
            ? notApplicable('the data has no language column')
            : count(this.languageRows.get(CHALLENGE_SPLIT)?.get(language) ?? 0, challengeRows)
      })),
      length_psi: hasChallenge && hasReference ? psiOfHistograms(histogram(REFERENCE_SPLIT), histogram(CHALLENGE_SPLIT)) : notApplicable(bothSplits),
      length_histogram: { edges: [...PSI_EDGES], counts: Object.fromEntries(facts.splits.map((s) => [s, [...histogram(s)]])) },
      language_jsd:
        hasChallenge && hasReference
          ? hasLanguage
            ? jensenShannonDivergence(this.languageRows.get(REFERENCE_SPLIT) ?? new Map(), this.languageRows.get(CHALLENGE_SPLIT) ?? new Map())
            : notApplicable('the data has no language column')
          : notApplicable(bothSplits),
      label_jsd: hasChallenge && hasReference ? jensenShannonDivergence(this.labelRows.get(REFERENCE_SPLIT) ?? new Map(), this.labelRows.get(CHALLENGE_SPLIT) ?? new Map()) : notApplicable(bothSplits),
      train_overlap: facts.overlap.map((o) => ({ split: o.split, count: o.count, ids: [...o.ids] }))
    };
  }

  finish(): Metrics {
    const facts = this.facts;
    const comparisons: Metrics['comparisons'] = [];
    if (facts.splits.includes(CHALLENGE_SPLIT)) {
      facts.models.forEach((a, i) => {
        facts.models.slice(i + 1).forEach((b, k) => {
          const options = { ...this.options(a.name, 'paired_comparison', '', CHALLENGE_SPLIT, facts.pairedIterations), streamParts: cellParts({ metric: 'paired_comparison', model: a.name, secondModel: b.name, scope: CHALLENGE_SPLIT }) };
          comparisons.push({ model_a: a.name, model_b: b.name, split: CHALLENGE_SPLIT, ...pairedComparisonOf((this.pairs[i] as OutcomeCounts[])[i + 1 + k] as OutcomeCounts, options) });
        });
      });
    }
    return {
      schema_version: METRICS_SCHEMA_VERSION,
      task: facts.task,
      attack_families: attackFamiliesOf(facts.task, FAMILY_REGISTRY, facts.conditions),
      labels: [...facts.labels],
      conditions_evaluated: [...facts.conditions],
      prng: { name: PRNG_NAME, derivation: STREAM_DERIVATION, bootstrap: BOOTSTRAP_METHOD, seed: facts.seed },
      data: this.dataFigures(),
      models: this.states.map((st) => this.modelMetrics(st)),
      comparisons
    };
  }
}

function noMargin(n: number): RiskCoverage {
  return { n, errors: 0, missing: 0, aurc: notEvaluated(LABEL_ONLY, n), curve: [] };
}
