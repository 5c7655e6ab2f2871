/** Ledger masks of SPEC §7, branch by branch, computed by hand. */
import { ledgerMasks, type MaskInput } from '../../src/evidence/ledger.js';

const base: MaskInput = {
  objective: 'untargeted',
  transitions: [{ from: 'limitation', to: 'result' }],
  gold: 'limitation',
  cleanOk: true,
  cleanPrediction: 'limitation',
  attempted: true,
  changed: true,
  valid: true,
  rowOk: true,
  prediction: 'limitation'
};
const masks = (over: Partial<MaskInput>) => ledgerMasks({ ...base, ...over });

describe('untargeted objective', () => {
  test('tested and still right: no success, not uncovered', () => {
    expect(masks({})).toEqual({
      in_scope: true,
      eligible: true,
      tested: true,
      success: false,
      uncovered: false,
      uncovered_reason: null
    });
  });

  test('tested and now wrong (any wrong label) is a success', () => {
    expect(masks({ prediction: 'method' })).toMatchObject({ tested: true, success: true });
  });

  test('a clean error is in scope but not eligible, and never a success or uncovered', () => {
    expect(masks({ cleanPrediction: 'result', prediction: 'method' })).toEqual({
      in_scope: true,
      eligible: false,
      tested: false,
      success: false,
      uncovered: false,
      uncovered_reason: null
    });
  });

  test('a missing clean row is out of scope', () => {
    expect(masks({ cleanOk: false, cleanPrediction: null })).toMatchObject({
      in_scope: false,
      eligible: false,
      uncovered: false
    });
  });

  test.each([
    [{ attempted: false, changed: false, valid: false }, 'no_dictionary'],
    [{ changed: false }, 'unchanged'],
    [{ changed: false, valid: false, rowOk: false }, 'unchanged'],
    [{ valid: false }, 'invalid'],
    [{ valid: false, rowOk: false }, 'invalid'],
    [{ rowOk: false, prediction: null }, 'missing']
  ] as Array<[Partial<MaskInput>, string]>)('eligible but not tested %j is uncovered: %s', (over, reason) => {
    expect(masks(over)).toMatchObject({
      eligible: true,
      tested: false,
      success: false,
      uncovered: true,
      uncovered_reason: reason
    });
  });

  test('an invalid candidate that flips the prediction is not a success', () => {
    expect(masks({ valid: false, prediction: 'result' })).toMatchObject({ success: false, uncovered: true });
  });
});

describe('targeted objective', () => {
  const targeted = (over: Partial<MaskInput>) => masks({ objective: 'targeted', ...over });

  test('only gold labels that are a declared "from" are in scope', () => {
    expect(targeted({ gold: 'method', cleanPrediction: 'method', prediction: 'result' })).toMatchObject({
      in_scope: false,
      eligible: false,
      success: false
    });
  });

  test('success only for a declared protected transition', () => {
    expect(targeted({ prediction: 'result' })).toMatchObject({ tested: true, success: true });
    expect(targeted({ prediction: 'method' })).toMatchObject({ tested: true, success: false });
  });
});
