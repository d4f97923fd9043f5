import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANGING_AFTER_MS, hangOrTimeout, networkHangs, resetNetworkHealth, trackNetwork } from './network-health';

/** A fetch the test answers (or fails) when it wants. */
function pending() {
  let answer!: () => void;
  let fail!: () => void;
  const promise = new Promise<void>((resolve, reject) => {
    answer = resolve;
    fail = () => reject(new TypeError('Failed to fetch'));
  });
  promise.catch(() => {});
  return { promise, answer, fail };
}

describe('whether the network hangs', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    resetNetworkHealth();
  });
  afterEach(() => vi.useRealTimers());

  it('hangs once a fetch has waited long with nothing answered since it left', async () => {
    trackNetwork(pending().promise);
    expect(networkHangs()).toBe(false);
    await vi.advanceTimersByTimeAsync(HANGING_AFTER_MS - 10);
    expect(networkHangs()).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(networkHangs()).toBe(true);
  });

  it('does not hang while other fetches are answered: one slow answer is not a hanging network', async () => {
    trackNetwork(pending().promise);
    await vi.advanceTimersByTimeAsync(300);
    const prompt = pending();
    trackNetwork(prompt.promise);
    prompt.answer();
    await vi.advanceTimersByTimeAsync(HANGING_AFTER_MS);
    expect(networkHangs()).toBe(false);
  });

  it('answers that come seconds late do not make a hanging network a working one', async () => {
    const late = pending();
    trackNetwork(late.promise);
    await vi.advanceTimersByTimeAsync(HANGING_AFTER_MS * 3);
    trackNetwork(pending().promise);
    late.answer();
    await vi.advanceTimersByTimeAsync(HANGING_AFTER_MS);
    expect(networkHangs()).toBe(true);
  });

  it('a fetch that fails at once is an answer (offline, not hanging), and a prompt answer ends the hang', async () => {
    const failed = pending();
    trackNetwork(failed.promise);
    failed.fail();
    await vi.advanceTimersByTimeAsync(HANGING_AFTER_MS * 2);
    expect(networkHangs()).toBe(false);

    trackNetwork(pending().promise);
    await vi.advanceTimersByTimeAsync(HANGING_AFTER_MS);
    expect(networkHangs()).toBe(true);
    const prompt = pending();
    trackNetwork(prompt.promise);
    await vi.advanceTimersByTimeAsync(100);
    prompt.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(networkHangs()).toBe(false);
  });

  it('a read waiting for the network gives up as soon as it hangs, or at its limit', async () => {
    trackNetwork(pending().promise);
    let gaveUp = false;
    void hangOrTimeout(3000).settled.then(() => (gaveUp = true));
    await vi.advanceTimersByTimeAsync(HANGING_AFTER_MS + 100);
    expect(gaveUp).toBe(true);

    resetNetworkHealth();
    let limited = false;
    void hangOrTimeout(500).settled.then(() => (limited = true));
    await vi.advanceTimersByTimeAsync(400);
    expect(limited).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(limited).toBe(true);
  });
});
