import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Meeting } from '../../../../contract/meetings';
import type { OutboxPayloads, OutboxRecord } from '../../../offline/db';
import type { MEETING_KINDS } from '../../../offline/mutations/meeting-overlay';
import { useOutboxStatus } from '../../../offline/outbox-context';
import { askPersistentStorage } from '../../../offline/persist';
import type { SendFn } from '../../../offline/send';
import { apiRequest } from '../../../lib/api-client';
import { MEETING_MUTATIONS } from '../meeting-mutations';
import { cacheMeeting } from './cache-meeting';

/**
 * The request a kind builds, sent once through the api client (a refusal is thrown as its
 * ApiError); without its key: nothing sends it again.
 */
const sendNow: SendFn = async ({ method, path, body }) => ({ status: 200, body: await apiRequest(method, path, { body }), retryAfter: null });

export type MeetingKind = (typeof MEETING_KINDS)[number];

/**
 * Every meeting write goes through the outbox (docs/architecture.md, "Writes that must survive the
 * venue"): shown at once, sent when the network lets it, once. Without IndexedDB it is sent at
 * once, the same request the outbox would send, and a refusal is thrown. `ready` is false while
 * the outbox is on its way.
 */
export function useMeetingWrite() {
  const status = useOutboxStatus('now');
  const queryClient = useQueryClient();
  const outbox = status.outbox;
  const write = useCallback(
    async <K extends MeetingKind>(kind: K, payload: OutboxPayloads[K]): Promise<void> => {
      const mutation = MEETING_MUTATIONS[kind];
      if (outbox) {
        await outbox.enqueue(mutation as never, payload as never);
        void askPersistentStorage();
        return;
      }
      const record = { id: crypto.randomUUID(), kind, payload } as unknown as OutboxRecord & { kind: K };
      const answer = await (mutation.request as (r: OutboxRecord, send: SendFn) => ReturnType<SendFn>)(record, sendNow);
      cacheMeeting(queryClient, answer.body as Meeting);
    },
    [outbox, queryClient],
  );
  return { write, ready: status.state !== 'loading' };
}
