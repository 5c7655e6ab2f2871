/** Progress lines: rows and share always; a rate and a time left only when they mean something. */
import { formatProgress, ProgressReporter, StageRates } from '../../src/cli/progress.js';

const at = (rows: number, total = 1000) => ({ stage: 'evaluate' as const, rows, total });

describe('formatProgress', () => {
  test('mid-stage: rows, share, rate and time left', () => {
    expect(formatProgress(at(250), 5000)).toBe('evaluate: 250/1,000 rows (25%), 50 rows/s, about 15 s left');
    expect(formatProgress(at(500, 200_000), 2000)).toBe(
      'evaluate: 500/200,000 rows (0%), 250 rows/s, about 13 min 18 s left'
    );
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
    for (const line of [formatProgress(at(1000), 4000), formatProgress(at(1000), 0)])
      expect(line).not.toMatch(/left|(^|[^\d.])0 rows\/s/);
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

describe('the time left comes from the rows measured so far', () => {
  test('rows done before the clock saw them do not speed up the rate', () => {
    let out = '';
    let t = 0;
    const p = new ProgressReporter({ write: (x) => (out += x), tty: false, now: () => t, lineEveryMs: 0 });
    // The first report comes after a first chunk of 100 rows: the clock starts there.
    t = 1000;
    p.update(at(100));
    t = 3000;
    p.update(at(300));
    // 200 rows in 2 s: 100 rows/s, 700 rows left: 7 s (300 rows over 2 s would say 150 rows/s and 5 s).
    expect(out).toBe('evaluate: 100/1,000 rows (10%)\nevaluate: 300/1,000 rows (30%), 100 rows/s, about 7 s left\n');
  });

  test('each stage and each model in training has its own clock', () => {
    const rates = new StageRates();
    expect(rates.measure({ stage: 'train', model: 'a', rows: 0, total: 10 }, 0)).toEqual({
      elapsedMs: 0,
      measuredRows: 0
    });
    expect(rates.measure({ stage: 'train', model: 'b', rows: 0, total: 10 }, 5000)).toEqual({
      elapsedMs: 0,
      measuredRows: 0
    });
    expect(rates.measure({ stage: 'train', model: 'b', rows: 4, total: 10 }, 7000)).toEqual({
      elapsedMs: 2000,
      measuredRows: 4
    });
    expect(rates.measure({ stage: 'evaluate', rows: 0, total: 10 }, 9000)).toEqual({ elapsedMs: 0, measuredRows: 0 });
    expect(rates.measure({ stage: 'evaluate', rows: 5, total: 10 }, 10_000)).toEqual({
      elapsedMs: 1000,
      measuredRows: 5
    });
  });
});

describe('training progress', () => {
  const train = (rows: number, total = 3000) => ({ stage: 'train' as const, model: 'tfidf-char', rows, total });

  test('a log gets the start, a line at most every interval with rate and time left, and the end with its time', () => {
    let out = '';
    let t = 0;
    const p = new ProgressReporter({ write: (x) => (out += x), tty: false, now: () => t, lineEveryMs: 5000 });
    p.update(train(0));
    t = 1000;
    p.update(train(64));
    t = 6000;
    p.update(train(1200));
    t = 7000;
    p.update(train(1400));
    t = 15_000;
    p.update(train(3000));
    expect(out.split('\n')).toEqual([
      'training tfidf-char on 3,000 rows ...',
      'training tfidf-char: 1,200/3,000 rows (40%), 200 rows/s, about 9 s left',
      'training tfidf-char: done in 15.0 s',
      ''
    ]);
  });

  test('a model outside the process is started, not trained, and says so', () => {
    let out = '';
    let t = 0;
    const p = new ProgressReporter({ write: (x) => (out += x), tty: false, now: () => t });
    const start = (rows: number) => ({ stage: 'train' as const, model: 'intent', rows, total: 842, remote: true });
    p.update(start(0));
    t = 1234;
    p.update(start(842));
    expect(out).toBe('starting intent ...\nstarting intent: ready in 1.2 s\n');
  });

  test('a model read from a file trained elsewhere is loaded, not trained, and says so', () => {
    let out = '';
    let t = 0;
    const p = new ProgressReporter({ write: (x) => (out += x), tty: false, now: () => t });
    const load = (rows: number) => ({ stage: 'train' as const, model: 'gbt', rows, total: 1800, loaded: true });
    p.update(load(0));
    t = 40;
    p.update(load(1800));
    expect(out).toBe('loading gbt ...\nloading gbt: done in 0.0 s\n');
  });

  test('on a terminal the start and end are lines of their own, the bar in between', () => {
    let out = '';
    let t = 0;
    const p = new ProgressReporter({ write: (x) => (out += x), tty: true, now: () => t });
    p.update(train(0));
    t = 2000;
    p.update(train(1000));
    t = 3000;
    p.update(train(3000));
    expect(out).toBe(
      'training tfidf-char on 3,000 rows ...\n' +
        '\r\x1b[K[########................] training tfidf-char: 1,000/3,000 rows (33%), 500 rows/s, about 4 s left' +
        '\r\x1b[Ktraining tfidf-char: done in 3.0 s\n'
    );
  });
});
