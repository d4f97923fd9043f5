import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeckCandidate } from '../../../../contract/attendees';
import type { SwipeDirection } from '../../../offline/mutations/swipe';
import { Button } from '../../../ui/Button';

/** How long the deck offers to undo the last swipe (docs/product.md, the Meet Attendees page). */
export const UNDO_WINDOW_MS = 5000;

export interface LastSwipe {
  candidate: DeckCandidate;
  direction: SwipeDirection;
}

/**
 * The member's last swipe while it may still be undone from the deck. `take` answers it and
 * forgets it (what an undo does), also before the screen rendered it: a swipe and Ctrl+Z can come
 * in the same frame.
 */
export function useLastSwipe() {
  const [last, setLast] = useState<LastSwipe | null>(null);
  const current = useRef<LastSwipe | null>(null);
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => {
      current.current = null;
      setLast(null);
    }, UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [last]);
  const remember = useCallback((swipe: LastSwipe) => {
    current.current = swipe;
    setLast(swipe);
  }, []);
  const take = useCallback(() => {
    const swipe = current.current;
    current.current = null;
    setLast(null);
    return swipe;
  }, []);
  return { last, remember, take };
}

/** 'Undo' for the last swipe; its name says which (the visible word starts it, for speech input). */
export function UndoSwipeButton({ swipe, onUndo, size }: { swipe: LastSwipe; onUndo: () => void; size?: 'md' | 'lg' }) {
  const name = swipe.candidate.firstName;
  return (
    <Button
      variant="secondary"
      size={size}
      className="swipe-undo"
      aria-label={swipe.direction === 'right' ? `Undo connecting with ${name}` : `Undo passing on ${name}`}
      aria-keyshortcuts="Control+Z Meta+Z"
      onClick={onUndo}
    >
      Undo
    </Button>
  );
}
