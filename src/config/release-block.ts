/** The `release:` block of the config (docs/explain-and-release.md), read into the plan. */
import { hasHidden, quoted } from '../util/visible.js';
import type { ReleaseField, ReleasePlan } from './plan.js';
import type { RawConfig } from './schema.js';
import type { ConfigSource, KeyPath } from './source.js';
import { configError } from './validate.js';

/** Entries a list of the release record may hold; a longer list is a document, not a record. */
const MAX_RELEASE_ITEMS = 50;

/**
 * The `release:` block (schema-checked: closed keys, `owner` required, lengths bounded). Prose may
 * span lines, but every value must show some text and hide nothing: blank text and bidi or
 * invisible characters are refused here, naming the key.
 */
export function releasePlan(raw: RawConfig, source: ConfigSource): ReleasePlan | null {
  const r = raw.release;
  if (r === undefined) return null;
  const at = (key: string, i?: number): KeyPath => (i === undefined ? ['release', key] : ['release', key, i]);
  const checkText = (value: string, path: KeyPath) => {
    if (!/\S/u.test(value))
      throw configError(source, path, `expected text with at least one visible character, found ${quoted(value)}`);
    // Line breaks and tabs are how YAML block scalars write prose; any other hidden character is refused.
    if (hasHidden(value.replace(/[\t\n\r]/g, ' ')))
      throw configError(
        source,
        path,
        `expected text without control, bidi or invisible characters (line breaks and tabs are allowed), found ` +
          `${quoted(value)}`
      );
  };
  const one = (key: ReleaseField): string | null => {
    const v = r[key as keyof typeof r];
    if (v === undefined) return null;
    checkText(v as string, at(key));
    return v as string;
  };
  const list = (key: ReleaseField): string[] | null => {
    const v = r[key as keyof typeof r] as string[] | undefined;
    if (v === undefined) return null;
    if (v.length > MAX_RELEASE_ITEMS)
      throw configError(source, at(key), `expected at most ${MAX_RELEASE_ITEMS} entries, found ${v.length}`);
    v.forEach((item, i) => checkText(item, at(key, i)));
    return [...v];
  };
  return {
    owner: one('owner') as string,
    reviewer: one('reviewer'),
    intended_use: one('intended_use'),
    out_of_scope_uses: list('out_of_scope_uses'),
    known_limitations: list('known_limitations'),
    mitigations: list('mitigations'),
    authorization: one('authorization'),
    config_line: source.keyLineOf(['release'])
  };
}
