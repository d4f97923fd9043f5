import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './after-first-screen';

afterEach(() => vi.useRealTimers());

describe('afterFirstScreen', () => {
  it('runs the work only after the page has loaded and the grace period has passed', () => {
    vi.useFakeTimers();
    const work = vi.fn();
    afterFirstScreen(work);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
