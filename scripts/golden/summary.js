// Regenerate the golden job summary of the bundled example with the engine itself (the CLI
// bundle), for review as a file in the diff: node scripts/golden/summary.js
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'eg-golden-'));
cpSync(join(repo, 'examples/academic-intent'), join(root, 'examples/academic-intent'), { recursive: true });
const r = spawnSync(
  process.execPath,
  [join(repo, 'dist/cli/index.js'), 'run', '--config', 'examples/academic-intent/evidence-gate.yml', '--quiet'],
  { cwd: root, encoding: 'utf8' }
);
if (r.status !== 0 && r.status !== 1) throw new Error(`run failed (${r.status}): ${r.stderr}`);
const out = join(repo, '__tests__/__outputs__/academic-intent-summary.md');
writeFileSync(out, readFileSync(join(root, 'evidence-gate-out/summary.md')));
console.log(`wrote ${out}`);
