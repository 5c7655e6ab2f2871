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
