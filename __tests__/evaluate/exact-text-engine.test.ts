/**
 * Text `exact` through the whole engine (docs/search.md#exact) on the bundled example's three languages, with a small
 * edit space so that most rows are decided: every eligible row is a success with a valid minimal edit list, certified,
 * a tie or undecided; the search never succeeds where exact certified or found nothing, and never with fewer edited
 * words; the figures count what the rows say; shards merge to the same bytes and verify agrees; config mistakes are
 * refused at their line.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPlan } from '../../src/config/load.js';
import { explain } from '../../src/explain/explain.js';
import { renderExplanation } from '../../src/explain/render.js';
import { prepare } from '../../src/pipeline/prepare.js';
import { ConfigError } from '../../src/errors.js';
import { merge, run, verify } from '../../src/engine.js';
import { wordLimit } from '../../src/perturb/search/edits.js';
import { scanText } from '../../src/perturb/words.js';
import { EXAMPLE_CONFIG, REPO_ROOT, smallExampleRepo, tempRepo, evidenceRowsOf } from '../helpers.js';
import { searchRowProblem, type RowEdit } from '../perturb/search-check.js';

type Row = Record<string, any>;
const rowsOf = (root: string, out: string): Row[] => evidenceRowsOf(root, out) as Row[];

const SHARE = 0.1;
const MAX = 3000;
const SEARCH = `    search: { knowledge: scores, queries: 20, operators: [transpose, format, typo_delete], max_words_changed: ${SHARE} }\n`;

function repo(attacks = `${SEARCH}    exact: { max_candidates: ${MAX} }\n`): string {
  const root = smallExampleRepo();
  const config = join(root, EXAMPLE_CONFIG);
  const text = readFileSync(config, 'utf8');
  expect(text).toContain('    search: { knowledge: scores, queries: 20 }\n');
  writeFileSync(config, text.replace('    search: { knowledge: scores, queries: 20 }\n', attacks));
  return root;
}

describe('exact on the bundled example (a small edit space)', () => {
  let root: string;
  let rows: Row[];
  beforeAll(async () => {
    root = repo();
    await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
    rows = rowsOf(root, 'out');
  }, 120_000);

  test('every eligible row is decided (success, certified or tie) or undecided, and says how', () => {
    const exact = rows.filter((r) => r.condition === 'exact');
    expect(exact.length).toBe(rows.filter((r) => r.condition === 'clean').length);
    const kinds: Record<string, number> = {};
    for (const r of exact) {
      // A space over max_candidates is undecided, certified by the closed form, or decided on the levels the closed
      // form did not rule out, which fit max_candidates: never more queries than that.
      if (r.method === 'undecided') expect(r.candidates_bound).toBe(true);
      if (r.method === 'closed_form') expect([r.certified, r.queries]).toEqual([true, 1]);
      if (r.method !== 'closed_form') expect(r.queries).toBeLessThanOrEqual(r.candidates_bound ? MAX : r.candidates);
      if (r.eligible !== true) {
        expect([r.certified, r.tie, r.queries]).toEqual([null, null, 0]);
        continue;
      }
      if (r.method === 'undecided') {
        expect([r.uncovered_reason, r.candidates, r.certified, r.tested, r.success]).toEqual([
          'edit_space',
          MAX + 1,
          null,
          false,
          false
        ]);
        kinds.undecided = (kinds.undecided ?? 0) + 1;
        continue;
      }
      if (r.method === 'enumeration' && r.candidates_bound === true)
        kinds.decidedPastCap = (kinds.decidedPastCap ?? 0) + 1;
      if (r.uncovered_reason === 'no_edit') {
        expect(r.candidates).toBe(0);
        continue;
      }
      expect(r.tested).toBe(true);
      expect(r.certified).toBe(r.success === false && r.tie === false);
      const kind = r.success
        ? 'success'
        : r.method === 'closed_form'
          ? 'closed_form'
          : r.certified
            ? 'certified'
            : 'tie';
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    expect(kinds.success).toBeGreaterThan(0);
    expect(kinds.certified).toBeGreaterThan(0);
    expect(kinds.closed_form).toBeGreaterThan(0);
    expect(kinds.undecided).toBeGreaterThan(0);
    // Rows whose whole space is over max_candidates, decided on the levels the closed form left to list.
    expect(kinds.decidedPastCap).toBeGreaterThan(0);
  });

  test('a success’s edits are valid atomic edits of the declared space and make the text the model got wrong', () => {
    const successes = rows.filter((r) => r.condition === 'exact' && r.success === true);
    for (const r of successes) {
      const limit = wordLimit(scanText(r.text, r.language).words.length, SHARE);
      expect(searchRowProblem(r.text, r.perturbed_text, r.language, r.edits as RowEdit[], undefined, limit)).toBeNull();
      expect(r.prediction).not.toBe(r.label);
    }
  });

  test('the search never succeeds where exact certified or found nothing, nor with fewer edited words', () => {
    const exact = new Map(rows.filter((r) => r.condition === 'exact').map((r) => [`${r.model}\u0000${r.id}`, r]));
    let compared = 0;
    for (const s of rows.filter((r) => r.condition === 'search' && r.success === true)) {
      const e = exact.get(`${s.model}\u0000${s.id}`) as Row;
      if (e.tested !== true) continue;
      compared++;
      expect([s.id, e.success]).toEqual([s.id, true]);
      expect(e.edits.length).toBeLessThanOrEqual(s.edits.length);
    }
    expect(compared).toBeGreaterThan(0);
  });

  test('certified share, undecided count and the search’s strength count what the rows say', () => {
    const metrics = JSON.parse(readFileSync(join(root, 'out', 'metrics.json'), 'utf8'));
    for (const m of metrics.models) {
      const mine = rows.filter((r) => r.model === m.model && r.condition === 'exact');
      const tested = mine.filter((r) => r.tested === true);
      expect(m.exact_certificate.certified.numerator).toBe(tested.filter((r) => r.certified === true).length);
      expect(m.exact_certificate.certified.denominator).toBe(tested.length);
      expect(m.exact_certificate.undecided.value).toBe(mine.filter((r) => r.method === 'undecided').length);
      const both = mine.filter((r) => {
        const s = rows.find((x) => x.condition === 'search' && x.model === r.model && x.id === r.id) as Row;
        return r.tested === true && s.tested === true;
      });
      const strength = m.attack_strength.find((s: { attack: string }) => s.attack === 'search').strength;
      expect(strength.denominator ?? 0).toBe(both.filter((r) => r.success === true).length);
    }
  });

  test('explain on a data row ends where the run’s exact row ends, and says how it was decided', async () => {
    const prepared = await prepare(loadPlan({ root, configPath: EXAMPLE_CONFIG }), { root });
    try {
      const exact = rows.filter((r) => r.condition === 'exact' && r.eligible === true);
      // One row of each kind: a success, a closed-form certificate, an enumerated certificate, an undecided row.
      const picks = ['success', 'closed_form', 'enumeration', 'undecided'].map(
        (kind) =>
          exact.find((r) => (kind === 'success' ? r.success === true : r.method === kind && r.success !== true)) as Row
      );
      for (const row of picks) {
        const e = await explain(prepared, { id: row.id, text: row.text, language: row.language });
        const reading = (e.exact ?? []).find((x) => x.model === row.model);
        expect(reading).toBeDefined();
        expect({
          text: reading?.perturbed_text,
          queries: reading?.queries,
          edits: reading?.edits,
          method: reading?.method,
          candidates: reading?.candidates
        }).toEqual({
          text: row.perturbed_text,
          queries: row.queries,
          edits: row.edits,
          method: row.method,
          candidates: row.candidates
        });
        const text = renderExplanation(e, { configPath: EXAMPLE_CONFIG, seed: 1637, trainRows: 1 });
        expect(text).toContain('exact (every candidate of the declared edit space');
        if (row.success === true) expect(text).toMatch(/SUCCESS with \d+ edited words? \(the fewest\)/);
        if (row.method === 'closed_form') expect(text).toContain('certified by the closed form');
        if (row.method === 'undecided') expect(text).toContain('undecided: more than max_candidates');
      }
    } finally {
      await Promise.all(prepared.models.map((m) => m.close()));
    }
  }, 120_000);

  test('two shards merge to the same bytes; verify agrees', async () => {
    for (const k of [1, 2])
      await run({ root, configPath: EXAMPLE_CONFIG, outputDir: `s${k}`, shard: { index: k, count: 2 } });
    await merge({ root, shards: ['s1', 's2'], outputDir: 'merged' });
    for (const f of ['evidence.jsonl', 'metrics.json', 'checks.json', 'summary.md'])
      expect(readFileSync(join(root, 'merged', f), 'utf8')).toBe(readFileSync(join(root, 'out', f), 'utf8'));
    expect((await verify({ dir: 'out', cwd: root, root })).differences).toEqual([]);
  }, 120_000);
});

describe('exact config mistakes', () => {
  const refused = async (attacks: string, message: RegExp): Promise<void> => {
    const root = repo(attacks);
    await expect(run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' })).rejects.toThrow(ConfigError);
    await expect(run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' })).rejects.toThrow(message);
  };

  test('operators under exact while search declares the space', async () => {
    await refused(
      `${SEARCH}    exact: { operators: [format] }\n`,
      /threat_model\.attacks\.exact\.operators: with threat_model\.attacks\.search configured/
    );
  });

  test('max_candidates of 0 and an unknown key', async () => {
    await refused(`${SEARCH}    exact: { max_candidates: 0 }\n`, /threat_model\.attacks\.exact\.max_candidates/);
    await refused(`${SEARCH}    exact: { budget: 5 }\n`, /threat_model\.attacks\.exact\.budget/);
  });

  test('exact on a tabular task takes none of the text keys', () => {
    const root = tempRepo();
    cpSync(join(REPO_ROOT, 'examples/inspection-tabular'), join(root, 'examples/inspection-tabular'), {
      recursive: true
    });
    const configPath = 'examples/inspection-tabular/evidence-gate.yml';
    const config = join(root, configPath);
    const text = readFileSync(config, 'utf8');
    expect(text).toContain('    exact: {}');
    writeFileSync(config, text.replace('    exact: {}', '    exact: { max_candidates: 10 }'));
    expect(() => loadPlan({ root, configPath })).toThrow(
      /threat_model\.attacks\.exact\.max_candidates: exact on a tabular task .* takes only time_limit_ms; found max_candidates/
    );
  });

  test('gate keys: min_attack_strength names an attack inside the edit space; min_certified_share needs exact', async () => {
    const gated = (root: string, lines: string): void => {
      const config = join(root, EXAMPLE_CONFIG);
      writeFileSync(config, readFileSync(config, 'utf8').replace('gate:\n', `gate:\n${lines}`));
    };
    const format = repo(`${SEARCH}    exact: { max_candidates: ${MAX} }\n`);
    gated(format, '  min_attack_strength: { format: 0.5 }\n');
    await expect(run({ root: format, configPath: EXAMPLE_CONFIG, outputDir: 'out' })).rejects.toThrow(
      /gate\.min_attack_strength\.format: unknown key; expected one of fgm, pgd, square, boundary, search, found "format"/
    );
    const noExact = repo(SEARCH);
    gated(noExact, '  min_certified_share: 0.5\n');
    await expect(run({ root: noExact, configPath: EXAMPLE_CONFIG, outputDir: 'out' })).rejects.toThrow(
      /gate\.min_certified_share: a certified share .* needs exact/
    );
  });
});

test('gate.min_certified_share and min_attack_strength.search judge each model from its figures', async () => {
  const root = repo();
  const config = join(root, EXAMPLE_CONFIG);
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      'gate:\n',
      'gate:\n  min_certified_share: 1\n  min_attack_strength: { search: 0.9 }\n'
    )
  );
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  const metrics = JSON.parse(readFileSync(join(root, 'out', 'metrics.json'), 'utf8'));
  const checks = JSON.parse(readFileSync(join(root, 'out', 'checks.json'), 'utf8'));
  const list: Row[] = checks.checks ?? checks;
  for (const m of metrics.models) {
    const share = list.find((c) => c.id === `certified_share/${m.model}`) as Row;
    const figure = m.exact_certificate.certified;
    expect([share.numerator, share.denominator]).toEqual([figure.numerator, figure.denominator]);
    expect(share.status).toBe(figure.value >= 1 ? 'pass' : 'fail');
    const strength = list.find((c) => c.id === `attack_strength/${m.model}/search`) as Row;
    expect(strength).toBeDefined();
  }
  expect(list.some((c) => c.id.startsWith('certified_share/') && c.status === 'fail')).toBe(true);
  const manifest = JSON.parse(readFileSync(join(root, 'out', 'manifest.json'), 'utf8'));
  expect(manifest.gate.plan.min_certified_share.value).toBe(1);
}, 120_000);

test('the summary and report show, per model, a failure only exact found, with its edits marked', async () => {
  // A search of two queries misses failures exact finds.
  const weak = SEARCH.replace('queries: 20', 'queries: 2');
  const root = repo(`${weak}    exact: { max_candidates: ${MAX} }\n`);
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  const rows = rowsOf(root, 'out');
  const summary = readFileSync(join(root, 'out', 'summary.md'), 'utf8');
  const html = readFileSync(join(root, 'out', 'report.html'), 'utf8');
  const part = summary.slice(summary.indexOf('**A failure only exact found**'));
  const escaped = (s: string) => s.replace(/-/g, '\\-');
  let shown = 0;
  for (const model of ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid']) {
    const missed = rows.filter((r) => {
      if (r.model !== model || r.condition !== 'exact' || r.success !== true) return false;
      const s = rows.find((x) => x.condition === 'search' && x.model === model && x.id === r.id) as Row;
      return s.tested === true && s.success !== true;
    });
    const line = part.split('\n').find((l) => l.startsWith('- **') && l.includes(` ${escaped(model)} · exact:`));
    expect([model, line !== undefined]).toEqual([model, missed.length > 0]);
    if (line === undefined) continue;
    shown++;
    expect(missed.some((r) => line.includes(`/${escaped(r.id)}**`))).toBe(true);
  }
  expect(shown).toBeGreaterThan(0);
  expect(part).toMatch(/ {2}- exact: a failure found after \d+ quer(y|ies) of [\d,]+ candidates; \d+ edits?: /);
  const section = html.slice(html.indexOf('id="exact-only"'));
  expect(section.split('<span class="label">exact</span>').length - 1).toBe(shown);
}, 120_000);

test('verify --rerun re-derives a sample of closed-form rows by asking every candidate, and agrees', async () => {
  const root = repo();
  await run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' });
  const result = await verify({ dir: 'out', cwd: root, root, rerun: true });
  expect(result.differences).toEqual([]);
  const note = result.notes.find((n) => n.startsWith('exact: '));
  expect(note).toMatch(/^exact: \d+ rows the closed form certified .* by asking every candidate: all certified again$/);
  expect(Number(/^exact: (\d+)/.exec(note as string)?.[1])).toBeGreaterThan(20);
}, 120_000);

test('time_limit_ms is for exact on trees: a text task refuses it, naming the key and what bounds text exact', async () => {
  const root = repo(`${SEARCH}    exact: { time_limit_ms: 500 }\n`);
  await expect(run({ root, configPath: EXAMPLE_CONFIG, outputDir: 'out' })).rejects.toThrow(
    /threat_model\.attacks\.exact\.time_limit_ms: time_limit_ms bounds exact on a tree ensemble \(a tabular task\); a text task bounds exact by max_candidates/
  );
});
