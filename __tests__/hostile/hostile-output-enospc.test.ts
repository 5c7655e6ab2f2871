/**
 * A full or read-only disk under the output folder is the user's environment, not a bug:
 * exit 2 with one line (what failed, the path relative to the root, the OS message), the
 * earlier output intact and no staging or lock left. Needs root to mount a small tmpfs;
 * skipped otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { EvidenceWriter } from '../../src/evidence/writer.js';
import { EXAMPLE_CONFIG, exampleRepo, tinyRepo } from '../helpers.js';
import { leftovers, SLOW_MODEL, snapshot } from './hostile-output-helpers.js';

function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'eg-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmdirSync(probe);
  }
}

const mounted: string[] = [];
const maybe = canMount() ? test : test.skip;

function mountSmall(root: string, options = 'size=1m'): string {
  const dir = join(root, 'small');
  mkdirSync(dir);
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  mounted.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of mounted) execFileSync('umount', ['-l', dir]);
});

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

const RUN = ['run', '--config', 'evidence-gate.yml', '--out', 'small/out', '--quiet'];

maybe('ENOSPC while writing the evidence: exit 2, one line, earlier output intact (the original exit 3)', async () => {
  const root = tinyRepo();
  const small = mountSmall(root);
  expect((await cli(RUN, root)).code).toBe(1);
  const earlier = snapshot(join(small, 'out'));
  // Leave one page free: far less than another copy of the output needs.
  const { bavail, bsize } = statfsSync(small);
  writeFileSync(join(small, 'filler'), Buffer.alloc(Math.max(0, Number(bavail) * Number(bsize) - 4096)));
  const r = await cli(RUN, root);
  expect(r.stderr).toMatch(
    /^evidence-gate: filesystem error: cannot (write|create) small\/out(\/[\w.-]+)?: no space left on device \(ENOSPC\)\n$/
  );
  expect(r.code).toBe(2);
  expect(snapshot(join(small, 'out'))).toEqual(earlier);
  expect(leftovers(small)).toEqual([]);
});

maybe('a read-only file system: exit 2 naming the path, nothing changed', async () => {
  const root = tinyRepo();
  const small = mountSmall(root);
  expect((await cli(RUN, root)).code).toBe(1);
  const earlier = snapshot(join(small, 'out'));
  execFileSync('mount', ['-o', 'remount,ro', small]);
  const r = await cli(RUN, root);
  expect(r.stderr).toMatch(
    /^evidence-gate: filesystem error: cannot [a-z ]+ small\/[\w./-]+: read-only file system \(EROFS\)\n$/
  );
  expect(r.code).toBe(2);
  expect(snapshot(join(small, 'out'))).toEqual(earlier);
  expect(readFileSync(join(small, 'out', 'manifest.json'), 'utf8')).toContain('"evidence-gate"');
});

maybe(
  'a missing parent of the output on a read-only file system: exit 2, one line naming the folder that cannot be made (the original exit 3 with a stack)',
  async () => {
    const root = tinyRepo();
    const small = mountSmall(root, 'size=1m,ro');
    for (const out of ['small/reports/out', 'small/a/b/out']) {
      const r = await cli(['run', '--config', 'evidence-gate.yml', '--out', out, '--quiet'], root);
      expect(r.stderr).toBe(
        `evidence-gate: filesystem error: cannot create ${out.split('/').slice(0, 2).join('/')}: read-only file system (EROFS)\n`
      );
      expect(r.code).toBe(2);
    }
    expect(readdirSync(small)).toEqual([]);
    expect(leftovers(root)).toEqual([]);
  }
);

maybe('a missing parent inside a read-only mount on a writable disk: exit 2 naming it, nothing created', async () => {
  const root = tinyRepo();
  const small = mountSmall(root);
  mkdirSync(join(small, 'ro'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,ro', 'tmpfs', join(small, 'ro')]);
  mounted.unshift(join(small, 'ro'));
  const r = await cli(['run', '--config', 'evidence-gate.yml', '--out', 'small/ro/x/out', '--quiet'], root);
  expect(r.stderr).toBe('evidence-gate: filesystem error: cannot create small/ro/x: read-only file system (EROFS)\n');
  expect(r.code).toBe(2);
  expect(readdirSync(small)).toEqual(['ro']);
});

maybe(
  'the evidence stream filling the disk mid-evaluation rejects the next write instead of crashing the process',
  async () => {
    const root = tinyRepo();
    const small = mountSmall(root, 'size=64k');
    // Never gzipped: the plain file fills the disk.
    const writer = new EvidenceWriter(small, Number.MAX_SAFE_INTEGER);
    const rows = async () => {
      for (let i = 0; i < 20_000; i++) {
        writer.write('x'.repeat(100));
        // Other work between chunks (a model answering): the failed write lands while nobody waits.
        if (i % 100 === 0) {
          await writer.drain();
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      await writer.close();
    };
    await expect(rows()).rejects.toMatchObject({ code: 'ENOSPC', syscall: 'write' });
  }
);

maybe('a full disk in the middle of a larger run: exit 2, no crash, nothing left behind', async () => {
  const root = exampleRepo();
  // An external model gives the evaluation real pauses, so a failed write lands between rows.
  const config = join(root, EXAMPLE_CONFIG);
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      '  - naive-bayes\n',
      '  - naive-bayes\n  - { name: ext, command: "node model.mjs 0" }\n'
    )
  );
  writeFileSync(join(root, 'model.mjs'), SLOW_MODEL);
  const small = mountSmall(root, 'size=32k');
  const r = await cli(['run', '--config', EXAMPLE_CONFIG, '--out', 'small/out', '--quiet'], root);
  expect(r.stderr).toBe('evidence-gate: filesystem error: cannot write small/out: no space left on device (ENOSPC)\n');
  expect(r.code).toBe(2);
  expect(readdirSync(small)).toEqual([]);
});
