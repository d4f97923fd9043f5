import type { InteractionUser } from '../../../../contract/attendees';
import type { Outbox } from '../../../offline/outbox';
import { Button } from '../../../ui/Button';
import { failedRecordText, isRetryable } from '../failed-record';
import { useOnline } from '../../../lib/use-online';
import { useFailedRecords, usePendingCount } from '../use-outbox-state';

/**
 * Where the member swipes: the offline notice, 'n waiting to sync', and this event's records the
 * server refused, each saying what it was, whom it was about and the server's reason, with Discard
 * (and Retry where the member can fix the reason).
 */
export function SyncStatus({ outbox, eventId, people }: { outbox: Outbox | null; eventId: string; people: ReadonlyMap<string, InteractionUser> }) {
  const online = useOnline();
  const pending = usePendingCount(outbox);
  const failed = useFailedRecords(outbox).filter(({ record }) => 'eventId' in record.payload && record.payload.eventId === eventId);
  if (online && pending === 0 && failed.length === 0) return null;
  return (
    <div className="sync-status">
      {!online && (
        <p className="sync-offline" role="status">
          You're offline. Your swipes are saved and will be sent when you're back online.
        </p>
      )}
      {pending > 0 && (
        <p className="sync-pending" role="status">
          {pending} waiting to sync
        </p>
      )}
      {failed.length > 0 && (
        <ul className="sync-failed" aria-label="Not synced">
          {failed.map((item) => (
            <li key={item.record.id}>
              <span className="sync-failed-text">{failedRecordText(item, people)}</span>
              <span className="sync-failed-actions">
                {isRetryable(item) && (
                  <Button variant="secondary" size="sm" onClick={() => void outbox?.retry(item.record.id)}>
                    Retry
                  </Button>
                )}
                <Button variant="ghost" size="sm" onClick={() => void outbox?.discard(item.record.id)}>
                  Discard
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
