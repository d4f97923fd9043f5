import { useSyncExternalStore } from 'react';
import type { FailedRecord, Outbox } from '../../offline/outbox';
import { useLive } from '../../offline/use-outbox-live';

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

const NO_FAILED: FailedRecord[] = [];

/** Records waiting to sync. */
export function usePendingCount(outbox: Outbox | null): number {
  return useLive(outbox ? outbox.subscribePendingCount : null, 0);
}

/** Records the server refused, with the reason. */
export function useFailedRecords(outbox: Outbox | null): FailedRecord[] {
  return useLive(outbox ? outbox.subscribeFailed : null, NO_FAILED);
}
