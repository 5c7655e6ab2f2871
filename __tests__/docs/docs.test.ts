/** The README is a hub: short, its tables match action.yml, and every link in it and in docs/ resolves. */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers.js';

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const action = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
};

/** Rows of the markdown table whose header row starts with `| <first> |`: first cell → second cell. */
function tableAfter(text: string, first: string): Map<string, string> {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${first} |`));
  const rows = new Map<string, string>();
  for (let i = start + 2; start >= 0 && i < lines.length && lines[i]!.startsWith('|'); i++) {
    const cells = lines[i]!.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim());
    for (const name of cells[0]!.split(','))
      rows.set(name.trim().replace(/`/g, ''), (cells[1] ?? '').replace(/`/g, ''));
  }
  return rows;
}

/** GitHub's heading anchor: lower case, punctuation other than hyphens and spaces dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1]!.trim())));
}

const markdownFiles = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
];

describe('README as a hub', () => {
  test('is at most 150 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
  });

  test('its inputs table lists exactly the inputs of action.yml, with their defaults', () => {
    const table = tableAfter(readme, 'input');
    expect([...table.keys()].sort()).toEqual(Object.keys(action.inputs).sort());
    for (const [name, spec] of Object.entries(action.inputs)) {
      const shown = table.get(name)!;
      const expected = spec.default === '' ? ['empty', 'derived', 'repository setting'] : [spec.default];
      expect([name, expected.includes(shown)]).toEqual([name, true]);
    }
  });

  test('its outputs table lists exactly the outputs of action.yml', () => {
    expect([...tableAfter(readme, 'output').keys()].sort()).toEqual(Object.keys(action.outputs).sort());
  });

  test.each(markdownFiles)('every relative link in %s resolves, anchors included', (file) => {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#');
      const resolved = path ? join(REPO_ROOT, dirname(file), path) : join(REPO_ROOT, file);
      expect([file, target, existsSync(resolved)]).toEqual([file, target, true]);
      if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
        expect([file, target, anchorsOf(resolved).has(anchor)]).toEqual([file, target, true]);
      }
    }
  });
});

describe('comments in src/', () => {
  function* sources(dir: string): Generator<string> {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) yield* sources(join(dir, entry.name));
      else if (entry.name.endsWith('.ts')) yield join(dir, entry.name);
    }
  }

  test('cite no document outside the repository', () => {
    const offenders = [...sources(join(REPO_ROOT, 'src'))].filter((file) =>
      /SPEC §|SPEC\.md|shared\//.test(readFileSync(file, 'utf8'))
    );
    expect(offenders).toEqual([]);
  });

  test('every docs/ file they cite exists, with its anchor', () => {
    for (const file of sources(join(REPO_ROOT, 'src'))) {
      for (const [, path, anchor] of readFileSync(file, 'utf8').matchAll(/docs\/([\w.-]+\.md)(?:#([\w-]+))?/g)) {
        const target = join(REPO_ROOT, 'docs', path!);
        expect([file, path, existsSync(target)]).toEqual([file, path, true]);
        if (anchor)
          expect([file, `${path}#${anchor}`, anchorsOf(target).has(anchor)]).toEqual([file, `${path}#${anchor}`, true]);
      }
    }
  });
});
