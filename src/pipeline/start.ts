/**
 * The first stage of `run` and `merge`: the resolved root and current folder, the clocks, the log and the stage timer.
 */
import { resolve } from 'node:path';
import type { RunDeps } from './contract.js';

/** A clock for stage wall times: `stage(name)` records the time since the previous call. */
export function stageClock(now: () => number): { wall: Record<string, number>; stage: (name: string) => void } {
  const wall: Record<string, number> = {};
  let mark = now();
  return {
    wall,
    stage: (name) => {
      const t = now();
      wall[name] = Math.round((t - mark) * 1000) / 1000;
      mark = t;
    }
  };
}

export interface Started {
  root: string;
  cwd: string;
  timestamp: () => string;
  log: (line: string) => void;
  /** When the command started (ISO). */
  started: string;
  wall: Record<string, number>;
  stage: (name: string) => void;
}

export function startRun(options: { root: string; cwd?: string }, deps: RunDeps): Started {
  const timestamp = deps.timestamp ?? (() => new Date().toISOString());
  const root = resolve(options.root);
  return {
    root,
    cwd: options.cwd ?? root,
    timestamp,
    log: deps.log ?? (() => {}),
    started: timestamp(),
    ...stageClock(deps.now ?? (() => performance.now()))
  };
}
