import { beginPublish, claimStop, endPublish, resetStopState, shareStopState } from '../../src/output/stop.js';

afterEach(() => resetStopState());

describe('the stop state shared by the engine thread and its supervisor', () => {
  test('a stop claimed first makes the commit refuse; the claim stays a stop', () => {
    shareStopState();
    expect(claimStop()).toBe('stop');
    expect(beginPublish()).toBe(false);
    expect(claimStop()).toBe('stop');
  });

  test('a commit begun first makes a later stop request see the output published', () => {
    shareStopState();
    expect(beginPublish()).toBe(true);
    endPublish(true);
    expect(claimStop()).toBe('published');
  });

  test('a failed swap returns to running, so a later stop request stops the run', () => {
    shareStopState();
    expect(beginPublish()).toBe(true);
    endPublish(false);
    expect(claimStop()).toBe('stop');
  });

  test('two threads share one word: what one sets, the other sees', () => {
    const buffer = shareStopState();
    expect(beginPublish()).toBe(true);
    endPublish(true);
    resetStopState();
    shareStopState(buffer);
    expect(claimStop()).toBe('published');
  });

  test('without a shared word a commit always proceeds, and a stop is told apart by this thread having published', () => {
    expect(claimStop()).toBe('stop');
    expect(beginPublish()).toBe(true);
    endPublish(true);
    expect(claimStop()).toBe('published');
  });
});
