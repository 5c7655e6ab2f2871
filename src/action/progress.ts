/**
 * Progress in the step log during a long run: at most one line every ten seconds with rows,
 * rate and time left (the CLI's wording), never dataset text. The clock starts when the
 * engine is called, so the rate also counts training: a slight underestimate that errs on the
 * side of a longer time left.
 */
import { formatProgress } from '../cli/progress.js';
import type { Progress } from '../engine.js';

const PROGRESS_EVERY_MS = 10_000;

export function progressLines(info: (line: string) => void, now: () => number, everyMs = PROGRESS_EVERY_MS): (p: Progress) => void {
  const start = now();
  let last = start;
  return (p) => {
    const t = now();
    if (t - last < everyMs) return;
    last = t;
    info(formatProgress(p, t - start));
  };
}
