/**
 * Every export of src/ is used by another file (docs/development.md): an export read only in its own file drops
 * `export`, one read by nobody is deleted, and a test oracle lives in __tests__/. The check is by name (a word in
 * another file of src/, __tests__/ or scripts/ counts as a use), so it errs towards passing; the public entries are
 * exempt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './helpers.js';

const ENTRIES = new Set(['index.ts', 'cli/index.ts', 'cli/engine.ts', 'evidence/writer-worker.ts']);
/** Exceptions, each with its reason (none today); this list only shrinks. */
const KNOWN = new Set<string>([]);

function* files(dir: string, ext: RegExp): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '__outputs__') yield* files(join(dir, entry.name), ext);
    } else if (ext.test(entry.name)) yield join(dir, entry.name);
  }
}

test('no export of src/ is used only in its own file or by nobody', () => {
  const code = /\.(?:ts|mts|js|mjs|cjs)$/;
  const texts = new Map<string, string>();
  for (const dir of ['src', '__tests__', 'scripts']) {
    for (const file of files(join(REPO_ROOT, dir), code)) {
      // This file names the known ones, which is no use of them.
      if (!file.endsWith('exports.test.ts')) texts.set(file, readFileSync(file, 'utf8'));
    }
  }
  // Each word, with the first file it appears in, or '' once it appears in two: one pass over every file.
  const seen = new Map<string, string>();
  for (const [file, text] of texts) {
    for (const word of new Set(text.match(/[\w$]+/g))) {
      seen.set(word, seen.has(word) && seen.get(word) !== file ? '' : file);
    }
  }
  const unused: string[] = [];
  for (const file of files(join(REPO_ROOT, 'src'), /\.ts$/)) {
    const name = relative(join(REPO_ROOT, 'src'), file);
    if (ENTRIES.has(name)) continue;
    const declared =
      /^export (?:declare )?(?:async )?(?:abstract )?(?:function\*?|const|let|class|interface|type|enum) ([\w$]+)/gm;
    for (const [, id] of (texts.get(file) as string).matchAll(declared)) {
      if (seen.get(id as string) === file) unused.push(`${name}#${id}`);
    }
  }
  expect(unused.filter((u) => !KNOWN.has(u))).toEqual([]);
  // A known one that is now used, or gone: take it off the list.
  expect([...KNOWN].filter((k) => !unused.includes(k))).toEqual([]);
});

/** Exports that src/ does not call but that are no test oracle, each with its reason; this list only shrinks. */
const TEST_HOOKS = new Map<string, string>([
  ['output/stop.ts#resetStopState', 'the stop state is per process; the tests of one file reset it between cases'],
  ['perturb/levenshtein.ts#levenshteinWithin', 'the banded distance behind editRatioViolation, tested on its own']
]);

test('no export of src/ is used by the tests alone: a test oracle lives in __tests__/', () => {
  const code = /\.(?:ts|mts|js|mjs|cjs)$/;
  // Uses by the product: src/ and scripts/ (a generator script is a user), each word with the files it is in.
  const seenIn = new Map<string, Set<string>>();
  for (const dir of ['src', 'scripts']) {
    for (const file of files(join(REPO_ROOT, dir), code)) {
      const text = readFileSync(file, 'utf8');
      for (const word of new Set(text.match(/[\w$]+/g))) {
        const set = seenIn.get(word) ?? new Set<string>();
        set.add(file);
        seenIn.set(word, set);
      }
    }
  }
  const testOnly: string[] = [];
  for (const file of files(join(REPO_ROOT, 'src'), /\.ts$/)) {
    const name = relative(join(REPO_ROOT, 'src'), file);
    if (ENTRIES.has(name)) continue;
    const text = readFileSync(file, 'utf8');
    const declared = /^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm;
    for (const [, id] of text.matchAll(declared)) {
      const elsewhere = [...(seenIn.get(id as string) ?? [])].some((f) => f !== file);
      const ownUses =
        text.match(new RegExp(`(?<![\\w$])${(id as string).replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))?.length ?? 0;
      if (!elsewhere && ownUses <= 1) testOnly.push(`${name}#${id}`);
    }
  }
  expect(testOnly.filter((u) => !TEST_HOOKS.has(u))).toEqual([]);
  expect([...TEST_HOOKS.keys()].filter((k) => !testOnly.includes(k))).toEqual([]);
});
