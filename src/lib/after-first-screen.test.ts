import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen';

afterEach(() => vi.useRealTimers());

describe('afterFirstScreen', () => {
  it('runs the work only after the page has loaded and the grace period has passed', async () => {
    vi.useFakeTimers();
    const work = vi.fn();
    afterFirstScreen(work);
    expect(work).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the works in the order asked for, each once the one before has finished, also when one fails', async () => {
    vi.useFakeTimers();
    const done: string[] = [];
    let finishFirst = () => {};
    afterFirstScreen(() => new Promise<void>((resolve) => (finishFirst = () => (done.push('first'), resolve()))));
    afterFirstScreen(() => Promise.reject(new Error('chunk not loaded')));
    afterFirstScreen(() => void done.push('third'));
    await vi.runAllTimersAsync();
    expect(done).toEqual([]);
    finishFirst();
    await vi.runAllTimersAsync();
    expect(done).toEqual(['first', 'third']);
  });
});
