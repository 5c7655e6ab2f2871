/**
 * No family, attack or model kind is decided by its name outside its own folder: what the rest of
 * the engine needs to know is a capability of its descriptor (docs/extending.md). This scans src/
 * for a registered name compared as a string (`=== 'search'`, `case 'fgm':`, `.includes('truncate')`,
 * `'exact' in`) and for `instanceof` of a model class outside src/models/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { MODEL_KINDS } from '../src/models/registry.js';
import { allFamilies } from '../src/perturb/registry.js';
import { REPO_ROOT } from './helpers.js';

const SRC = join(REPO_ROOT, 'src');

/**
 * Files that still hold one feature's own code outside its folder, each with the feature it may
 * name. Shrink this list; never grow it (docs/extending.md, "what is left").
 */
const KNOWN: Readonly<Record<string, readonly string[]>> = {};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* sources(join(dir, entry.name));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts')) yield join(dir, entry.name);
  }
}

const files = [...sources(SRC)].map((file) => ({
  path: relative(SRC, file).split('\\').join('/'),
  text: readFileSync(file, 'utf8')
}));

/**
 * A family's folder: the folder of the file that declares its descriptor, whose `name:` is the
 * family's name written out or a constant of the same file holding it (`name: SEARCH_NAME`).
 */
function familyHome(name: string): string {
  const named = (text: string): boolean => {
    if (text.includes(`name: '${name}',`)) return true;
    const constant = new RegExp(`const (\\w+) = '${escape(name)}';`).exec(text)?.[1];
    return constant !== undefined && text.includes(`name: ${constant},`);
  };
  const declares = (text: string): boolean => /(textFamily|tabularAttack)\(\{/.test(text) && named(text);
  const declared = files.find((f) => declares(f.text));
  if (!declared) throw new Error(`no descriptor file declares ${name}`);
  return dirname(declared.path) + '/';
}

const homes = new Map<string, string>([
  ...allFamilies().map((d): [string, string] => [d.name, familyHome(d.name)]),
  ...MODEL_KINDS.map((d): [string, string] => [d.kind, 'models/'])
]);

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** Lines that compare `name` as a string; comment lines and a descriptor's `strategy` value are left out. */
function comparisons(text: string, name: string): string[] {
  const q = `['"\`]${escape(name)}['"\`]`;
  const forms = [
    `[!=]==\\s*${q}`,
    `${q}\\s*[!=]==`,
    `case\\s+${q}\\s*:`,
    `(indexOf|includes|has|get|startsWith)\\(\\s*${q}`,
    `${q}\\s+in\\s`
  ];
  const pattern = new RegExp(forms.map((f) => `(${f})`).join('|'));
  return text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && pattern.test(line) && !/strategy\s*[!=]==/.test(line));
}

test('no family, attack or model name is compared outside its own folder', () => {
  const found: string[] = [];
  for (const [name, home] of homes) {
    for (const f of files) {
      if (f.path.startsWith(home) || KNOWN[f.path]?.includes(name)) continue;
      for (const line of comparisons(f.text, name)) found.push(`${f.path}: ${name}: ${line.trim()}`);
    }
  }
  expect(found).toEqual([]);
});

test('no instanceof of a model class outside src/models/', () => {
  const declared = (text: string): string[] => [...text.matchAll(/export class (\w+Model)\b/g)].map((m) => m[1]!);
  const classes = [...new Set(files.filter((f) => f.path.startsWith('models/')).flatMap((f) => declared(f.text)))];
  expect(classes.length).toBeGreaterThan(0);
  const tested = (text: string): string[] => classes.filter((c) => new RegExp(`instanceof ${c}\\b`).test(text));
  const outside = files.filter((f) => !f.path.startsWith('models/'));
  const found = outside.flatMap((f) => tested(f.text).map((c) => `${f.path}: ${c}`));
  expect(found).toEqual([]);
});

test('the scan sees a comparison (it would catch a new one)', () => {
  expect(comparisons("if (row.condition === 'search') return;", 'search')).toHaveLength(1);
  expect(comparisons("switch (x) { case 'fgm': break; }", 'fgm')).toHaveLength(1);
  expect(comparisons("conditions.filter((c) => c !== 'truncate')", 'truncate')).toHaveLength(1);
  expect(comparisons("  // the search's 'search' === rows", 'search')).toHaveLength(0);
});

test('every known exception is still needed (remove it from KNOWN once its file is clean)', () => {
  const textOf = (path: string): string => files.find((f) => f.path === path)?.text ?? '';
  const stale = Object.entries(KNOWN).flatMap(([path, names]) =>
    names.filter((name) => comparisons(textOf(path), name).length === 0).map((name) => `${path}: ${name}`)
  );
  expect(stale).toEqual([]);
});
