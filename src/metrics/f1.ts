/**
 * F1 per label and macro-F1 (docs/definitions.md#metrics, classification), from the confusion counts of a scope.
 *   TP_L = gold L and predicted L;  FP_L = predicted L, gold ≠ L;  FN_L = gold L, not predicted L
 *   F1_L = 2·TP_L / (2·TP_L + FP_L + FN_L), and 0 (status ok) when that denominator is 0
 *   macro-F1 = mean of F1_L over the labels with support (gold count) > 0 in the scope
 * A missing row (no prediction) is wrong: it adds to FN of its gold label and to no FP.
 * Labels that are predicted but absent from gold keep their own F1 (0) in the per-label list
 * and are left out of the macro average; their predictions still count as FP only for
 * themselves, and as FN for the gold label they missed. Macro-F1 is not evaluated when no
 * label has support (an empty scope); its numerator is null (a mean, not a ratio of counts)
 * and its denominator is the number of labels averaged.
 */
import type { ConfusionCounts } from './confusion.js';
import { measure, notEvaluated, type Figure } from './figure.js';

interface LabelF1 {
  label: string;
  /** Rows whose gold label is this label. */
  support: number;
  tp: number;
  fp: number;
  fn: number;
  /** numerator 2TP, denominator 2TP + FP + FN. */
  f1: Figure;
}

export interface F1Scores {
  /** Mean F1 over `averaged`. */
  macro: Figure;
  /** Labels with support > 0, in label order. */
  averaged: string[];
  /** Every label, in label order. */
  labels: LabelF1[];
}

export function f1FromConfusion(c: ConfusionCounts): F1Scores {
  const labels: LabelF1[] = c.labels.map((label, i) => {
    const line = c.matrix[i] as number[];
    const tp = line[i] as number;
    const support = line.reduce((a, b) => a + b, 0) + (c.missing[i] as number);
    let predicted = 0;
    for (const other of c.matrix) predicted += other[i] as number;
    const fp = predicted - tp;
    const fn = support - tp;
    const denominator = 2 * tp + fp + fn;
    const f1: Figure =
      denominator === 0
        ? {
            value: 0,
            numerator: 0,
            denominator: 0,
            status: 'ok',
            reason: 'label neither in gold nor predicted: F1 is 0 by definition'
          }
        : { value: (2 * tp) / denominator, numerator: 2 * tp, denominator, status: 'ok', reason: null };
    return { label, support, tp, fp, fn, f1 };
  });
  const averaged = labels.filter((l) => l.support > 0);
  const macro =
    averaged.length === 0
      ? notEvaluated('no rows in this scope')
      : measure(averaged.reduce((sum, l) => sum + (l.f1.value as number), 0) / averaged.length, averaged.length);
  return { macro, averaged: averaged.map((l) => l.label), labels };
}
