/**
 * The building blocks of the config's JSON Schema and the type each one describes. Schema
 * fragments are written `as const` (or through `closed`), so `FromSchema` turns a fragment into
 * the TypeScript type of the YAML it accepts: the loader's `RawConfig` and every family's raw
 * config follow from the schema instead of being typed a second time by hand.
 *
 * This module imports nothing from the registries, so family and model descriptors can use it
 * while the full schema (schema.ts) is assembled from their list.
 */
import { PRINTABLE_PATTERN } from '../util/visible.js';

export type Schema = { readonly [key: string]: unknown };

export const rate = { type: 'number', minimum: 0, maximum: 1 } as const;
export const count = { type: 'integer', minimum: 0 } as const;
export const pp = { type: 'number', minimum: -100, maximum: 100 } as const;
export const nonEmpty = { type: 'string', minLength: 1 } as const;
// Names that end up in messages, file names and reports (labels, columns, features, model
// names, ids) and paths must show as what they are: PRINTABLE_PATTERN refuses control, bidi
// and invisible characters in them (validate.ts words that error).
export const name = { type: 'string', minLength: 1, pattern: PRINTABLE_PATTERN } as const;
export const path = { type: 'string', minLength: 1, pattern: PRINTABLE_PATTERN } as const;

/** A mapping with exactly these keys (`additionalProperties: false`), so a misspelt key is an error. */
export function closed<const P extends Record<string, Schema>, const R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required: R = [] as unknown as R
): { type: 'object'; properties: P; required: R; additionalProperties: false } {
  return { type: 'object', properties, required, additionalProperties: false };
}

type Primitive<T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'object'
          ? Record<string, unknown>
          : T extends 'array'
            ? unknown[]
            : unknown;

type Flat<T> = { [K in keyof T]: T[K] } & {};

type ObjectOf<P, R> = Flat<
  { -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]>;
  }
>;

/**
 * The type of the values a schema fragment accepts, for the keywords this project's schema uses:
 * `const`, `enum`, `type` (one or a list), `properties` with `required`, `additionalProperties`
 * (a schema) and `items`.
 */
export type FromSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { type: 'object'; properties: infer P }
      ? ObjectOf<P, S extends { required: readonly (infer R)[] } ? R : never>
      : S extends { type: 'object'; additionalProperties: infer A }
        ? A extends Schema
          ? Record<string, FromSchema<A>>
          : Record<string, unknown>
        : S extends { type: 'array'; items: infer I }
          ? FromSchema<I>[]
          : S extends { type: readonly (infer T)[] }
            ? Primitive<T>
            : S extends { type: infer T }
              ? Primitive<T>
              : unknown;
