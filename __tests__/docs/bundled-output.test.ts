/**
 * What a user reads of the bundled example (the CLI's screen, summary.md, report.html) and the
 * docs that quote it: no reference to documents the user does not have, and quoted figures that
 * match what the example prints today.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { main } from '../../src/cli/main.js';
import { EXAMPLE_CONFIG, exampleRepo, REPO_ROOT } from '../helpers.js';

/** "seed 000", "seed `002_…`", "Seed checklists", "the seeds' numbers", "000·1", "000/001", "the seed article". */
const METHOD_REFERENCE =
  /\bseeds?\b['’]?\s*(?:`?0\d\d|documents?|articles?|checklists?|items?\b)|\bseeds['’]|\bseed['’]s\b|\b00[0-2]·\d|\b000\/001\b/i;

function referencesIn(name: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => METHOD_REFERENCE.test(line))
    .map(([n, line]) => `${name}:${n}: ${line.trim().slice(0, 120)}`);
}

function* filesUnder(dir: string, ends: RegExp): Generator<string> {
  for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'data') yield* filesUnder(path, ends);
    } else if (ends.test(entry.name)) yield path;
  }
}

let root = '';
let stdout = '';
const out = (name: string) => readFileSync(join(root, 'evidence-gate-out', name), 'utf8');

beforeAll(async () => {
  root = exampleRepo();
  const code = await main(['run', '--config', EXAMPLE_CONFIG], {
    stdout: (t) => (stdout += t),
    stderr: () => {},
    cwd: root
  });
  expect(code).toBe(1);
});

describe('the method documents the project came from', () => {
  test('the example outputs never cite them (name the checklists by what they check instead)', () => {
    const found = [
      ...referencesIn('terminal', stdout),
      ...['summary.md', 'report.html', 'checks.junit.xml'].flatMap((name) => referencesIn(name, out(name))),
      ...referencesIn(
        'golden summary',
        readFileSync(join(REPO_ROOT, '__tests__/__outputs__/academic-intent-summary.md'), 'utf8')
      )
    ];
    expect(found).toEqual([]);
  });

  test('the docs, README, action.yml and examples never cite them', () => {
    const files = [
      'README.md',
      'action.yml',
      ...filesUnder('docs', /\.md$/),
      ...filesUnder('examples', /\.(md|ya?ml|js|mjs|py)$/)
    ];
    const found = files.flatMap((file) => referencesIn(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  test('neither do the comments and strings of src/ and scripts/', () => {
    const files = [...filesUnder('src', /\.ts$/), ...filesUnder('scripts', /\.(js|ts|py)$/)];
    const found = files.flatMap((file) => referencesIn(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  test('the pattern catches the old wording and spares the random seed', () => {
    for (const old of [
      'as seed 000 defines it',
      '### Seed checklists',
      "the seeds' numbers",
      '| 000·1 |',
      '| 000/001 |',
      'in seed `002_…`',
      "the seed article's fixture",
      'the seed documents'
    ]) {
      expect([old, METHOD_REFERENCE.test(old)]).toEqual([old, true]);
    }
    for (const fine of [
      'statistics: { seed: 1637 }',
      'mulberry32, seed 1637',
      'seeded by (seed, noise, id, feature index)',
      'the id seeds every choice'
    ]) {
      expect([fine, METHOD_REFERENCE.test(fine)]).toEqual([fine, false]);
    }
  });
});

describe('figures the docs quote', () => {
  test('docs/cli.md quotes what `run` prints for the bundled example (lines ending in … as prefixes, in order)', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/cli.md'), 'utf8');
    const block = /```\n(Evidence Gate: [\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const quoted = block.split('\n').filter((line) => line.trim() !== '…' && line.trim() !== '');
    expect(quoted.length).toBeGreaterThan(10);
    const printed = stdout.split('\n');
    let at = 0;
    for (const line of quoted) {
      const matches = (p: string) => (line.endsWith('…') ? p.startsWith(line.slice(0, -1)) : p === line);
      const found = printed.findIndex((p, i) => i >= at && matches(p));
      expect([line, found >= 0]).toEqual([line, true]);
      at = found + 1;
    }
  });

  test('docs/install.md quotes the size limits package.test.ts holds the package to, not sizes of one build', () => {
    const install = readFileSync(join(REPO_ROOT, 'docs/install.md'), 'utf8');
    const pack = readFileSync(join(REPO_ROOT, '__tests__/package.test.ts'), 'utf8');
    const mb = (name: string) =>
      Number(new RegExp(`const ${name} = (?:(\\d+) \\* )?1024 \\* 1024;`).exec(pack)?.[1] ?? 1);
    expect(install).toContain(`the tarball under ${mb('MAX_TARBALL_BYTES')} MB`);
    expect(install).toContain(`the install under ${mb('MAX_UNPACKED_BYTES')} MB`);
    expect(install).not.toMatch(/about \d+(\.\d+)? [kM]B/);
  });

  test('every relative link of the packed README and docs resolves inside the package', () => {
    const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore']
    });
    const files = new Set(
      (JSON.parse(packed) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path)
    );
    const markdown = [...files].filter((f) => f.endsWith('.md') && (f === 'README.md' || f.startsWith('docs/')));
    expect(markdown).toContain('docs/cli.md');
    for (const file of markdown) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = target!.split('#')[0]!;
        if (/^[a-z]+:/.test(target!) || path === '') continue;
        const resolved = posix.normalize(posix.join(posix.dirname(file), path));
        expect([file, target, files.has(resolved)]).toEqual([file, target, true]);
      }
    }
  });
});
