/** Condition names in SPEC §6 order (text) and SPEC §13 order (tabular); `clean` is the reference. */
export const TEXT_CONDITIONS = ['clean', 'format', 'transpose', 'dictionary', 'append', 'truncate'] as const;
export const CONDITIONS = [...TEXT_CONDITIONS, 'noise', 'fgm'] as const;
/** The tabular families (SPEC §13), in order. */
export const TABULAR_FAMILIES = ['noise', 'fgm'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const FAMILIES = ['format', 'transpose', 'dictionary', 'append', 'truncate'] as const;
export type Family = (typeof FAMILIES)[number] | 'noise' | 'fgm';

/** Text families whose edits keep the label by design; `truncate` is destructive (SPEC §6.5). */
export const NON_DESTRUCTIVE_FAMILIES = ['format', 'transpose', 'dictionary', 'append'] as const;
export type NonDestructiveFamily = (typeof NON_DESTRUCTIVE_FAMILIES)[number] | 'fgm';

/**
 * Conditions that carry ledger masks and are judged as attacks: the text families above and
 * tabular FGM. Tabular `noise` is a corruption baseline, reported but never an attack.
 */
export const ATTACK_FAMILIES = [...NON_DESTRUCTIVE_FAMILIES, 'fgm'] as const;
export type AttackFamily = (typeof ATTACK_FAMILIES)[number];

export function isAttackFamily(condition: string): condition is AttackFamily {
  return (ATTACK_FAMILIES as readonly string[]).includes(condition);
}
