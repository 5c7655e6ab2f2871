/**
 * Condition and family names, derived from the family registry (src/perturb/registry.ts): the
 * order of each list is the order of the conditions in the evidence and every report, and
 * `clean` is the reference.
 */
import type { FamilyDescriptor, TabularAttackDescriptor } from '../perturb/descriptor.js';
import {
  allFamilies,
  FAMILY_REGISTRY,
  TABULAR_ATTACKS,
  TEXT_FAMILIES,
  type AttackFamilyName,
  type TabularAttackName,
  type TextFamilyName
} from '../perturb/registry.js';

/** The text families, in order. */
export const FAMILIES: readonly TextFamilyName[] = TEXT_FAMILIES.map((d) => d.name);
/** The tabular families, in order. */
export const TABULAR_FAMILIES: readonly TabularAttackName[] = TABULAR_ATTACKS.map((d) => d.name);

/**
 * Conditions that carry ledger masks and are judged as attacks: the label-preserving text
 * families and tabular FGM. Tabular `noise` (a corruption baseline) and `truncate`
 * (destructive) are reported but never attacks.
 */
export type AttackFamily = AttackFamilyName;
/** The families whose edits keep the label by design and are judged as attacks. */
export type NonDestructiveFamily = AttackFamily;

const ATTACKS: ReadonlySet<string> = new Set(
  [...FAMILY_REGISTRY.text, ...FAMILY_REGISTRY.tabular].filter((d) => d.attack).map((d) => d.name)
);
const DESTRUCTIVE: ReadonlySet<string> = new Set(
  [...FAMILY_REGISTRY.text, ...FAMILY_REGISTRY.tabular].filter((d) => d.destructive).map((d) => d.name)
);

export function isAttackFamily(condition: string): condition is AttackFamily {
  return ATTACKS.has(condition);
}

/** How a family looks for a failure (its descriptor's `strategy`; `fixed` when it makes one attempt per row). */
export type Strategy = 'fixed' | 'adaptive' | 'exact';
const STRATEGY: ReadonlyMap<string, Strategy> = new Map(allFamilies().map((d) => [d.name, d.strategy ?? 'fixed']));

export function strategyOf(condition: string): Strategy {
  return STRATEGY.get(condition) ?? 'fixed';
}

/** Whether a condition's edit can change the true class (its accuracy change is descriptive only). */
export function isDestructive(condition: string): boolean {
  return DESTRUCTIVE.has(condition);
}

const BY_NAME: ReadonlyMap<string, FamilyDescriptor> = new Map(allFamilies().map((d) => [`${d.task}:${d.name}`, d]));

/**
 * A condition's descriptor in a task, to read its capabilities (src/perturb/descriptor.ts); undefined for `clean`. Two
 * tasks may name a family alike (`exact` solves for the worst case of each), so the task is part of the name.
 */
export function familyNamed(condition: string, task: 'text' | 'tabular'): FamilyDescriptor | undefined {
  return BY_NAME.get(`${task}:${condition}`);
}

/** The tabular attack whose worked examples the accounting shows (its descriptor's `workedExamples`). */
export const WORKED_ATTACK: TabularAttackDescriptor | undefined = FAMILY_REGISTRY.tabular.find((d) => d.workedExamples);

/** The tabular corruption baseline: the tabular family that is not judged as an attack. */
export const TABULAR_BASELINE: TabularAttackDescriptor | undefined = FAMILY_REGISTRY.tabular.find((d) => !d.attack);

/** The reference of attack strength: the attack that solves for the worst case (strategy `exact`, docs/tabular.md). */
export const STRENGTH_REFERENCE: string | undefined = allFamilies().find((d) => d.strategy === 'exact')?.name;
