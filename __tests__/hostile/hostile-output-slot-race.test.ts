/**
 * The slot API under contention, in separate processes (compiled from src/): 16 processes
 * start at once on one output folder whose lock a dead process left behind. Every process
 * that gets the folder holds it alone: the times between its open and its commit never
 * overlap another's, and the folder ends with the output of the last commit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempRepo } from '../helpers.js';
import { compiledSources, leftovers, startNode } from './hostile-output-helpers.js';

let driver = '';

beforeAll(() => {
  const built = compiledSources();
  driver = join(tempRepo(), 'driver.mjs');
  writeFileSync(
    driver,
    `
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openOutputSlot } from ${JSON.stringify(join(built, 'output', 'slot.js'))};
const [root, id, holdMs] = process.argv.slice(2);
let slot;
try {
  slot = openOutputSlot({ root, outputDir: 'out' });
} catch (error) {
  process.stdout.write(JSON.stringify({ id, refused: error.message }));
  process.exit(2);
}
const opened = Date.now();
await new Promise((r) => setTimeout(r, Number(holdMs)));
writeFileSync(join(slot.staging, 'summary.md'), id);
writeFileSync(join(slot.staging, 'manifest.json'), JSON.stringify({ tool: { name: 'evidence-gate' }, files: { 'summary.md': {} } }));
// Stamped before commit(): commit() releases the lock before it returns.
const committing = Date.now();
slot.commit();
process.stdout.write(JSON.stringify({ id, opened, committing }));
`
  );
}, 120_000);

interface Outcome {
  id: string;
  refused?: string;
  opened?: number;
  committing?: number;
}

test('16 processes, a stale lock: holders never overlap, the last commit survives, nothing left', async () => {
  const root = tempRepo();
  writeFileSync(
    join(root, '.out.lock'),
    JSON.stringify({
      pid: 9_999_999,
      hostname: (await import('node:os')).hostname(),
      started_at: '2000-01-01T00:00:00.000Z',
      token: 'dead'
    })
  );
  const outcomes: Outcome[] = await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const r = await startNode(driver, [root, `run-${i}`, '40'], root).done;
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as Outcome;
    })
  );
  for (const o of outcomes)
    if (o.refused !== undefined)
      expect(o.refused).toMatch(
        /^output folder out (is in use by another Evidence Gate run \(pid \d+|: could not take its lock)/
      );
  const held = outcomes
    .filter((o) => o.refused === undefined)
    .sort((a, b) => (a.opened as number) - (b.opened as number));
  expect(held.length).toBeGreaterThanOrEqual(1);
  for (let i = 1; i < held.length; i++)
    expect(held[i]!.opened as number).toBeGreaterThanOrEqual(held[i - 1]!.committing as number);
  const last = [...held].sort((a, b) => (a.committing as number) - (b.committing as number)).pop()!;
  expect(readFileSync(join(root, 'out', 'summary.md'), 'utf8')).toBe(last.id);
  expect(leftovers(root)).toEqual([]);
}, 60_000);
