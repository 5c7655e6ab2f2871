/**
 * Harness throughput with a trivial echo model. The target (≥ 200,000 predictions/s for short
 * distinct texts on a 2-core machine) is asserted only with EXTERNAL_BENCH set, which also
 * prints the rate; otherwise a lenient floor keeps CI robust. scripts/bench-external.js measures
 * the same outside jest with 1,000,000 inputs.
 */
import { ExternalModel } from '../../../src/models/external/external-model.js';
import { FIXTURES, fixture, plan, text } from './helpers.js';

const bench = process.env.EXTERNAL_BENCH !== undefined && process.env.EXTERNAL_BENCH !== '';
const N = 300_000;

test(`throughput: ${N} distinct short texts through an echo model`, async () => {
  const inputs = Array.from({ length: N }, (_, i) => text(`short text number ${i}`));
  const m = new ExternalModel(
    plan({ command: fixture('echo-model.mjs'), window: 4096 }),
    ['a', 'b'],
    FIXTURES,
    () => {}
  );
  try {
    const started = performance.now();
    const results = await m.score(inputs);
    const seconds = (performance.now() - started) / 1000;
    const rate = N / seconds;
    expect(results.length).toBe(N);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    expect(m.counters()).toMatchObject({ requests: N, responses: N, failures: {} });
    if (bench) {
      process.stdout.write(
        `external model throughput (jest): ${Math.round(rate)} predictions/s (${N} in ${seconds.toFixed(2)} s)\n`
      );
      expect(rate).toBeGreaterThanOrEqual(200_000);
    } else expect(rate).toBeGreaterThanOrEqual(20_000);
  } finally {
    await m.close();
  }
});
