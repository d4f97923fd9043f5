import type { FailedRecord, Outbox } from '../../offline/outbox';
import { useLive } from '../../offline/use-outbox-live';

const NO_FAILED: FailedRecord[] = [];

/** Records waiting to sync. */
export function usePendingCount(outbox: Outbox | null): number {
  return useLive(outbox ? outbox.subscribePendingCount : null, 0);
}

/** Records the server refused, with the reason. */
export function useFailedRecords(outbox: Outbox | null): FailedRecord[] {
  return useLive(outbox ? outbox.subscribeFailed : null, NO_FAILED);
}
