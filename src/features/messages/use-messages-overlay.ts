import { useMemo } from 'react';
import type { OutboxRecord } from '../../offline/db';
import type { Outbox } from '../../offline/outbox';
import { useOutboxStatus } from '../../offline/outbox-context';
import { useOutboxRecords } from '../../offline/use-outbox-records';
import { useOutboxKnownEmpty } from '../../offline/use-outbox-summary';
import { useMe } from '../../lib/signed-in-member';
import { messagesOverlay } from './messages-shown';

const subscribeMessages = (outbox: Outbox, listener: (records: OutboxRecord[]) => void) => outbox.subscribeKinds(['message-send'], listener);

/** This device's messages not yet taken by the server, by conversation; `settled` once the outbox answered. */
export function useMessagesOverlay() {
  // With the member's outbox known to be empty nothing queued can show: the outbox (Dexie,
  // IndexedDB) then loads after the first screen, not in the way of its paint.
  const knownEmpty = useOutboxKnownEmpty(useMe().me?.id);
  const status = useOutboxStatus(knownEmpty ? 'after-first-screen' : 'now');
  const records = useOutboxRecords(status.outbox, subscribeMessages);
  const overlay = useMemo(() => messagesOverlay(records), [records]);
  return { overlay, settled: status.state === 'unavailable' || records !== null || knownEmpty, outbox: status.outbox };
}
