/**
 * metrics.json: the figures this release computes, each with its counts. A pure function of
 * the evidence rows and the data-level facts recorded in the manifest (SPEC §14).
 */
import type { Condition } from '../config/families.js';
import type { EvidenceRow } from '../evidence/row.js';
import { accuracy, missingRows } from './classification.js';
import { count, notApplicable, type Figure } from './figure.js';
import { psi } from './shift.js';

export const METRICS_SCHEMA_VERSION = 1;
export const CHALLENGE_SPLIT = 'challenge';
export const REFERENCE_SPLIT = 'controlled';

export interface DataFacts {
  /** Split names in config order. */
  splits: string[];
  /** Rows per split. */
  rows: Record<string, number>;
  languages: string[];
  /** Rows per split per language slice. */
  languageRows: Record<string, Record<string, number>>;
  /** Unique token types per text, per split (for length PSI). */
  tokenTypes: Record<string, number[]>;
  /** Whether any evaluation row named a language. */
  hasLanguage: boolean;
}

export interface ScopedFigure {
  scope: string;
  split: string | null;
  language: string | null;
  figure: Figure;
}

export interface ModelMetrics {
  model: string;
  missing_rows: Figure;
  /** Clean accuracy: scope `all`, each split, and each split × language. */
  accuracy: ScopedFigure[];
}

export interface Metrics {
  schema_version: number;
  conditions_evaluated: Condition[];
  data: {
    rows: Record<string, number>;
    challenge_examples: Figure;
    language_examples: ScopedFigure[];
    length_psi: Figure;
  };
  models: ModelMetrics[];
}

export function buildMetrics(rows: readonly EvidenceRow[], models: readonly string[], facts: DataFacts, conditions: Condition[]): Metrics {
  const hasChallenge = facts.splits.includes(CHALLENGE_SPLIT);
  const hasReference = facts.splits.includes(REFERENCE_SPLIT);
  const challengeRows = facts.rows[CHALLENGE_SPLIT] ?? 0;
  const total = facts.splits.reduce((n, s) => n + (facts.rows[s] ?? 0), 0);
  return {
    schema_version: METRICS_SCHEMA_VERSION,
    conditions_evaluated: conditions,
    data: {
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
      length_psi:
        hasChallenge && hasReference
          ? psi(facts.tokenTypes[REFERENCE_SPLIT] ?? [], facts.tokenTypes[CHALLENGE_SPLIT] ?? [])
          : notApplicable(`needs both a "${REFERENCE_SPLIT}" and a "${CHALLENGE_SPLIT}" split`)
    },
    models: models.map((model) => {
      const own = rows.filter((r) => r.model === model);
      const clean = own.filter((r) => r.condition === 'clean');
      const scoped: ScopedFigure[] = [{ scope: 'all', split: null, language: null, figure: accuracy(clean) }];
      for (const split of facts.splits) {
        const inSplit = clean.filter((r) => r.split === split);
        scoped.push({ scope: split, split, language: null, figure: accuracy(inSplit) });
        for (const language of facts.languages) {
          scoped.push({ scope: `${split}/${language}`, split, language, figure: accuracy(inSplit.filter((r) => r.language === language)) });
        }
      }
      return { model, missing_rows: missingRows(own), accuracy: scoped };
    })
  };
}

export function findAccuracy(metrics: ModelMetrics, split: string | null, language: string | null = null): Figure | undefined {
  return metrics.accuracy.find((s) => s.split === split && s.language === language)?.figure;
}
