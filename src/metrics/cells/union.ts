/**
 * Per scope, across the attack families, by example id: the union ledger and the protected transitions (ledger.ts).
 * Empty without attack families.
 */
import type { NonDestructiveFamily } from '../../config/families.js';
import {
  addTransitionClean,
  addTransitionOutcome,
  addUnionOutcome,
  emptyTransitionCounts,
  emptyUnionCounts,
  protectedTransitionsOf,
  transitionOutcome,
  unionLedgerOf,
  unionOutcome,
  type TransitionCounts,
  type UnionCounts
} from '../ledger.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';

export const unionCell: CellKind = {
  fields: ['union'],
  make(context): MetricCell {
    const { facts, scopes, families } = context;
    const counts = perScope(context, () => emptyUnionCounts(families as NonDestructiveFamily[]));
    return {
      add(x) {
        if (families.length === 0) return;
        const outcome = unionOutcome(x.familyRows, x.clean, facts.objective, facts.transitions);
        for (const s of x.scopes) addUnionOutcome(counts[s] as UnionCounts, x.id, outcome);
      },
      finish() {
        return {
          union:
            families.length === 0
              ? []
              : scopes.map((scope, s) => ({ scope, ...unionLedgerOf(counts[s] as UnionCounts) }))
        };
      }
    };
  }
};

export const transitionsCell: CellKind = {
  fields: ['protected_transitions'],
  make(context): MetricCell {
    const { facts, scopes, families } = context;
    const counts = perScope(context, () =>
      emptyTransitionCounts(families as NonDestructiveFamily[], facts.transitions)
    );
    return {
      add(x) {
        if (families.length === 0) return;
        const moved = transitionOutcome(x.familyRows, x.clean, facts.transitions);
        for (const s of x.scopes) {
          addTransitionOutcome(counts[s] as TransitionCounts, x.id, moved);
          addTransitionClean(counts[s] as TransitionCounts, x.clean);
        }
      },
      finish() {
        return {
          protected_transitions:
            families.length === 0
              ? []
              : scopes.map((scope, s) => ({ scope, ...protectedTransitionsOf(counts[s] as TransitionCounts) }))
        };
      }
    };
  }
};
