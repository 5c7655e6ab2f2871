/** Condition names in SPEC §6 order; `clean` is the reference, the rest are perturbation families. */
export const CONDITIONS = ['clean', 'format', 'transpose', 'dictionary', 'append', 'truncate'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const FAMILIES = ['format', 'transpose', 'dictionary', 'append', 'truncate'] as const;
export type Family = (typeof FAMILIES)[number];

/** Families whose edits keep the label by design; `truncate` is destructive (SPEC §6.5). */
export const NON_DESTRUCTIVE_FAMILIES = ['format', 'transpose', 'dictionary', 'append'] as const;
export type NonDestructiveFamily = (typeof NON_DESTRUCTIVE_FAMILIES)[number];
