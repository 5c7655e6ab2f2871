/**
 * The release record end to end: copied into the manifest, shown in summary.md and report.html
 * beside the release checklists, re-derived byte for byte by merge and verify, and — with
 * gate.require_release_record — a failing check when it is missing or incomplete.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merge, run, verify } from '../../src/engine.js';
import type { Check } from '../../src/gate/check.js';
import type { Manifest } from '../../src/manifest/manifest.js';
import { tinyRepo } from '../helpers.js';

const FULL = [
  'release:',
  '  owner: "Research Methods Team"',
  '  reviewer: "Dr. A. Reviewer"',
  '  intended_use: "Flag sentences of abstracts by rhetorical intent for a human editor."',
  '  out_of_scope_uses: ["Grading students or authors", "Any decision without a human editor"]',
  '  known_limitations: ["Synthetic data only"]',
  '  mitigations: ["Low-confidence predictions go to review"]',
  '  authorization: "RELEASE-42"'
].join('\n');

/** Thresholds that let the tiny repository pass every other check, so the release check decides the verdict. */
const LENIENT =
  'gate: { allow_not_evaluated: true, min_challenge_examples: 1, min_language_examples: 0, min_challenge_accuracy: 0, min_language_accuracy: 0, max_generalization_gap_pp: 100, max_length_psi: 100, REQUIRE }';

function files(root: string, dir = 'out') {
  const read = (f: string) => readFileSync(join(root, dir, f), 'utf8');
  return {
    manifest: JSON.parse(read('manifest.json')) as Manifest,
    checks: (JSON.parse(read('checks.json')) as { checks: Check[] }).checks,
    summary: read('summary.md'),
    html: read('report.html')
  };
}

describe('a config with a release: block', () => {
  let root: string;
  beforeAll(async () => {
    root = tinyRepo({}, FULL);
    await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  });

  test('is copied into the manifest as declared', () => {
    expect(files(root).manifest.release).toEqual({
      owner: 'Research Methods Team',
      reviewer: 'Dr. A. Reviewer',
      intended_use: 'Flag sentences of abstracts by rhetorical intent for a human editor.',
      out_of_scope_uses: ['Grading students or authors', 'Any decision without a human editor'],
      known_limitations: ['Synthetic data only'],
      mitigations: ['Low-confidence predictions go to review'],
      authorization: 'RELEASE-42',
      config_line: 11
    });
  });

  test('shows in summary.md: the declared fields and each checklist item with its status', () => {
    const { summary } = files(root);
    expect(summary).toContain('## Release record');
    expect(summary).toContain(
      "Declared by **Research Methods Team** in the config's `release:` block (line 11), copied into manifest.json."
    );
    expect(summary).toContain(
      '| out-of-scope uses | `release.out_of_scope_uses` | 1\\. Grading students or authors; 2\\. Any decision without a human editor |'
    );
    expect(summary).toContain(
      '| release 5 | Mitigations tested against an adaptive evaluator, with their cost in clean quality, latency and review load | `release.mitigations` | declared by Research Methods Team |'
    );
    expect(summary).toContain(
      '| release 2 | Reference labels, models and preprocessing frozen | `manifest: data.label_digest, models[].digest, preprocessing` | recorded\\: label digest, 1 model digest, preprocessing of every model |'
    );
    // Not required: the release check is not applicable.
    expect(summary).toContain(
      '| release 6 | Reviewer and unresolved limitations recorded in the release decision | `release_record/*` | not applicable \\(1 check\\) |'
    );
    // Beside the automatic checklist, before the shift section.
    expect(summary.indexOf('## Release record')).toBeGreaterThan(summary.indexOf('## Release checklist (clean)'));
    expect(summary.indexOf('## Release record')).toBeLessThan(summary.indexOf('## Shift and data'));
  });

  test('shows in report.html, linked from the table of contents', () => {
    const { html } = files(root);
    expect(html).toContain('<a href="#release-record">Release record</a>');
    expect(html).toContain('<h2 id="release-record">Release record</h2>');
    expect(html).toContain('<ol><li>Grading students or authors</li><li>Any decision without a human editor</li></ol>');
    expect(html).toContain('<td>release 5</td>');
    expect(html).toContain('declared by Research Methods Team');
  });

  test('verify re-derives the same bytes from the manifest', async () => {
    const result = await verify({ dir: join(root, 'out'), cwd: root, root, rerun: false, baseline: null });
    expect(result.differences).toEqual([]);
  });

  test('a record changed in the manifest afterwards is found by verify (the reports are derived from it)', async () => {
    const copy = tinyRepo({}, FULL);
    await run({ root: copy, configPath: 'evidence-gate.yml', outputDir: 'out' });
    const path = join(copy, 'out', 'manifest.json');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace('"owner": "Research Methods Team"', '"owner": "Someone Else"')
    );
    const result = await verify({ dir: join(copy, 'out'), cwd: copy, root: copy, rerun: false, baseline: null });
    expect(result.differences.some((d) => d.startsWith('summary.md'))).toBe(true);
    expect(result.differences.some((d) => d.startsWith('report.html'))).toBe(true);
  });

  test('two shards merge into the same summary.md, checks.json and report.html', async () => {
    for (const k of [1, 2])
      await run({ root, configPath: 'evidence-gate.yml', outputDir: `s${k}`, shard: { index: k, count: 2 } });
    await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
    for (const f of ['summary.md', 'checks.json', 'report.html'])
      expect(readFileSync(join(root, 'merged', f), 'utf8')).toBe(readFileSync(join(root, 'out', f), 'utf8'));
    expect(files(root, 'merged').manifest.release).toEqual(files(root).manifest.release);
  });
});

