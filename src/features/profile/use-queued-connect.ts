import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OutboxRecord } from '../../offline/db';
import { connectMutation, connectOverlayOf } from '../../offline/mutations/connect';
import type { Outbox } from '../../offline/outbox';
import { useDemandOutbox, useOutboxStatus } from '../../offline/outbox-context';
import { outboxKnownEmpty } from '../../offline/outbox-summary';
import { useOutboxRecords } from '../../offline/use-outbox-records';
import { toast } from '../../ui/toast-store';
import { CONNECT_FAILED_TOAST } from './connect-toasts';

const subscribeConnects = (outbox: Outbox, listener: (records: OutboxRecord[]) => void) => outbox.subscribeRecords('connect', listener);

export interface QueuedConnect {
  /** A connect with this member waits in the outbox (or is on its way there). */
  waiting: boolean;
  /** Puts the connect into the outbox; the sync engine sends it once the network is back. */
  queue: () => void;
}

/**
 * Connecting through a member's share link without network (a QR code scanned at the venue): the
 * request waits in the outbox (record kind 'connect') and is sent once, later. `onLanded` runs when
 * the waiting record is gone (sent, or refused and told with a notice).
 */
export function useQueuedConnect(memberId: string | null, userId: string, secret: string, onLanded: () => void): QueuedConnect {
  const [knownEmpty] = useState(() => memberId !== null && outboxKnownEmpty(memberId));
  const status = useOutboxStatus(knownEmpty ? 'after-first-screen' : 'now');
  const demandOutbox = useDemandOutbox();
  const records = useOutboxRecords(status.outbox, subscribeConnects);
  const recorded = useMemo(() => connectOverlayOf(records).waitingFor.has(userId), [records, userId]);
  // Pressed: the page says so at once, and until the record has come and gone.
  const [asked, setAsked] = useState(false);
  const [seen, setSeen] = useState(recorded);
  if (seen !== recorded) {
    setSeen(recorded);
    if (!recorded) setAsked(false);
  }
  // Pressed while the outbox was still loading: queued as soon as it is there.
  const held = useRef(false);
  const landed = useRef(onLanded);
  const wasWaiting = useRef(false);
  useEffect(() => {
    landed.current = onLanded;
  });
  useEffect(() => {
    if (wasWaiting.current && !recorded) landed.current();
    wasWaiting.current = recorded;
  }, [recorded]);

  const refuse = useCallback(() => {
    setAsked(false);
    toast(CONNECT_FAILED_TOAST);
  }, []);
  const put = useCallback((outbox: Outbox) => void outbox.enqueue(connectMutation, { userId, secret }).catch(refuse), [userId, secret, refuse]);

  const { state, outbox } = status;
  const latestRefuse = useRef(refuse);
  useEffect(() => {
    if (!held.current || state === 'loading') return;
    held.current = false;
    // No IndexedDB here (or it would not open): nothing can wait on this device.
    if (outbox) put(outbox);
    else latestRefuse.current();
  }, [state, outbox, put]);

  const queue = useCallback(() => {
    if (state === 'unavailable') {
      refuse();
      return;
    }
    setAsked(true);
    if (outbox) put(outbox);
    else {
      held.current = true;
      demandOutbox();
    }
  }, [state, outbox, put, refuse, demandOutbox]);

  return { waiting: asked || recorded, queue };
}
