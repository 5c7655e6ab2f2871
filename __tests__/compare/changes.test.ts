/**
 * What a pull request changed (docs/gate.md), end to end on the bundled example: compared with
 * itself every failing check is known; a variant that changes only the hybrid model's word weight
 * changes exactly the checks whose status or value differs, recounted here from the two
 * checks.json files; `block_on: new` blocks on exactly the new, worse and comparison checks; the
 * comparison section stays short and hides nothing that differs; verify re-derives it all.
 */
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commentBody } from '../../src/action/comment.js';
import { main } from '../../src/cli/main.js';
import type { Comparison } from '../../src/compare/comparison.js';
import { run, verify } from '../../src/engine.js';
import { EXAMPLE_CONFIG, smallExampleRepo } from '../helpers.js';

interface StoredCheck {
  id: string;
  check: string;
  status: string;
  value: number | null;
  numerator: number | null;
  denominator: number | null;
  direction: 'min' | 'max';
  threshold: number;
  judged: boolean;
  baseline_status?: string;
  change?: string;
  change_note?: string;
}
interface StoredGate {
  verdict: string;
  failing: string[];
  checks: StoredCheck[];
  block_on?: string;
  changes?: Record<string, number>;
}

const COMPARISON = new Set(['regression', 'new_protected_transitions']);
const gateOf = (root: string, out: string) =>
  JSON.parse(readFileSync(join(root, out, 'checks.json'), 'utf8')) as StoredGate;
const failing = (c: Pick<StoredCheck, 'status'>) => c.status === 'fail' || c.status === 'not_evaluated';

/** Writes a copy of the example config with `edit` applied and returns its path inside the repository. */
function variant(root: string, name: string, edit: (text: string) => string): string {
  const path = `examples/academic-intent/${name}.yml`;
  const text = readFileSync(join(root, EXAMPLE_CONFIG), 'utf8');
  const edited = edit(text);
  if (edited === text) throw new Error(`the edit for ${name} changed nothing`);
  writeFileSync(join(root, path), edited);
  return path;
}
const blockOnNew = (t: string) => t.replace('gate:\n', 'gate:\n  block_on: new\n');
const hybridWeight = (t: string) => t.replace('{ hybrid: { word_weight: 0.5 } }', '{ hybrid: { word_weight: 0.6 } }');

/** Exact "further past the threshold" from stored counts: cross-multiplied, independently of src/. */
function exactlyWorse(head: StoredCheck, base: StoredCheck): boolean {
  let sign: number;
  const scale = head.check === 'accuracy_drop' || head.check === 'regression' ? 100n : 1n;
  if (
    head.numerator !== null &&
    base.numerator !== null &&
    head.denominator &&
    base.denominator &&
    head.value !== head.numerator
  ) {
    const a = scale * BigInt(head.numerator) * BigInt(base.denominator);
    const b = scale * BigInt(base.numerator) * BigInt(head.denominator);
    sign = a > b ? 1 : a < b ? -1 : 0;
  } else sign = Math.sign((head.value as number) - (base.value as number));
  return (head.direction === 'max' ? sign : -sign) > 0;
}

/** The change of each check, recounted from the two checks.json files. */
function recount(head: StoredGate, base: StoredGate): Map<string, string> {
  const before = new Map(base.checks.map((c) => [c.id, c]));
  return new Map(
    head.checks.map((c) => {
      const b = before.get(c.id);
      const now = failing(c);
      const then = b !== undefined && failing(b);
      const change =
        now && !then
          ? 'new_failure'
          : !now && then
            ? 'fixed'
            : !now
              ? 'unchanged'
              : b && c.status === 'fail' && b.status === 'fail' && exactlyWorse(c, b)
                ? 'worse'
                : 'known';
      return [c.id, change];
    })
  );
}

/** The lines of summary.md's "Compared with base" section. */
function compareSection(summary: string): string[] {
  const lines = summary.split('\n');
  const start = lines.indexOf('## Compared with base');
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start, end);
}
const tableRows = (lines: readonly string[]) => lines.filter((l) => l.startsWith('| ') && !l.startsWith('| model |'));

