/** Progress lines: rows and share always; a rate and a time left only when they mean something. */
import { formatProgress, ProgressReporter } from '../../src/cli/progress.js';

const at = (rows: number, total = 1000) => ({ stage: 'evaluate' as const, rows, total });

describe('formatProgress', () => {
  test('mid-stage: rows, share, rate and time left', () => {
    expect(formatProgress(at(250), 5000)).toBe('evaluate: 250/1,000 rows (25%), 50 rows/s, about 15 s left');
    expect(formatProgress(at(500, 200_000), 2000)).toBe('evaluate: 500/200,000 rows (0%), 250 rows/s, about 13 min 18 s left');
  });

  test('no rate of 0 and no time left before anything is measurable', () => {
    expect(formatProgress(at(0), 0)).toBe('evaluate: 0/1,000 rows (0%)');
    expect(formatProgress(at(0), 30_000)).toBe('evaluate: 0/1,000 rows (0%)');
    expect(formatProgress(at(10), 200)).toBe('evaluate: 10/1,000 rows (1%)');
  });

  test('a slow model shows its rate with a decimal, never rounded to 0', () => {
    expect(formatProgress(at(2), 5000)).toBe('evaluate: 2/1,000 rows (0%), 0.4 rows/s, about 41 min 35 s left');
  });

  test('at 100%: how long it took, never a time left', () => {
    expect(formatProgress(at(1000), 4000)).toBe('evaluate: 1,000/1,000 rows (100%), 250 rows/s, done in 4 s');
    expect(formatProgress(at(1000), 0)).toBe('evaluate: 1,000/1,000 rows (100%)');
    expect(formatProgress(at(1000), 300)).toBe('evaluate: 1,000/1,000 rows (100%)');
    for (const line of [formatProgress(at(1000), 4000), formatProgress(at(1000), 0)]) expect(line).not.toMatch(/left|(^|[^\d.])0 rows\/s/);
  });
});

describe('ProgressReporter', () => {
  test('on a terminal the last draw of a stage ends the line and shows no time left', () => {
    let out = '';
    let t = 0;
    const p = new ProgressReporter({ write: (x) => (out += x), tty: true, now: () => t });
    p.update(at(0));
    t = 2000;
    p.update(at(500));
    t = 4000;
    p.update(at(1000));
    expect(out).toContain('evaluate: 500/1,000 rows (50%), 250 rows/s, about 2 s left');
    expect(out.endsWith('evaluate: 1,000/1,000 rows (100%), 250 rows/s, done in 4 s\n')).toBe(true);
    expect(out).not.toMatch(/(^|[^\d.])0 rows\/s|about 0 s/);
  });
});
