/**
 * The attack families, listed once. The order of each list is the order of the conditions in
 * the evidence, the metrics and every report (clean first, then these). The config schema and
 * its generated validator, the loader, the evaluator and the metrics read these lists; adding a
 * family is its descriptor (see descriptor.ts) plus one line here.
 */
import { BOUNDARY } from '../tabular/boundary.js';
import { EXACT } from '../tabular/exact.js';
import { FGM } from '../tabular/fgm.js';
import { NOISE } from '../tabular/noise.js';
import { PGD } from '../tabular/pgd.js';
import { SQUARE } from '../tabular/square.js';
import { APPEND } from './append.js';
import { EXACT_TEXT } from './exact/descriptor.js';
import type {
  BuiltFamily,
  DictionarySummary,
  FamilyDescriptor,
  TabularAttackDescriptor,
  TextFamilyDescriptor
} from './descriptor.js';
import { DICTIONARY } from './dictionary.js';
import type { FamilyRunner } from './family.js';
import { FORMAT } from './format.js';
import { SEARCH } from './search/descriptor.js';
import type { FamilyOptions } from './outcome.js';
import { TRANSPOSE } from './transpose.js';
import { TYPO } from './typo.js';
import { TRUNCATE } from './truncate.js';

export type { FamilyOptions } from './outcome.js';
export type { DictionarySummary } from './descriptor.js';

/** Text families (task: text), in evidence order. */
export const TEXT_FAMILIES = [FORMAT, TRANSPOSE, TYPO, DICTIONARY, APPEND, TRUNCATE, SEARCH, EXACT_TEXT] as const;

/** Tabular attacks (task: tabular), in evidence order. */
export const TABULAR_ATTACKS = [NOISE, FGM, PGD, SQUARE, BOUNDARY, EXACT] as const;

/** The lists every reader takes; tests pass a registry with a family of their own. */
export interface FamilyRegistry {
  text: readonly TextFamilyDescriptor[];
  tabular: readonly TabularAttackDescriptor[];
}

export const FAMILY_REGISTRY: FamilyRegistry = { text: TEXT_FAMILIES, tabular: TABULAR_ATTACKS };

type Descriptor = (typeof TEXT_FAMILIES)[number] | (typeof TABULAR_ATTACKS)[number];
export type TextFamilyName = (typeof TEXT_FAMILIES)[number]['name'];
export type TabularAttackName = (typeof TABULAR_ATTACKS)[number]['name'];
/** Families judged as attacks (ledger masks, per-family gate thresholds). */
export type AttackFamilyName = Extract<Descriptor, { attack: true }>['name'];

/** The configured families' parameters as the plan keeps them (what each descriptor's `read` returns). */
export type AttackPlan = { [D in Descriptor as D['name']]?: ReturnType<D['read']> };

/** Every family of a registry, text then tabular. */
export function allFamilies(registry: FamilyRegistry = FAMILY_REGISTRY): FamilyDescriptor[] {
  return [...registry.text, ...registry.tabular];
}

/** The families of one task, in evidence order. */
export function familiesOf(
  task: 'text' | 'tabular',
  registry: FamilyRegistry = FAMILY_REGISTRY
): readonly FamilyDescriptor[] {
  return task === 'tabular' ? registry.tabular : registry.text;
}

/** The tabular attacks a plan configures, in evidence order. */
export function configuredTabular(
  attacks: Readonly<Partial<Record<string, unknown>>>,
  registry: FamilyRegistry = FAMILY_REGISTRY
): TabularAttackDescriptor[] {
  return registry.tabular.filter((d) => attacks[d.name] !== undefined);
}

interface BuiltFamilies {
  runners: FamilyRunner[];
  /** Dictionary files read (for the manifest). */
  dictionaries: DictionarySummary[];
}

/** One runner per configured text family, in registry order; throws ConfigError for a bad dictionary file. */
export function buildFamilies(
  attacks: Readonly<Partial<Record<string, unknown>>>,
  options: FamilyOptions,
  families: readonly TextFamilyDescriptor[] = TEXT_FAMILIES
): BuiltFamilies {
  const built: BuiltFamily[] = [];
  for (const family of families) {
    const params = attacks[family.name];
    if (params !== undefined) built.push(family.build(params, options));
  }
  // The search may read the dictionary family's file: the manifest lists each file once.
  const dictionaries = new Map<string, DictionarySummary>();
  for (const b of built)
    if (b.dictionary && !dictionaries.has(b.dictionary.path)) dictionaries.set(b.dictionary.path, b.dictionary);
  return { runners: built.map((b) => b.runner), dictionaries: [...dictionaries.values()] };
}
