/**
 * Whether a manifest's recorded gate is the one its recorded config declares. The gate a verdict
 * was judged against is taken from the manifest by `verify` and `merge`; since a manifest can be
 * edited, it also carries the config's text, whose SHA-256 must be the recorded config digest and
 * whose gate, read again, must equal the recorded one (docs/security.md, "Reading an output folder").
 * Forging all three consistently changes `config.sha256`, which `verify --rerun` compares with
 * the repository's config.
 */
import { gatePlanOfText } from '../config/load.js';
import { UserError } from '../errors.js';
import { sha256Hex } from '../util/hash.js';
import { jsonDifferences } from '../util/json-diff.js';
import { stableJson } from '../util/json.js';
import { gatePlanRecord, type ManifestHead } from './manifest.js';

type RecordedGateCheck = { ok: true } | { ok: false; noText: boolean; problem: string };

export function checkRecordedGate(m: Pick<ManifestHead, 'config' | 'gate'>): RecordedGateCheck {
  const text = m.config.text;
  if (text === undefined)
    return {
      ok: false,
      noText: true,
      problem:
        'config.text: absent; the gate cannot be checked against the config that declared it (written before ' +
        'manifests recorded the config text)'
    };
  const actual = sha256Hex(Buffer.from(text, 'utf8'));
  if (actual !== m.config.sha256)
    return {
      ok: false,
      noText: false,
      problem:
        `config.text: SHA-256 ${actual}, but config.sha256 records ${m.config.sha256} (the recorded config was ` +
        `changed)`
    };
  let derived;
  try {
    derived = gatePlanRecord(gatePlanOfText(m.config.path, text));
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return {
      ok: false,
      noText: false,
      problem: `config.text: not a config this build reads (${error.message.split('\n')[0]})`
    };
  }
  if (stableJson(derived) === stableJson(m.gate.plan)) return { ok: true };
  const diffs: string[] = [];
  jsonDifferences(m.gate.plan as never, derived as never, 'gate.plan', diffs, 3);
  return {
    ok: false,
    noText: false,
    problem:
      `gate.plan differs from the gate its recorded config declares (` +
      `${diffs.join('; ').replace(/recomputed/g, 'the config gives')})`
  };
}