/**
 * The bundled example, run once into `base` for the file: both groups compare with it, in its repository (each
 * writes its variants and outputs under its own names).
 */
let shared: Promise<string> | undefined;
const exampleWithBase = () =>
  (shared ??= (async () => {
    const root = smallExampleRepo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'base' });
    return root;
  })());

describe('the bundled example compared with itself', () => {
  let root: string;
  let newConfig = '';
  beforeAll(async () => {
    root = await exampleWithBase();
    newConfig = variant(root, 'block-on-new', blockOnNew);
  });

  test('every failing check is known; with block_on: all the gate fails as it does today', async () => {
    const r = await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'self', baseline: { dir: join(root, 'base') } });
    const base = gateOf(root, 'base');
    const head = gateOf(root, 'self');
    expect(r.verdict).toBe('fail');
    expect(head.failing).toEqual(base.failing);
    expect(head.failing).toHaveLength(25);
    const failed = head.checks.filter(failing);
    expect(failed).toHaveLength(25);
    expect(failed.every((c) => c.change === 'known' && c.baseline_status === c.status)).toBe(true);
    expect(head.checks.filter((c) => !failing(c)).every((c) => c.change === 'unchanged')).toBe(true);
    expect(head.changes).toEqual({ new_failure: 0, worse: 0, known: 25, fixed: 0, unchanged: head.checks.length - 25 });
    expect(head.block_on).toBe('all');
    expect(r.summary).toContain(
      '**What this pull request changed:** no check newly failing, worse or fixed; 25 failing on the base branch as well.'
    );
  });

  test('with block_on: new the gate passes (exit 0) and reports the 25 known failures', async () => {
    let stdout = '';
    const code = await main(['run', '--config', newConfig, '--baseline', 'base', '--out', 'self-new'], {
      stdout: (t) => (stdout += t),
      stderr: () => {},
      cwd: root
    });
    expect(code).toBe(0);
    const head = gateOf(root, 'self-new');
    expect(head).toMatchObject({ verdict: 'pass', failing: [], block_on: 'new' });
    expect(head.checks.filter((c) => c.status === 'fail' && c.change === 'known')).toHaveLength(25);
    const summary = readFileSync(join(root, 'self-new', 'summary.md'), 'utf8');
    expect(summary).toContain(
      '**No judged check is newly failing or worse.** 25 known failures (failing on the base branch as well) do not block: `gate.block_on` is `new`.'
    );
    // The failing table still lists all 25, each marked as known and not blocking.
    expect(summary.split('\n').filter((l) => l.includes(' | known (does not block) | **fail** |'))).toHaveLength(25);
    expect(readFileSync(join(root, 'self-new', 'report.html'), 'utf8')).toContain(
      '25 known failures (failing on the base branch as well) do not block'
    );
    // The terminal's short summary says the same.
    expect(stdout.replace(/;\n +/g, '; ')).toContain(
      'What this pull request changed: no check newly failing, worse or fixed; 25 failing on the base branch as well.'
    );
    expect(stdout).toContain(
      'No judged check is newly failing or worse. 25 known failures (failing on the base branch as well) do not block: gate.block_on is new.'
    );
    expect(stdout).toContain('The first 10 (new, then worse, then known) of 25 failing and not-evaluated checks:');
  });

  test('without a baseline checks.json has no change fields, and block_on: new blocks as all, saying why', async () => {
    const text = readFileSync(join(root, 'base', 'checks.json'), 'utf8');
    expect(text).not.toMatch(/"(change|baseline_status|change_note|block_on|changes)"/);
    const r = await run({ root, configPath: newConfig, outputDir: 'new-alone' });
    expect(r.gate?.failing).toEqual(gateOf(root, 'base').failing);
    expect(r.summary).toContain(
      '`gate.block_on` is `new`, but with no baseline (no baseline was given) new failures cannot be told from known ones: every failing check blocks, as with `all`.'
    );
    expect(r.summary).not.toContain('What this pull request changed');
  });
});

