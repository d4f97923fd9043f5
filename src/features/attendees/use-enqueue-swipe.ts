import { useCallback, useEffect, useRef } from 'react';
import type { DeckCandidate } from '../../../contract/attendees';
import { swipeMutation, type SwipeDirection } from '../../offline/mutations/swipe';
import { undoSwipeMutation } from '../../offline/mutations/undo-swipe';
import { useDemandOutbox, type OutboxStatus } from '../../offline/outbox-context';
import type { Outbox } from '../../offline/outbox';
import { askPersistentStorage } from '../../offline/persist';

/** A swipe, or the undo of the last one from the deck. */
export type DeckAction = SwipeDirection | 'undo';
type Swipe = { candidate: DeckCandidate; direction: DeckAction };

export interface EnqueueSwipeHandlers {
  /** The outbox refused the record (a swiped card should come back, an undone one go again). */
  onRefused: (candidate: DeckCandidate, error: unknown, action: DeckAction) => void;
  /** There is no outbox in this browser: nothing can be queued. */
  onUnavailable: () => void;
}

/**
 * Puts a swipe, or an undo (latest intent wins: it cancels a swipe still queued), into the outbox. The deck may show before the outbox has loaded (its summary said
 * it is empty), so a swipe made meanwhile is held, the outbox asked for at once (it may have been
 * left for after the first screen), and the swipe queued, in order, as soon as it is there.
 * The function is stable, so the memoised top card does not render again while it is dragged.
 */
export function useEnqueueSwipe(status: OutboxStatus, eventId: string, handlers: EnqueueSwipeHandlers) {
  const held = useRef<Swipe[]>([]);
  const demandOutbox = useDemandOutbox();
  const latest = useRef({ status, handlers });
  useEffect(() => {
    latest.current = { status, handlers };
  });

  const send = useCallback(
    (outbox: Outbox, { candidate, direction }: Swipe) => {
      const toUserId = candidate.id;
      const queued =
        direction === 'undo'
          ? outbox.enqueue(undoSwipeMutation, { eventId, toUserId })
          : outbox.enqueue(swipeMutation, { eventId, toUserId, direction }).then(() => void askPersistentStorage());
      queued.catch((error: unknown) => latest.current.handlers.onRefused(candidate, error, direction));
    },
    [eventId],
  );

  const { state, outbox } = status;
  useEffect(() => {
    if (state === 'loading' || held.current.length === 0) return;
    const waiting = held.current;
    held.current = [];
    if (outbox) for (const swipe of waiting) send(outbox, swipe);
    else latest.current.handlers.onUnavailable();
  }, [state, outbox, send]);

  return useCallback(
    (candidate: DeckCandidate, direction: DeckAction) => {
      const now = latest.current.status;
      if (now.outbox) send(now.outbox, { candidate, direction });
      else if (now.state === 'loading') {
        held.current.push({ candidate, direction });
        demandOutbox();
      } else latest.current.handlers.onUnavailable();
    },
    [send, demandOutbox],
  );
}
