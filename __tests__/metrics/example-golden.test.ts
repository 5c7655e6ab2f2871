/**
 * metrics.json of the bundled academic-intent example against an independent recomputation
 * from its evidence.jsonl alone (SPEC §7, §8, §14): __tests__/golden/example-metrics.json,
 * written by scripts/golden/example_metrics.py with scikit-learn, scipy, numpy and a Python
 * port of the bootstrap PRNG.
 *
 * The golden mirrors metrics.json leaf by leaf (all but the prose `reason` strings). Counts,
 * statuses, labels, ids, ratios of two counts (one IEEE division either way) and bootstrap
 * bounds (same draws, same float operations) must be bit-identical. Figures that are sums or
 * means of floats, logarithms, or differences of rates (macro-F1, AURC and its risk curve,
 * ECE and bin means, PSI, JSD, generalization gap) are stored by the script as their exact
 * value rounded once, and must agree within 1e-12 (absolute up to 1, relative above).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { EXAMPLE_CONFIG, exampleRepo, REPO_ROOT } from '../helpers.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Golden {
  generator: string;
  evidence: { sha256: string; rows: number };
  config: { path: string; sha256: string };
  figures: number;
  metrics: { [key: string]: Json };
}

const GOLDEN_PATH = '__tests__/golden/example-metrics.json';
const golden = JSON.parse(readFileSync(join(REPO_ROOT, GOLDEN_PATH), 'utf8')) as Golden;
const TOLERANCE = 1e-12;

/** Leaves compared within TOLERANCE; every other leaf must be identical. */
const TOLERANT = [
  /(^|\.)(macro_f1|generalization_gap_pp|aurc|ece|length_psi|language_jsd|label_jsd)\.value$/,
  /\.curve\[\d+\]\.risk$/,
  /\.mean_probability$/
];

interface Mismatch {
  path: string;
  expected: Json | undefined;
  actual: Json | undefined;
}

function isObject(x: Json | undefined): x is { [key: string]: Json } {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Walks the golden; every leaf it holds must be at the same path in `actual`. Returns the leaf count. */
function compare(expected: Json, actual: Json | undefined, path: string, out: Mismatch[]): number {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push({
        path: `${path} (array of ${expected.length})`,
        expected: expected.length,
        actual: Array.isArray(actual) ? actual.length : (actual ?? null)
      });
      return 0;
    }
    return expected.reduce<number>((n, e, i) => n + compare(e, actual[i], `${path}[${i}]`, out), 0);
  }
  if (isObject(expected)) {
    if (!isObject(actual)) {
      out.push({ path, expected: '(object)', actual: actual ?? null });
      return 0;
    }
    let n = 0;
    for (const [key, e] of Object.entries(expected)) {
      const p = path === '' ? key : `${path}.${key}`;
      if (!(key in actual)) out.push({ path: p, expected: e, actual: undefined });
      else n += compare(e, actual[key], p, out);
    }
    return n;
  }
  if (typeof expected === 'number' && typeof actual === 'number' && TOLERANT.some((re) => re.test(path))) {
    if (!(Math.abs(actual - expected) <= TOLERANCE * Math.max(1, Math.abs(expected))))
      out.push({ path, expected, actual });
  } else if (actual !== expected) {
    out.push({ path, expected, actual: actual ?? null });
  }
  return 1;
}

/** Paths of the leaves of `actual` that the golden does not hold (prose `reason` strings aside). */
function uncovered(actual: Json, expected: Json | undefined, path: string, out: string[]): void {
  if (Array.isArray(actual)) {
    actual.forEach((a, i) => uncovered(a, Array.isArray(expected) ? expected[i] : undefined, `${path}[${i}]`, out));
  } else if (isObject(actual)) {
    for (const [key, a] of Object.entries(actual)) {
      if (key === 'reason') continue;
      const p = path === '' ? key : `${path}.${key}`;
      if (!isObject(expected) || !(key in expected)) out.push(p);
      else uncovered(a, expected[key], p, out);
    }
  } else if (expected === undefined) {
    out.push(path);
  }
}

describe('metrics.json of the bundled example against the scikit-learn / scipy golden', () => {
  const root = exampleRepo();
  const out = 'golden-out';
  const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  let evidenceSha = '';
  let configSha = '';
  let metrics: Json = null;
  const same = () => evidenceSha === golden.evidence.sha256 && configSha === golden.config.sha256;

  beforeAll(async () => {
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: out });
    evidenceSha = sha256(join(root, out, 'evidence.jsonl'));
    configSha = sha256(join(root, EXAMPLE_CONFIG));
    metrics = JSON.parse(readFileSync(join(root, out, 'metrics.json'), 'utf8')) as Json;
  });

  afterAll(() => {
    // Kept when the inputs changed, so the golden can be regenerated from them.
    if (same()) rmSync(root, { recursive: true, force: true });
  });

  const inputsChanged = () =>
    [
      `The bundled example changed since ${GOLDEN_PATH} was computed:`,
      `  evidence.jsonl sha256 ${evidenceSha} (golden: ${golden.evidence.sha256})`,
      `  ${EXAMPLE_CONFIG} sha256 ${configSha} (golden: ${golden.config.sha256})`,
      'If the change is intended, regenerate the golden from the new run (kept for you) and review its diff:',
      `  /usr/bin/python3 scripts/golden/example_metrics.py --evidence ${join(root, out, 'evidence.jsonl')} --root ${root}`,
      `(or see the steps at the top of ${golden.generator}).`
    ].join('\n');

  test('the evidence and the config are the ones the golden was computed from', () => {
    if (!same()) throw new Error(inputsChanged());
  });

  test('every golden figure equals metrics.json: counts and intervals exactly, float sums and logs within 1e-12', () => {
    if (!same()) throw new Error(inputsChanged());
    const mismatches: Mismatch[] = [];
    const compared = compare(golden.metrics, metrics, '', mismatches);
    expect(mismatches).toEqual([]);
    expect(compared).toBe(golden.figures);
  });

  test('the golden covers every figure of metrics.json', () => {
    if (!same()) throw new Error(inputsChanged());
    const missing: string[] = [];
    uncovered(metrics, golden.metrics, '', missing);
    expect(missing).toEqual([]);
  });
});
