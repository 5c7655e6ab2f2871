/**
 * Finding 2 of the artifact round and the /dev/zero case of finding 1 (docs/security.md,
 * "Reading an output folder"): every read of an output folder is bounded by the sizes its
 * manifest records and by the row limit, and lines are assembled in time linear in their length.
 * The compiled CLI runs in a child under /usr/bin/time: each case ends in under 5 s with a peak
 * resident memory under 300 MB.
 */
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readEvidenceLines } from '../../src/evidence/reader.js';
import { tempRepo } from '../helpers.js';
import { compiledSources } from './hostile-output-helpers.js';
import { copyFolder, editJson, measuredCli, repoWithOutputs, sha } from './hostile-artifact-helpers.js';

const LIMIT_MS = 5000;
const LIMIT_BYTES = 300 * 1024 * 1024;

let root = '';
let engine = '';
beforeAll(async () => {
  const built = compiledSources();
  // tsc lays the output out under src/ when the program includes files outside src/.
  engine = [join(built, 'cli', 'engine.js'), join(built, 'src', 'cli', 'engine.js')].find((p) =>
    existsSync(p)
  ) as string;
  root = await repoWithOutputs();
}, 600_000);

/** Replaces the folder's evidence by `gz` as evidence.jsonl.gz, its manifest claiming `uncompressedBytes`. */
function plantGzip(dir: string, gz: Buffer, uncompressedBytes: number): void {
  const plain = readFileSync(join(dir, 'evidence.jsonl'));
  rmSync(join(dir, 'evidence.jsonl'));
  writeFileSync(join(dir, 'evidence.jsonl.gz'), gz);
  editJson(join(dir, 'manifest.json'), (m) => {
    const e = m.files['evidence.jsonl'];
    delete m.files['evidence.jsonl'];
    m.files['evidence.jsonl.gz'] = {
      sha256: sha(gz),
      bytes: gz.length,
      rows: e.rows,
      schema_version: e.schema_version,
      uncompressed: { name: 'evidence.jsonl', sha256: sha(plain), bytes: uncompressedBytes }
    };
    m.evidence.file = 'evidence.jsonl.gz';
    m.evidence.gzip = true;
  });
}

/** `copies` gzip members of `piece` one after another: gunzip reads them as one stream. */
const members = (piece: Buffer, copies: number) => {
  const one = gzipSync(piece, { level: 9 });
  return Buffer.concat(new Array<Buffer>(copies).fill(one));
};

/** The 8 GiB bomb (128 members of 64 MiB of "a" without a newline), compressed once for the file: two folders plant it. */
let bomb: Buffer | undefined;
const bombGz = () => (bomb ??= members(Buffer.alloc(64 * 1024 * 1024, 0x61), 128));

/**
 * The child's own work (processor time) stays under 5 s and its memory under 300 MB. Wall time is
 * held to 5 s too, stretched only by how many runnable processes share each core right now, so a
 * loaded test machine does not fail a bounded read (an unbounded one takes minutes, or is killed).
 */
function expectBounded(r: Awaited<ReturnType<typeof measuredCli>>): void {
  expect(r.killed).toBe(false);
  expect(r.cpuMs).toBeLessThan(LIMIT_MS);
  expect(r.ms).toBeLessThan(LIMIT_MS * Math.max(1, (loadavg()[0] ?? 0) / availableParallelism()));
  expect(r.peakBytes).toBeLessThan(LIMIT_BYTES);
}

