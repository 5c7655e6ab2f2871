/** The CLI adapter in-process: output, exit statuses and one-line user errors. */
import { jest } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_CONFIG, exampleRepo, REPO_ROOT, tinyRepo } from '../helpers.js';
import { main } from '../../src/cli/main.js';
import { checkWords } from '../../src/report/check-words.js';
import { toTerminal } from '../../src/report/terminal.js';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

describe('evidence-gate run', () => {
  test('runs the bundled example, prints the short summary and exits 1 on a failing gate', async () => {
    const root = exampleRepo();
    const r = await cli(['run', '--config', EXAMPLE_CONFIG], root);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    // A screenful: the verdict, why, the worst checks and where the report is (docs/cli.md).
    expect(lines.length).toBeLessThanOrEqual(40);
    expect(lines[0]).toMatch(/^Evidence Gate: FAIL \(\d+ blocking checks\)$/);
    expect(r.stdout).toContain('length_psi/data');
    expect(r.stdout).not.toContain('# Evidence Gate');
    const checks = JSON.parse(readFileSync(join(root, 'evidence-gate-out', 'checks.json'), 'utf8')) as {
      failing: string[];
      checks: Array<{
        id: string;
        check: string;
        examples?: { shown: Array<{ split: string; id: string; model: string; condition: string }> };
      }>;
    };
    const failing = checks.checks.filter((c) => checks.failing.includes(c.id));
    for (const kind of new Set(failing.map((c) => c.check))) expect(r.stdout).toContain(checkWords(kind));
    expect(r.stdout).toMatch(/^ {2}and \d+ more \(summary\.md, report\.html and checks\.json list every check\)$/m);
    expect(r.stdout).toContain('Report: evidence-gate-out/report.html');
    // The example keeps output.text: full, and still no row's text reaches the terminal.
    const behind = new Set(
      failing.flatMap((c) => (c.examples?.shown ?? []).map((x) => `${x.split}/${x.id}/${x.model}/${x.condition}`))
    );
    const texts = readFileSync(join(root, 'evidence-gate-out', 'evidence.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(
        (l) =>
          JSON.parse(l) as {
            split: string;
            id: string;
            model: string;
            condition: string;
            text: string;
            perturbed_text: string | null;
          }
      )
      .filter((x) => behind.has(`${x.split}/${x.id}/${x.model}/${x.condition}`));
    expect(texts.length).toBeGreaterThan(10);
    for (const t of texts)
      for (const text of [t.text, t.perturbed_text ?? ''])
        if (text.length > 0) expect(r.stdout).not.toContain(text.slice(0, 30));
    expect(r.stdout.trimEnd().split('\n').pop()).toMatch(
      /^verdict: fail \(\d+ blocking checks\); evidence in evidence-gate-out\/$/
    );
    expect(existsSync(join(root, 'evidence-gate-out', 'manifest.json'))).toBe(true);
    expect(r.stderr).toContain('evidence: 6624 rows');
  });

  test('--summary full prints summary.md for a terminal, --summary none only the verdict line', async () => {
    const root = tinyRepo();
    const full = await cli(['run', '--config', 'evidence-gate.yml', '--summary', 'full'], root);
    expect(full.code).toBe(1);
    const summary = readFileSync(join(root, 'evidence-gate-out', 'summary.md'), 'utf8');
    expect(full.stdout).toBe(
      `${toTerminal(summary)}\nverdict: fail (${JSON.parse(readFileSync(join(root, 'evidence-gate-out', 'checks.json'), 'utf8')).failing.length} blocking checks); evidence in evidence-gate-out/\n`
    );
    const none = await cli(['run', '--config', 'evidence-gate.yml', '--summary', 'none', '--out', 'other'], root);
    expect(none.stdout).toMatch(/^verdict: fail \(\d+ blocking checks\); evidence in other\/\n$/);
    expect(none.stderr).toContain('evidence: ');
    expect(await cli(['run', '--config', 'evidence-gate.yml', '--summary', 'long'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'evidence-gate: usage error: --summary: expected one of short, full, none, found "long"\n'
    });
  });

  test('with a baseline, the short summary has the comparison line', async () => {
    const root = tinyRepo();
    expect((await cli(['run', '--config', 'evidence-gate.yml', '--out', 'base', '--quiet'], root)).code).toBe(1);
    const r = await cli(['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 'base'], root);
    expect(r.stdout).toMatch(
      /^Compared with base: \d+ paired rows, 0 fixed and 0 broken over all models and conditions; 0 comparison checks failing\.$/m
    );
    expect(r.stdout).toContain('Report: head/report.html');
  });

  test('exits 0 when the gate passes, and --out and --quiet are honoured', async () => {
    const root = tinyRepo(
      {},
      'gate: { allow_not_evaluated: true, min_challenge_examples: 1, min_language_examples: 0, min_challenge_accuracy: 0, min_language_accuracy: 0, max_generalization_gap_pp: 100, max_length_psi: 100 }'
    );
    const r = await cli(['run', '--config', 'evidence-gate.yml', '--out', 'reports/eg', '--quiet'], root);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('verdict: pass (0 blocking checks); evidence in reports/eg/\n');
    expect(r.code).toBe(0);
  });

  test('a config error exits 2 with one line and no stack', async () => {
    const root = tinyRepo({}, 'gate: { max_flip_rat: 0.1 }');
    const r = await cli(['run', '--config', 'evidence-gate.yml'], root);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^evidence-gate: config error: evidence-gate\.yml:11: gate\.max_flip_rat: unknown key; expected one of min_challenge_examples, /
    );
    expect(r.stdout).toBe('');
  });

  test('a data error exits 2 naming file and line', async () => {
    const root = tinyRepo({ 'data/controlled.jsonl': '{"id": "c1", "text": "ok", "label": "result"}\n{not json}\n' });
    const r = await cli(['run', '--config', 'evidence-gate.yml'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^evidence-gate: data error: data\/controlled\.jsonl:2: malformed JSON \(/);
  });

  test.each([
    [[], 'evidence-gate: usage error: expected a command: run, merge, verify, explain, init (see --help)\n'],
    [
      ['check'],
      'evidence-gate: usage error: unknown command "check"; expected one of run, merge, verify, explain, init (see --help)\n'
    ],
    [
      ['rnu'],
      'evidence-gate: usage error: unknown command "rnu"; did you mean run? expected one of run, merge, verify, explain, init (see --help)\n'
    ],
    [
      ['run', '--conifg', 'a.yml'],
      'evidence-gate: usage error: unknown option --conifg; did you mean --config? (see --help)\n'
    ],
    [['-v'], 'evidence-gate: usage error: unknown option -v; did you mean --version? (see --help)\n'],
    [['-V'], 'evidence-gate: usage error: unknown option -V; did you mean --version? (see --help)\n'],
    [['run', '--config'], 'evidence-gate: usage error: option --config needs a value (see --help)\n'],
    [['run', '--config', 'a.yml', '--rerun'], 'evidence-gate: usage error: run does not take --rerun (see --help)\n'],
    [
      ['run', '--config', 'a.yml', '--shard', '4/3'],
      'evidence-gate: usage error: --shard: expected K/N with 1 ≤ K ≤ N ≤ 1000 (e.g. 2/4), found "4/3"\n'
    ],
    [['merge', 'a'], 'evidence-gate: usage error: merge needs --out DIR for the merged folder (see --help)\n'],
    [['verify'], 'evidence-gate: usage error: verify needs exactly one folder: verify DIR (see --help)\n'],
    [['run'], 'evidence-gate: usage error: run needs --config FILE (see --help)\n'],
    [['run', '--config', 'a.yml', 'extra'], 'evidence-gate: usage error: unexpected argument "extra" (see --help)\n']
  ])('usage error %j exits 2', async (argv, message) => {
    const r = await cli(argv, tinyRepo());
    expect(r).toEqual({ code: 2, stdout: '', stderr: message });
  });

  test('an unknown flag is a usage error', async () => {
    const r = await cli(['run', '--bogus'], tinyRepo());
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('evidence-gate: usage error: unknown option --bogus (see --help)\n');
  });

  test('--help and --version exit 0', async () => {
    expect((await cli(['--help'], tinyRepo())).stdout).toContain('evidence-gate run --config FILE');
    // The version is package.json's (src/version.ts reads it at build time).
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await cli(['--version'], tinyRepo())).toEqual({ code: 0, stdout: `evidence-gate ${version}\n`, stderr: '' });
  });
});

describe('internal errors', () => {
  test('exit 3 with the stack', async () => {
    jest.resetModules();
    const real = await import('../../src/engine.js');
    jest.unstable_mockModule('../../src/engine.js', () => ({
      ...real,
      run: async () => {
        throw new TypeError('boom');
      }
    }));
    const { main: mocked } = await import('../../src/cli/main.js');
    let stderr = '';
    const code = await mocked(['run', '--config', 'x.yml'], {
      stdout: () => {},
      stderr: (t) => (stderr += t),
      cwd: tinyRepo()
    });
    expect(code).toBe(3);
    expect(stderr).toMatch(/^evidence-gate: internal error \(a bug, please report it\):\nTypeError: boom\n\s+at /);
  });
});
