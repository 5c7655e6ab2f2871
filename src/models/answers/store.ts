/**
 * The folder of kept answers (docs/answer-cache.md): one small JSON file per answer, named by its address
 * (address.ts). A file is written under a temporary name and renamed into place, so a run sharing the folder sees an
 * entry whole or not at all. Every read is checked (regular file, bounded size, its own address inside, an answer of
 * the expected shape); anything else is `damaged`, and the caller asks the model again.
 */
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import type { ScoreResult } from '../model.js';
import { openRegular, readAtMost } from '../../util/regular-file.js';
import { ANSWER_FORMAT } from './address.js';

/** An answer as kept: scores for every label, or a label alone. */
export type KeptAnswer = Extract<ScoreResult, { status: 'ok' }>;

/** The folder inside the cache folder that holds entries of this format. */
const ENTRIES = `answers-v${ANSWER_FORMAT}`;
/** An entry holds one answer: past this size it cannot be one of ours. */
const MAX_ENTRY_BYTES = 1024 * 1024;
/** A hit on an entry older than this refreshes its time, so pruning removes the answers no run has used. */
const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;
/** A temporary file this old belongs to a run that stopped before renaming it. */
const STALE_TEMP_MS = 60 * 60 * 1000;
const ADDRESS = /^[0-9a-f]{64}$/;

/** A number as kept: JSON has no -0, so it is written as a string to come back as the same double. */
const keep = (x: number): number | string => (Object.is(x, -0) ? '-0' : x);
const restore = (x: unknown): number | null =>
  x === '-0' ? -0 : typeof x === 'number' && Number.isFinite(x) ? x : null;

export class AnswerStore {
  private readonly folders = new Set<string>();
  private seq = 0;

  /** `dir` is absolute; it is created when the first answer is written. */
  constructor(readonly dir: string) {}

  private path(address: string): { folder: string; file: string } {
    const folder = join(this.dir, ENTRIES, address.slice(0, 2));
    return { folder, file: join(folder, `${address}.json`) };
  }

  /** The kept answer at `address`, `missing`, or `damaged` (present but not a valid entry for this address). */
  read(address: string, labelCount: number): KeptAnswer | 'missing' | 'damaged' {
    const { file } = this.path(address);
    const opened = openRegular(file);
    if ('problem' in opened) return opened.problem === 'missing' ? 'missing' : 'damaged';
    let text: string;
    try {
      if (opened.size > MAX_ENTRY_BYTES) return 'damaged';
      const read = readAtMost(opened.fd, opened.size);
      if (read.more) return 'damaged';
      text = read.bytes.toString('utf8');
    } finally {
      closeSync(opened.fd);
    }
    const answer = parseEntry(text, address, labelCount);
    if (answer === null) return 'damaged';
    if (Date.now() - opened.mtimeMs > REFRESH_AFTER_MS) {
      const now = new Date();
      try {
        utimesSync(file, now, now);
      } catch {
        // A read-only folder still serves its answers.
      }
    }
    return answer;
  }

  /** Keeps `answer` at `address`, atomically; a folder that cannot be written loses the answer, not the run. */
  write(address: string, answer: KeptAnswer): boolean {
    const { folder, file } = this.path(address);
    const body =
      answer.scores === null
        ? { format: ANSWER_FORMAT, address, label: answer.label }
        : { format: ANSWER_FORMAT, address, scores: answer.scores.map(keep) };
    const temp = join(folder, `.tmp-${process.pid}-${++this.seq}-${address.slice(0, 8)}`);
    try {
      if (!this.folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        this.folders.add(folder);
      }
      writeFileSync(temp, JSON.stringify(body), { flag: 'wx' });
      renameSync(temp, file);
      return true;
    } catch {
      rmSync(temp, { force: true });
      return false;
    }
  }

  /**
   * Holds the folder to `maxBytes`: entries are removed oldest first (by the time they were written or last used),
   * with leftover temporary files of stopped runs. Returns how many entries were removed.
   */
  prune(maxBytes: number): number {
    const root = join(this.dir, ENTRIES);
    const entries: Array<{ path: string; bytes: number; time: number }> = [];
    let total = 0;
    const now = Date.now();
    for (const sub of safeList(root)) {
      const folder = join(root, sub);
      for (const name of safeList(folder)) {
        const path = join(folder, name);
        let s;
        try {
          s = lstatSync(path);
        } catch {
          continue;
        }
        if (name.startsWith('.tmp-')) {
          if (now - s.mtimeMs > STALE_TEMP_MS) rmSync(path, { force: true });
          continue;
        }
        total += s.size;
        entries.push({ path, bytes: s.size, time: s.mtimeMs });
      }
    }
    if (total <= maxBytes) return 0;
    entries.sort((a, b) => a.time - b.time || (a.path < b.path ? -1 : 1));
    let removed = 0;
    for (const e of entries) {
      if (total <= maxBytes) break;
      rmSync(e.path, { recursive: true, force: true });
      total -= e.bytes;
      removed++;
    }
    return removed;
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The answer an entry holds, when it is a well-formed entry for `address` with `labelCount` scores or a label. */
function parseEntry(text: string, address: string, labelCount: number): KeptAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const e = value as Record<string, unknown>;
  if (e.format !== ANSWER_FORMAT || e.address !== address || !ADDRESS.test(address)) return null;
  if (typeof e.label === 'string' && !('scores' in e)) return { status: 'ok', scores: null, label: e.label };
  if (!Array.isArray(e.scores) || e.scores.length !== labelCount || 'label' in e) return null;
  const scores: number[] = [];
  for (const x of e.scores) {
    const v = restore(x);
    if (v === null) return null;
    scores.push(v);
  }
  return { status: 'ok', scores };
}