describe('a gzip bomb: one 8 GiB line in an 8 MB evidence.jsonl.gz', () => {
  let dir = '';
  beforeAll(() => {
    dir = copyFolder(root, 'out', 'bomb');
    // 128 members of 64 MiB of "a" without a newline: 8 GiB once inflated.
    plantGzip(dir, bombGz(), 8 * 1024 * 1024 * 1024);
  });

  test('verify stops at the row limit and names it (exit 1)', async () => {
    const r = await measuredCli(engine, ['verify', 'bomb'], root);
    expect(r.stdout).toMatch(
      /^evidence\.jsonl\.gz: line 1 is longer than 16777216 bytes, the longest evidence row read back$/m
    );
    expect(r.code).toBe(1);
    expectBounded(r);
  }, 60_000);

  test('run --baseline refuses it in one line (exit 2)', async () => {
    const r = await measuredCli(
      engine,
      ['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 'bomb', '--quiet'],
      root
    );
    expect(r.stderr).toBe(
      'evidence-gate: usage error: bomb/evidence.jsonl.gz: line 1 is longer than 16777216 bytes, the longest evidence row read back\n'
    );
    expect(r.code).toBe(2);
    expectBounded(r);
  }, 60_000);
});

test('repeated valid rows past the recorded size: reading stops once the content outgrows it', async () => {
  const dir = copyFolder(root, 'out', 'repeated');
  const plain = readFileSync(join(dir, 'evidence.jsonl'));
  // About 600 MB of genuine rows once inflated; the manifest records the true size of one copy.
  plantGzip(
    dir,
    members(Buffer.concat(new Array<Buffer>(Math.ceil((12 << 20) / plain.length)).fill(plain)), 50),
    plain.length
  );
  const v = await measuredCli(engine, ['verify', 'repeated'], root);
  expect(v.stdout).toContain(
    `evidence.jsonl.gz: its content is longer than the ${plain.length} bytes its manifest records`
  );
  expect(v.code).toBe(1);
  expectBounded(v);
  const b = await measuredCli(
    engine,
    ['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 'repeated', '--quiet'],
    root
  );
  expect(b.stderr).toBe(
    `evidence-gate: usage error: repeated/evidence.jsonl.gz: its content is longer than the ${plain.length} bytes its manifest records\n`
  );
  expect(b.code).toBe(2);
  expectBounded(b);
}, 120_000);

test('merge stops at the row limit of a shard', async () => {
  const dir = copyFolder(root, 's2', 'bomb-shard');
  plantGzip(dir, bombGz(), 8 * 1024 * 1024 * 1024);
  const r = await measuredCli(engine, ['merge', 's1', 'bomb-shard', 's3', '--out', 'merged-bomb'], root);
  expect(r.stderr).toBe(
    'evidence-gate: usage error: bomb-shard/evidence.jsonl.gz: line 1 is longer than 16777216 bytes, the longest evidence row read back\n'
  );
  expect(r.code).toBe(2);
  expectBounded(r);
}, 60_000);

describe('/dev/zero', () => {
  test('evidence that is a link to /dev/zero is not read: verify exit 1, baseline exit 2', async () => {
    const dir = copyFolder(root, 'out', 'zero');
    rmSync(join(dir, 'evidence.jsonl'));
    symlinkSync('/dev/zero', join(dir, 'evidence.jsonl'));
    const v = await measuredCli(engine, ['verify', 'zero'], root);
    expect(v.stdout).toContain('evidence.jsonl: a symbolic link; expected a regular file');
    expect(v.code).toBe(1);
    expectBounded(v);
    const b = await measuredCli(
      engine,
      ['run', '--config', 'evidence-gate.yml', '--out', 'head', '--baseline', 'zero', '--quiet'],
      root
    );
    expect(b.stderr).toBe(
      'evidence-gate: usage error: zero/evidence.jsonl: a symbolic link; expected a regular file\n'
    );
    expect(b.code).toBe(2);
    expectBounded(b);
  }, 120_000);

  test('a manifest listing ../../dev/zero is refused before reading (exit 2)', async () => {
    const dir = copyFolder(root, 'out', 'zero-listed');
    editJson(
      join(dir, 'manifest.json'),
      (m) => (m.files[`${'../'.repeat(12)}dev/zero`] = { sha256: '0'.repeat(64), bytes: 1 })
    );
    const v = await measuredCli(engine, ['verify', 'zero-listed'], root);
    expect(v.stderr).toMatch(
      /^evidence-gate: usage error: zero-listed\/manifest\.json: files: expected a plain file name inside the folder, found "(\.\.\/)+dev\/zero"\n$/
    );
    expect(v.code).toBe(2);
    expectBounded(v);
  }, 60_000);
});

test("line assembly is linear in the line's length: one 15 MiB row costs about what 15 rows of 1 MiB cost", async () => {
  const dir = tempRepo();
  const mib = 1024 * 1024;
  const time = async (name: string, content: Buffer, expected: number[]) => {
    writeFileSync(join(dir, name), gzipSync(content, { level: 1 }));
    const started = process.hrtime.bigint();
    const lengths: number[] = [];
    for await (const line of readEvidenceLines(join(dir, name)).lines) lengths.push(line.length);
    expect(lengths).toEqual(expected);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const short = await time(
    'short.jsonl.gz',
    Buffer.concat(new Array<Buffer>(15).fill(Buffer.concat([Buffer.alloc(mib - 1, 0x62), Buffer.from('\n')]))),
    new Array<number>(15).fill(mib - 1)
  );
  const long = await time('long.jsonl.gz', Buffer.concat([Buffer.alloc(15 * mib - 1, 0x62), Buffer.from('\n')]), [
    15 * mib - 1
  ]);
  // Repeated concatenation makes the long row cost (15 MiB)² / chunk against 15 × (1 MiB)² / chunk: about 15 times more.
  expect(long).toBeLessThan(3 * short + 250);
}, 120_000);
