/**
 * Progress in the step log during a long run: each model's training as it starts and ends, and at
 * most one line every ten seconds with rows, rate and time left (the CLI's wording), never
 * dataset text. The rate is measured per stage from its first report (src/cli/progress.ts), so
 * the time spent training does not slow the evaluation's estimate.
 */
import { formatProgress, isTrainingMilestone, StageRates, trainingLine } from '../cli/progress.js';
import type { Progress } from '../engine.js';

const PROGRESS_EVERY_MS = 10_000;

export function progressLines(
  info: (line: string) => void,
  now: () => number,
  everyMs = PROGRESS_EVERY_MS
): (p: Progress) => void {
  const rates = new StageRates();
  let last = now();
  return (p) => {
    const t = now();
    const { elapsedMs, measuredRows } = rates.measure(p, t);
    if (isTrainingMilestone(p)) {
      info(trainingLine(p, elapsedMs));
      last = t;
      return;
    }
    if (p.rows === 0 || t - last < everyMs) return;
    last = t;
    info(formatProgress(p, elapsedMs, measuredRows));
  };
}
