/**
 * Keyboard slips on one very long row (about 5 MB): linear in the text (a list of every word's choices made it take
 * 12 s), each slip the drawn one of its word. On a file of its own, so that its memory and time do not weigh on the
 * other families' bounds.
 */
import { buildFamilies } from '../../src/perturb/registry.js';
import { longText } from './long-text.js';

test('a 5 MB row gets its keyboard slips in seconds, each one the drawn slip of its word', () => {
  const text = longText(5_000_000);
  const { runners } = buildFamilies(
    { typo: { words_per_change: 5, operators: ['typo_swap', 'typo_delete', 'typo_insert', 'typo_substitute'] } },
    { seed: 1637, maxCharEditRatio: 0.25 }
  );
  const started = performance.now();
  const outcome = (runners[0] as (typeof runners)[number]).perturb({ id: 'long-1', text, language: 'en' });
  const seconds = (performance.now() - started) / 1000;
  expect([outcome.attempted, outcome.valid, outcome.text !== text]).toEqual([true, true, true]);
  expect(outcome.edits?.length).toBeGreaterThan(50_000);
  // About 3 s on a 2-core machine; the bound leaves room for a loaded CI runner.
  expect(seconds).toBeLessThan(20);
}, 60_000);
