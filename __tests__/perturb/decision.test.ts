import { decide } from '../../src/perturb/decision.js';

describe('decide', () => {
  test('is the first four SHA-256 bytes of seed\\0family\\0id\\0position over 2^32 (values from Python hashlib)', () => {
    expect(decide(1637, 'transpose', 'ct-0001', 3)).toBe(3565436915 / 2 ** 32);
    expect(decide(42, 'format', 'row-é', 'case:0')).toBe(4075771712 / 2 ** 32);
    expect(decide(0, 'dictionary', '', 0)).toBe(2275421067 / 2 ** 32);
  });

  test('a number position and its decimal string are the same choice', () => {
    expect(decide(7, 'transpose', 'a', 12)).toBe(decide(7, 'transpose', 'a', '12'));
  });

  test('lies in [0, 1) and changes with every component', () => {
    const base = decide(1, 'format', 'x', 0);
    expect(base).toBeGreaterThanOrEqual(0);
    expect(base).toBeLessThan(1);
    expect(decide(2, 'format', 'x', 0)).not.toBe(base);
    expect(decide(1, 'transpose', 'x', 0)).not.toBe(base);
    expect(decide(1, 'format', 'y', 0)).not.toBe(base);
    expect(decide(1, 'format', 'x', 1)).not.toBe(base);
  });

  test('the separator keeps components apart ("a" + "b\\0c" is not "a\\0b" + "c")', () => {
    expect(decide(1, 'f', 'ab', 'c')).not.toBe(decide(1, 'f', 'a', 'bc'));
  });
});
