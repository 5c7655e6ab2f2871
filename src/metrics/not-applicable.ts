/**
 * A model's figures for the attacks that cannot run against it (docs/tabular.md#not-applicable): every figure of
 * those attacks' cells becomes `not_applicable` with the attack's reason, so their checks are skipped rather than
 * judged on rows the attack never tried. The rows stay in the evidence (uncovered: not_applicable) and count
 * nowhere else: they are never tested, so the union across attacks is the other attacks' alone.
 */
import type { IntervalFigure } from './bootstrap.js';
import { notApplicable, type Figure } from './figure.js';
import type { ModelMetrics } from './metrics.js';
import { EXACT_ATTACK } from './strength.js';

/** The entry with each of its figures (plain or interval) replaced by a not-applicable one with the reason. */
function figuresNotApplicable<T extends object>(entry: T, reason: string): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (value === null || typeof value !== 'object' || !('status' in value)) out[key] = value;
    else if ('low' in value)
      out[key] = { ...(value as IntervalFigure), low: null, high: null, n: null, status: 'not_applicable', reason };
    else out[key] = notApplicable(reason) satisfies Figure;
  }
  return out as T;
}

/** Why a model no configured attack can reach has no union and no protected-transition figure. */
function noneReaches(model: string, reasons: Readonly<Record<string, string>>): string {
  return `no configured attack can run against ${model}: ${Object.values(reasons).join('; ')}`;
}

/** Replaces, in one model's metrics, the figures of every attack in `reasons` (attack → reason). */
export function withNotApplicable(m: ModelMetrics, reasons: Readonly<Record<string, string>>): ModelMetrics {
  const reasonOf = (name: string): string | undefined => reasons[name];
  const perCondition = <T extends { condition: string }>(list: T[]): T[] =>
    list.map((e) => {
      const reason = reasonOf(e.condition);
      return reason === undefined ? e : figuresNotApplicable(e, reason);
    });
  const out: ModelMetrics = {
    ...m,
    robustness: perCondition(m.robustness),
    ledger: m.ledger.map((e) => {
      const reason = reasonOf(e.family);
      return reason === undefined ? e : figuresNotApplicable(e, reason);
    }),
    union: m.union.map((u) => {
      const families = u.families.filter((f) => reasonOf(f) === undefined);
      return families.length > 0 || u.families.length === 0
        ? { ...u, families }
        : { ...figuresNotApplicable(u, noneReaches(m.model, reasons)), families };
    }),
    protected_transitions: m.protected_transitions.map((p) => {
      const byFamily = p.by_family.filter((f) => reasonOf(f.family) === undefined);
      return byFamily.length > 0 || p.by_family.length === 0
        ? { ...p, by_family: byFamily }
        : {
            ...p,
            by_family: byFamily,
            protected_transitions: notApplicable(noneReaches(m.model, reasons))
          };
    }),
    abstention: m.abstention && perCondition(m.abstention)
  };
  if (m.accounting) out.accounting = perCondition(m.accounting);
  if (m.repeat) out.repeat = { ...m.repeat, agreement: perCondition(m.repeat.agreement) };
  // Without exact there is nothing to grade against; otherwise only the inapplicable attacks' grades go.
  const exactReason = EXACT_ATTACK === undefined ? undefined : reasonOf(EXACT_ATTACK);
  if (m.exact_certificate && exactReason !== undefined)
    out.exact_certificate = figuresNotApplicable(m.exact_certificate, exactReason);
  if (m.attack_strength)
    out.attack_strength = m.attack_strength.map((s) => {
      const reason = exactReason ?? reasonOf(s.attack);
      return reason === undefined ? s : { attack: s.attack, strength: notApplicable(reason) };
    });
  return out;
}