describe('the hybrid weight variant against the example', () => {
  let root: string;
  let head: StoredGate;
  let base: StoredGate;
  beforeAll(async () => {
    root = await exampleWithBase();
    await run({
      root,
      configPath: variant(root, 'hybrid-0.6', (t) => blockOnNew(hybridWeight(t))),
      outputDir: 'head',
      baseline: { dir: join(root, 'base'), shown: 'base' }
    });
    head = gateOf(root, 'head');
    base = gateOf(root, 'base');
  });

  test('the changed checks are exactly those whose status or value differs, recounted from the two checks.json files', () => {
    const expected = recount(head, base);
    const before = new Map(base.checks.map((c) => [c.id, c]));
    for (const c of head.checks) {
      expect([c.id, c.change]).toEqual([c.id, expected.get(c.id)]);
      expect([c.id, c.baseline_status]).toEqual([c.id, before.get(c.id)?.status ?? 'absent']);
      const b = before.get(c.id);
      const differs = b === undefined || b.status !== c.status || b.value !== c.value;
      // new, worse and fixed need a difference; a check that did not move is known or unchanged.
      if (!differs) expect([c.id, c.change]).toEqual([c.id, failing(c) ? 'known' : 'unchanged']);
      if (c.change === 'new_failure' || c.change === 'worse' || c.change === 'fixed')
        expect([c.id, differs]).toEqual([c.id, true]);
    }
    const changed = head.checks.filter(
      (c) => c.change === 'new_failure' || c.change === 'worse' || c.change === 'fixed'
    );
    expect(changed.length).toBeGreaterThan(0);
    // Only the hybrid model changed.
    expect(changed.every((c) => c.id.includes('/hybrid'))).toBe(true);
    const counts = { new_failure: 0, worse: 0, known: 0, fixed: 0, unchanged: 0 } as Record<string, number>;
    for (const v of expected.values()) counts[v] = (counts[v] as number) + 1;
    expect(head.changes).toEqual(counts);
  });

  test('with block_on: new the blocking checks are exactly the new, worse and comparison ones', () => {
    const expected = head.checks
      .filter(
        (c) => c.judged && failing(c) && (c.change === 'new_failure' || c.change === 'worse' || COMPARISON.has(c.check))
      )
      .map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(head.failing).toEqual(expected);
    expect(head.verdict).toBe('fail');
    const known = head.checks.filter((c) => c.change === 'known' && failing(c));
    expect(known.length).toBeGreaterThan(0);
    expect(known.every((c) => !head.failing.includes(c.id))).toBe(true);
  });

  test('the summary opens with what changed and lists new, then worse, then known failures', () => {
    const summary = readFileSync(join(root, 'head', 'summary.md'), 'utf8');
    const c = head.changes as Record<string, number>;
    const lines = summary.split('\n');
    expect(lines[3]).toBe(
      `**What this pull request changed:** ${c.new_failure} checks newly failing, ${c.worse} worse; ${c.known} failing on the base branch as well.`
    );
    const order = lines
      .filter((l) => /^\| \S+ \| (new|worse|known)/.test(l))
      .map((l) => l.split(' | ')[1]?.split(' ')[0]);
    const rank = { new: 0, worse: 1, known: 2 } as Record<string, number>;
    expect(order).toHaveLength(head.checks.filter(failing).length);
    expect(order.map((w) => rank[w as string])).toEqual([...order.map((w) => rank[w as string])].sort());
  });

  test('the comparison section has at most 10 table rows and hides nothing that differs; the comment shows the same view', () => {
    const summary = readFileSync(join(root, 'head', 'summary.md'), 'utf8');
    const section = compareSection(summary);
    const rows = tableRows(section);
    expect(rows.length).toBeLessThanOrEqual(10);
    const comparison = JSON.parse(readFileSync(join(root, 'head', 'comparison.json'), 'utf8')) as Comparison;
    const text = section.join('\n');
    let differing = 0;
    for (const m of comparison.models) {
      const cells = m.cells.filter((x) => x.scope === 'all');
      for (const cell of cells) {
        const moved = (cell.fixed.value as number) + (cell.broken.value as number) > 0;
        const row = rows.find((r) => r.startsWith(`| ${m.model.replace(/-/g, '\\-')} | ${cell.condition} |`));
        if (moved) {
          differing++;
          expect(row).toBeDefined();
          expect(row?.split(' | ').slice(4, 6)).toEqual([String(cell.fixed.value), String(cell.broken.value)]);
        } else expect(row).toBeUndefined();
      }
      if (cells.every((x) => x.fixed.value === 0 && x.broken.value === 0))
        expect(text).toContain(`${m.model.replace(/-/g, '\\-')} (all ${cells.length} conditions)`);
      for (const id of m.new_protected_transition_ids) expect(text).toContain(`\`${id}\``);
    }
    expect(rows).toHaveLength(differing);
    expect(differing).toBeGreaterThan(0);

    const body = commentBody({
      marker: '<!-- m -->',
      verdict: 'fail',
      configPath: 'c.yml',
      jobIndex: '0',
      summary,
      runUrl: null,
      artifactUrl: '',
      manifestSha256: 'a'.repeat(64)
    });
    expect(body).toContain(summary.split('\n')[3] as string);
    expect(tableRows(body.split('\n'))).toEqual(rows);
  });

  test('the report marks each failing check with its change, new and worse first', () => {
    const html = readFileSync(join(root, 'head', 'report.html'), 'utf8');
    const c = head.changes as Record<string, number>;
    expect(html).toContain(
      `<strong>What this pull request changed:</strong> ${c.new_failure} checks newly failing, ${c.worse} worse; ${c.known} failing on the base branch as well.`
    );
    const marks = [
      ...html.matchAll(
        /<td class="wrap">(<strong class="status-fail">(new|worse)<\/strong>|(known) \(does not block\))<\/td>/g
      )
    ].map((m) => m[2] ?? m[3]);
    expect(marks).toEqual([
      ...Array(c.new_failure).fill('new'),
      ...Array(c.worse).fill('worse'),
      ...Array(c.known).fill('known')
    ]);
  });

  test('verify re-derives baseline_status and change with the baseline, and keeps the recorded ones without it', async () => {
    const withBaseline = await verify({ dir: 'head', cwd: root, root, baseline: 'base' });
    expect(withBaseline.differences).toEqual([]);
    const alone = await verify({ dir: 'head', cwd: root, root });
    expect(alone.differences).toEqual([]);
    expect(alone.notes.join('\n')).toContain('taken from the recorded checks.json');
  });

  test('verify without the baseline still flags a recorded change that its two statuses contradict', async () => {
    cpSync(join(root, 'head'), join(root, 'forged'), { recursive: true });
    const gate = gateOf(root, 'forged');
    const known = gate.checks.find((c) => c.change === 'known') as StoredCheck;
    known.change = 'fixed';
    const text = JSON.stringify(gate, null, 2) + '\n';
    writeFileSync(join(root, 'forged', 'checks.json'), text);
    const manifestPath = join(root, 'forged', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest.files['checks.json'] = {
      ...manifest.files['checks.json'],
      sha256: createHash('sha256').update(text).digest('hex'),
      bytes: Buffer.byteLength(text)
    };
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
    const result = await verify({ dir: 'forged', cwd: root, root });
    expect(
      result.differences.some(
        (d) => d.startsWith('checks.json: ') && d.includes('change') && d.includes('fixed') && d.includes('known')
      )
    ).toBe(true);
  });

  test('a threshold changed between base and head: compared by status alone, never worse, with a note', async () => {
    const config = variant(root, 'hybrid-gap', (t) =>
      hybridWeight(t).replace('gate:\n', 'gate:\n  max_generalization_gap_pp: 23\n')
    );
    const r = await run({ root, configPath: config, outputDir: 'gap', baseline: { dir: join(root, 'base') } });
    const gap = r.gate?.checks.find((c) => c.id === 'generalization_gap/hybrid');
    const worseUnderSameThreshold = head.checks.find((c) => c.id === 'generalization_gap/hybrid');
    expect(worseUnderSameThreshold?.change).toBe('worse');
    expect(gap).toMatchObject({
      status: 'fail',
      baseline_status: 'fail',
      change: 'known',
      change_note: 'threshold changed from ≤ 22 to ≤ 23: compared by status alone'
    });
    expect(r.summary).toContain('known (threshold changed from ≤ 22 to ≤ 23: compared by status alone)');
  });
});
