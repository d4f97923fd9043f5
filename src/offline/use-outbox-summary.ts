import { useEffect, useState } from 'react';
import { outboxKnownEmpty, subscribeOtherTabsSummary } from './outbox-summary';

/**
 * Whether the member's outbox was known to hold nothing when the screen opened
 * (outbox-summary.ts), so that it may show before IndexedDB answered. Only another tab can change
 * that answer afterwards (a storage event): what this screen queues itself, it hides on its own.
 */
export function useOutboxKnownEmpty(userId: string | null | undefined): boolean {
  const [known, setKnown] = useState(() => ({ userId, empty: outboxKnownEmpty(userId) }));
  useEffect(() => {
    if (typeof userId !== 'string') return;
    const check = () => {
      const empty = outboxKnownEmpty(userId);
      setKnown((prev) => (prev.userId === userId && prev.empty === empty ? prev : { userId, empty }));
    };
    const unsubscribe = subscribeOtherTabsSummary(userId, check);
    // A change between the first render and this subscription.
    check();
    return unsubscribe;
  }, [userId]);
  return known.userId === userId ? known.empty : outboxKnownEmpty(userId);
}
