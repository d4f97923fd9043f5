import type { OutboxRecord } from '../../../offline/db';
import type { Outbox } from '../../../offline/outbox';
import { Button } from '../../../ui/Button';
import { useFailedRecords, useOnline, usePendingCount } from '../use-outbox-state';

function describe(record: OutboxRecord, nameOf: (userId: string) => string | undefined): string {
  if (record.kind === 'goal') return 'Goal update';
  const who = record.payload.toUserId ? nameOf(record.payload.toUserId) : undefined;
  const suffix = who ? ` (${who})` : '';
  if (record.kind === 'undo-swipe') return `Undo${suffix}`;
  return (record.payload.direction === 'right' ? 'Connect' : 'Pass') + suffix;
}

/** Where the member swipes: offline notice, 'n waiting to sync' and refused records with Discard. */
export function SyncStatus({ outbox, nameOf }: { outbox: Outbox | null; nameOf: (userId: string) => string | undefined }) {
  const online = useOnline();
  const pending = usePendingCount(outbox);
  const failed = useFailedRecords(outbox);
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
          {failed.map(({ record, reason }) => (
            <li key={record.id}>
              <span>
                {describe(record, nameOf)}: {reason}
              </span>
              <Button variant="ghost" size="sm" onClick={() => void outbox?.discard(record.id)}>
                Discard
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
