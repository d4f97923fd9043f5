import { useEffect, useMemo, useRef, useState } from 'react';
import type { DeckCandidate } from '../../../../contract/attendees';
import { errorMessage } from '../../../lib/api-client';
import type { SwipeDirection } from '../../../offline/db';
import type { Outbox } from '../../../offline/outbox';
import { askPersistentStorage } from '../../../offline/persist';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useDeck } from '../api/queries';
import { usePendingSwipes } from '../use-outbox-state';
import { CandidateContent, SwipeCard, type SwipeCardHandle } from './SwipeCard';

export const DECK_EMPTY_TEXT = "You've gone through all available profiles!";
/** Cards kept in the DOM: the top one and two behind it. */
const CARDS_IN_DOM = 3;
/** Photos loaded ahead of the top card. */
const PRELOAD_AHEAD = 4;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="tablist"]') !== null;
}

/** The card stack: the deck minus every candidate whose swipe is queued (so it never returns). */
export function SwipeDeck({ eventId, outbox }: { eventId: string; outbox: Outbox | null }) {
  const deck = useDeck(eventId);
  const pending = usePendingSwipes(outbox, eventId);
  // Swiped in this visit: hidden at once, before the outbox's live query answers.
  const [swiped, setSwiped] = useState<ReadonlySet<string>>(() => new Set());
  const top = useRef<SwipeCardHandle>(null);

  const candidates = useMemo(() => {
    const queued = new Set((pending ?? []).map((r) => (r.kind === 'swipe' ? r.payload.toUserId : '')));
    return (deck.data?.attendees ?? []).filter((c) => !queued.has(c.id) && !swiped.has(c.id));
  }, [deck.data, pending, swiped]);

  useEffect(() => {
    for (const candidate of candidates.slice(1, 1 + PRELOAD_AHEAD)) {
      if (candidate.imageUrl) new Image().src = candidate.imageUrl;
    }
  }, [candidates]);

  const act = (candidate: DeckCandidate, direction: SwipeDirection) => {
    setSwiped((prev) => new Set(prev).add(candidate.id));
    if (!outbox) {
      toast({ title: 'Error', description: 'Your swipes cannot be saved in this browser.', variant: 'destructive' });
      return;
    }
    outbox
      .enqueueSwipe({ eventId, toUserId: candidate.id, direction })
      .then(() => void askPersistentStorage())
      .catch((error: unknown) => {
        setSwiped((prev) => {
          const next = new Set(prev);
          next.delete(candidate.id);
          return next;
        });
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      });
  };

  const ready = deck.data !== undefined && pending !== null;
  const current = ready ? candidates[0] : undefined;

  useEffect(() => {
    if (!current) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      event.preventDefault();
      top.current?.fling(event.key === 'ArrowRight' ? 'right' : 'left');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [current]);

  if (deck.isError && deck.data === undefined) return <p role="alert">{errorMessage(deck.error)}</p>;
  if (!ready) return <Spinner />;
  if (!current) return <EmptyState title={DECK_EMPTY_TEXT} />;

  const behind = candidates.slice(1, CARDS_IN_DOM);
  return (
    <div className="swipe-deck">
      <div className="swipe-stack">
        {behind
          .map((candidate, index) => (
            <article key={candidate.id} className={`swipe-card swipe-card--behind swipe-card--behind-${index + 1}`} aria-hidden="true">
              <CandidateContent candidate={candidate} />
            </article>
          ))
          .reverse()}
        <SwipeCard key={current.id} ref={top} candidate={current} onSwiped={(direction) => act(current, direction)} />
      </div>
      <div className="swipe-actions">
        <Button variant="secondary" size="lg" aria-label={`Pass on ${current.firstName}`} onClick={() => top.current?.fling('left')}>
          Pass
        </Button>
        <Button size="lg" aria-label={`Connect with ${current.firstName}`} onClick={() => top.current?.fling('right')}>
          Connect
        </Button>
      </div>
      <p className="swipe-keys-hint">Tip: use the Left and Right arrow keys.</p>
    </div>
  );
}
