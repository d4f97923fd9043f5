import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { OutboxRecord } from '../../offline/db';
import type { FailedRecord, Outbox } from '../../offline/outbox';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** navigator.onLine, kept current by the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** A live value from one of the outbox subscriptions; `initial` until the first answer. */
function useLive<T>(subscribe: ((listener: (value: T) => void) => () => void) | null, initial: T): T {
  const [state, setState] = useState<{ subscribe: typeof subscribe; value: T }>({ subscribe, value: initial });
  useEffect(() => {
    if (!subscribe) return;
    return subscribe((value) => setState({ subscribe, value }));
  }, [subscribe]);
  // A value from a previous subscription (another event or member) is not shown.
  return state.subscribe === subscribe ? state.value : initial;
}

const NO_RECORDS: OutboxRecord[] = [];
const NO_FAILED: FailedRecord[] = [];

/** Queued swipes of this event (pending, sending or failed); null until the outbox answered. */
export function usePendingSwipes(outbox: Outbox | null, eventId: string): OutboxRecord[] | null {
  const subscribe = useMemo(
    () => (outbox ? (listener: (records: OutboxRecord[] | null) => void) => outbox.subscribePendingSwipes(eventId, listener) : null),
    [outbox, eventId],
  );
  const value = useLive(subscribe, null);
  return outbox ? value : NO_RECORDS;
}

/** Records waiting to sync. */
export function usePendingCount(outbox: Outbox | null): number {
  return useLive(outbox ? outbox.subscribePendingCount : null, 0);
}

/** Records the server refused, with the reason. */
export function useFailedRecords(outbox: Outbox | null): FailedRecord[] {
  return useLive(outbox ? outbox.subscribeFailed : null, NO_FAILED);
}