describe('gate.require_release_record', () => {
  test('with no release: block the gate fails, and the check is listed with its config key', async () => {
    const root = tinyRepo({}, LENIENT.replace('REQUIRE', 'require_release_record: true'));
    const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect(result.verdict).toBe('fail');
    expect(result.gate?.failing).toEqual(['release_record/data']);
    const { checks, summary, manifest } = files(root);
    expect(checks.find((c) => c.id === 'release_record/data')).toMatchObject({
      status: 'fail',
      value: 0,
      numerator: 0,
      denominator: 7,
      threshold: 7,
      direction: 'min',
      config_key: 'gate.require_release_record',
      config_line: 11,
      threshold_is_default: false,
      reason: 'the config has no release: block'
    });
    expect(manifest.gate.failing_checks).toEqual(['release_record/data']);
    expect(summary).toContain('**Why it failed:** release record \\(0 of 7 fields declared\\).');
    expect(summary).toContain(
      '| release\\_record/data | **fail** | 0 of 7 fields declared | all 7 fields | 7 | — | `gate.require_release_record` |'
    );
    expect(summary).toContain(
      '| release 6 | Reviewer and unresolved limitations recorded in the release decision | `release_record/*` | **fail\\: 1 of 1 judged check** |'
    );
  });

  test('an incomplete block fails, naming the fields it lacks; a complete one passes', async () => {
    const partial = tinyRepo(
      {},
      `${LENIENT.replace('REQUIRE', 'require_release_record: true')}\nrelease: { owner: me, reviewer: you }`
    );
    await run({ root: partial, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect(files(partial).checks.find((c) => c.id === 'release_record/data')).toMatchObject({
      status: 'fail',
      value: 2,
      reason:
        'not declared: release.intended_use, release.out_of_scope_uses, release.known_limitations, release.mitigations, release.authorization'
    });
    const complete = tinyRepo({}, `${LENIENT.replace('REQUIRE', 'require_release_record: true')}\n${FULL}`);
    const result = await run({ root: complete, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect(result.verdict).toBe('pass');
    expect(files(complete).checks.find((c) => c.id === 'release_record/data')).toMatchObject({
      status: 'pass',
      value: 7,
      reason: null
    });
  });

  test('not required: the check is not applicable and a missing record blocks nothing', async () => {
    const root = tinyRepo({}, LENIENT.replace(', REQUIRE', ''));
    const result = await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
    expect(result.verdict).toBe('pass');
    expect(files(root).checks.find((c) => c.id === 'release_record/data')).toMatchObject({
      status: 'not_applicable',
      value: null,
      reason: 'gate.require_release_record is false'
    });
    expect(files(root).summary).toContain(
      'No release record: the config has no `release:` block, so every item a person must declare is missing below.'
    );
  });
});

test('hostile release text is escaped in summary.md and report.html', async () => {
  const payload = '<script>alert(1)</script> | `x` @octocat [l](http://e.x) **b**';
  const root = tinyRepo(
    {},
    [
      'release:',
      `  owner: ${JSON.stringify(`::error::${payload}`)}`,
      `  intended_use: ${JSON.stringify(`line one\n::warning::line two ${payload}`)}`,
      `  known_limitations: [${JSON.stringify(payload)}]`
    ].join('\n')
  );
  await run({ root, configPath: 'evidence-gate.yml', outputDir: 'out' });
  const { summary, html } = files(root);
  for (const text of [summary, html]) {
    expect(text).not.toContain('<script>');
    expect(text).not.toMatch(/^\s*::/m);
  }
  // No mention of anyone in the markdown (GitHub renders @name there).
  expect(summary).not.toContain('@octocat');
  expect(summary).not.toMatch(/\[l\]\(http/);
  expect(summary).toContain('\\*\\*b\\*\\*');
  // Every table row of the release section keeps its header's number of cells.
  const section = summary.slice(summary.indexOf('## Release record'), summary.indexOf('## Shift and data'));
  let width = 0;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      width = 0;
      continue;
    }
    const cells = line.replace(/\\\|/g, '').split('|').length;
    if (width === 0) width = cells;
    expect(cells).toBe(width);
  }
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
});
