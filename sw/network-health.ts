/**
 * Whether the network hangs: venue Wi-Fi that connects and then answers nothing, or only after
 * seconds. The worker counts its own API fetches; the network hangs when one has waited
 * HANGING_AFTER_MS and no fetch has been answered promptly (within HANGING_AFTER_MS) since it left:
 * one slow answer among prompt ones is not a hanging network, and answers that trickle in seconds
 * late are not a working one. A fetch that fails promptly counts as a prompt answer: a network that
 * says no at once is off, not hanging, and the stored copies answer then anyway.
 * docs/architecture.md, 'A network that hangs'.
 */
export const HANGING_AFTER_MS = 1000;
/** How often a read that waits looks again whether the network has started to hang. */
const CHECK_EVERY_MS = 100;

/** When each fetch still on its way left, by a number of its own. */
const outstanding = new Map<number, number>();
let nextId = 0;
let lastPromptAnswerAt = Number.NEGATIVE_INFINITY;

export function networkHangs(now: number = performance.now()): boolean {
  for (const startedAt of outstanding.values()) {
    if (now - startedAt >= HANGING_AFTER_MS && lastPromptAnswerAt < startedAt) return true;
  }
  return false;
}

/** `fetching`, counted while it is on its way; its end (an answer or a failure) is an answer. */
export function trackNetwork<T>(fetching: Promise<T>): Promise<T> {
  const id = nextId++;
  const startedAt = performance.now();
  outstanding.set(id, startedAt);
  const done = () => {
    outstanding.delete(id);
    const now = performance.now();
    if (now - startedAt < HANGING_AFTER_MS) lastPromptAnswerAt = now;
  };
  fetching.then(done, done);
  return fetching;
}

/** Resolves once the network hangs, or after `limitMs` at most; `cancel` stops the checks. */
export function hangOrTimeout(limitMs: number): { settled: Promise<void>; cancel: () => void } {
  let timer: ReturnType<typeof setInterval> | undefined;
  const settled = new Promise<void>((resolve) => {
    const givesUpAt = performance.now() + limitMs;
    timer = setInterval(() => {
      if (networkHangs() || performance.now() >= givesUpAt) resolve();
    }, CHECK_EVERY_MS);
  });
  return { settled: settled.finally(() => clearInterval(timer)), cancel: () => clearInterval(timer) };
}

/** Forgets every fetch (for tests: the module's state lives as long as the worker). */
export function resetNetworkHealth(): void {
  outstanding.clear();
  lastPromptAnswerAt = Number.NEGATIVE_INFINITY;
}
