/**
 * comparison.json of the comparison fixture against an independent recomputation from the two
 * evidence files (scripts/golden/comparison.py: pairing, fixed/broken ids, Δ as an exact fraction,
 * the count-based bootstrap port, McNemar's p from scipy.stats.binomtest). Counts, ids and
 * interval bounds must be identical; p-values agree within 1e-12 (relative).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/engine.js';
import { REPO_ROOT } from '../helpers.js';
import { compareRepo } from './fixture.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const golden = JSON.parse(readFileSync(join(REPO_ROOT, '__tests__/golden/comparison.json'), 'utf8')) as {
  evidence: { base: string; head: string };
  comparison: { [key: string]: Json };
};
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function compare(expected: Json, actual: Json | undefined, path: string, out: string[]): number {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push(`${path}: length ${Array.isArray(actual) ? actual.length : 'none'}, expected ${expected.length}`);
      return 0;
    }
    return expected.reduce<number>((n, e, i) => n + compare(e, actual[i], `${path}[${i}]`, out), 0);
  }
  if (expected !== null && typeof expected === 'object') {
    let n = 0;
    for (const [k, e] of Object.entries(expected))
      n += compare(e, (actual as { [key: string]: Json } | undefined)?.[k], `${path}.${k}`, out);
    return n;
  }
  if (/mcnemar_p\.value$/.test(path) && typeof expected === 'number' && typeof actual === 'number') {
    if (!(Math.abs(actual - expected) <= 1e-12 * Math.max(expected, 1e-300)))
      out.push(`${path}: ${actual}, expected ${expected}`);
  } else if (actual !== expected) out.push(`${path}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  return 1;
}

test('every figure of comparison.json equals the independent recomputation from the two evidence files', async () => {
  const root = compareRepo();
  await run({ root, configPath: 'compare/base.yml', outputDir: 'base' });
  await run({ root, configPath: 'compare/head.yml', outputDir: 'head', baseline: { dir: join(root, 'base') } });
  const regenerate = `regenerate: node dist/cli/index.js run … (see the test) then /usr/bin/python3 scripts/golden/comparison.py --base ${join(root, 'base')} --head ${join(root, 'head')}`;
  expect({ base: sha(join(root, 'base/evidence.jsonl')), head: sha(join(root, 'head/evidence.jsonl')) }).toEqual(
    golden.evidence
  );
  const actual = JSON.parse(readFileSync(join(root, 'head/comparison.json'), 'utf8')) as Json;
  const mismatches: string[] = [];
  const leaves = compare(golden.comparison, actual, 'comparison', mismatches);
  expect(mismatches.slice(0, 20)).toEqual([]);
  expect(leaves).toBeGreaterThan(1000);
  expect(regenerate).toContain('comparison.py');
}, 60_000);
