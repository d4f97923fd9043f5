import { useEffect, useState } from 'react';
import type { OutboxRecord } from './db';
import type { Outbox } from './outbox';

/**
 * Records of the member's outbox, live, from one of its subscriptions (`subscribe`, memoised by
 * the caller); null until the outbox answered or without one. Apart from use-outbox-live.ts, which
 * goes with the event screens' chunk: the profile and a connection's page use this one.
 */
export function useOutboxRecords(
  outbox: Outbox | null,
  subscribe: (outbox: Outbox, listener: (records: OutboxRecord[]) => void) => () => void,
): OutboxRecord[] | null {
  const [live, setLive] = useState<{ outbox: Outbox; records: OutboxRecord[] } | null>(null);
  useEffect(() => (outbox ? subscribe(outbox, (records) => setLive({ outbox, records })) : undefined), [outbox, subscribe]);
  return live && live.outbox === outbox ? live.records : null;
}
