/**
 * Sends run after the request that caused them has answered (they must never slow or fail it).
 * They are tracked here so that a test can wait for them to finish, and a shutdown could too.
 */
const pending = new Set<Promise<unknown>>();

export function trackSend(work: Promise<unknown>): void {
  pending.add(work);
  const done = () => pending.delete(work);
  work.then(done, done);
}

/** Resolves once every send started so far (and any they started) has finished. */
export async function pushSendsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
