import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ConversationPerson, Message } from '../../../../contract/messages';
import { apiRequest } from '../../../lib/api-client';
import type { OutboxRecord } from '../../../offline/db';
import { messageSendMutation, type MessageSendPayload } from '../../../offline/mutations/message-send';
import { useOutboxStatus } from '../../../offline/outbox-context';
import { askPersistentStorage } from '../../../offline/persist';
import type { SendFn } from '../../../offline/send';
import { cacheMessage } from './cache-message';

/** The request of the kind, sent once through the api client (a refusal is thrown as its ApiError). */
const sendNow: SendFn = async ({ method, path, body }) => ({ status: 200, body: await apiRequest(method, path, { body }), retryAfter: null });

/**
 * Sending a message goes through the outbox (docs/architecture.md, "Writes that must survive the
 * venue"): it shows at once, 'Waiting to send', and goes out once, in order, when the network lets
 * it. Without IndexedDB it is sent at once and a refusal is thrown. `ready` is false while the
 * outbox is on its way.
 */
export function useSendMessage(to: ConversationPerson) {
  const status = useOutboxStatus('now');
  const queryClient = useQueryClient();
  const outbox = status.outbox;
  const send = useCallback(
    async (text: string): Promise<void> => {
      const payload: MessageSendPayload = { userId: to.id, messageId: crypto.randomUUID(), text, actedAt: new Date().toISOString(), to };
      if (outbox) {
        await outbox.enqueue(messageSendMutation, payload);
        void askPersistentStorage();
        return;
      }
      const record = { id: crypto.randomUUID(), kind: 'message-send', payload } as OutboxRecord & { kind: 'message-send' };
      const answer = await messageSendMutation.request(record, sendNow);
      cacheMessage(queryClient, to.id, answer.body as Message, { open: true });
    },
    [outbox, queryClient, to],
  );
  return { send, ready: status.state !== 'loading' };
}
