/**
 * The names a row's `condition` takes (docs/definitions.md#ledger): `clean` or a family, text or
 * tabular. The family registry (src/perturb/registry.ts) lists the names; src/config/families.ts
 * holds them in order and answers what each family is.
 */
import type { TabularAttackName, TextFamilyName } from '../perturb/registry.js';

export type Family = TextFamilyName | TabularAttackName;
export type Condition = 'clean' | Family;
