import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DeckCandidate } from '../../../../contract/attendees';
import { errorMessage } from '../../../lib/api-client';
import type { SwipeDirection } from '../../../offline/mutations/swipe';
import type { OutboxStatus } from '../../../offline/outbox-context';
import { askWhetherNetworkHangs, useNetworkHangs } from '../../../offline/network-hangs';
import { useEventOverlay } from '../../../offline/use-outbox-live';
import { useOutboxKnownEmpty } from '../../../offline/use-outbox-summary';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { Link } from 'wouter';
import { deckCandidates, useDeck, useFreshInteractions } from '../api/queries';
import { visibleCandidates } from '../deck-view';
import { useArrivalOrder } from '../arrival-order';
import { useEnqueueSwipe } from '../use-enqueue-swipe';
import { useOnline } from '../../../lib/use-online';
import { CandidateContent, SwipeCard, type SwipeCardHandle } from './SwipeCard';
import { UndoSwipeButton, useLastSwipe } from './SwipeUndo';

export const DECK_EMPTY_TEXT = "You've gone through all available profiles!";
export const DECK_OFFLINE_MORE_TEXT = "More profiles load when you're back online.";
export const NO_OUTBOX_TEXT = 'Your swipes cannot be saved in this browser.';
export const DECK_EMPTY_NEXT_TEXT = 'See who you connected with here, or meet people at your other events.';
export const SEE_CONNECTIONS_TEXT = 'See your connections here';
export const OTHER_EVENTS_TEXT = 'Your other events';
/** Cards kept in the DOM: the top one and two behind it. */
const CARDS_IN_DOM = 3;
/**
 * Online, how long the deck waits for the server's list of the member's interactions before it
 * shows the device's copy: a network that answers does so well within it (and a card swiped on
 * another device never shows), one that hangs does not keep the deck from the venue (a card swiped
 * elsewhere then leaves when the list arrives; docs/architecture.md, 'A network that hangs').
 */
export const RECONCILE_WAIT_MS = 1000;
// Asked as the deck's code loads (before its first render on a start from the home screen), so
// that the deck renders its cards at once when the network hangs rather than a spinner first.
void askWhetherNetworkHangs();

/** Photos loaded ahead of the top card. */
const PRELOAD_AHEAD = 4;
/** The next page of the deck loads when this few cards are left. */
const NEXT_PAGE_WITHIN = 20;

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="tablist"]') !== null;
}

/**
 * Loads the deck's next page (online) when the member gets near the end of what is loaded. Each
 * position is tried once, so a failed page is tried again after the next swipe or reconnect, not
 * in a loop.
 */
function useNextPageNearEnd(deck: ReturnType<typeof useDeck>, left: number, ready: boolean) {
  const online = useOnline();
  const { hasNextPage, isFetching, fetchNextPage } = deck;
  const attempt = `${deck.data?.pages.length ?? 0}:${left}`;
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!online) tried.current = null;
    if (!ready || !online || !hasNextPage || isFetching || left > NEXT_PAGE_WITHIN || tried.current === attempt) return;
    tried.current = attempt;
    void fetchNextPage();
  }, [ready, online, hasNextPage, isFetching, left, attempt, fetchNextPage]);
  return { online, loadingMore: online && hasNextPage && !deck.isFetchNextPageError };
}

/**
 * A card waiting behind the top one: inert, so neither a screen reader nor the Tab key reaches
 * its expand buttons while another card is on top.
 */
const BehindCard = memo(function BehindCard({ candidate, depth }: { candidate: DeckCandidate; depth: number }) {
  return (
    <article className={`swipe-card swipe-card--behind swipe-card--behind-${depth}`} aria-hidden="true" inert>
      <CandidateContent candidate={candidate} />
    </article>
  );
});

/**
 * The cards behind the top one, from the stack's second render on: the top card and its buttons are
 * what the member acts on, and on a slow phone starting offline the two cards behind it (their
 * photos, their layout) held that first screen back by about 150 ms. They follow a moment later.
 */
function BehindCards({ candidates }: { candidates: DeckCandidate[] }) {
  const shown = useDeferredValue(true, false);
  if (!shown) return null;
  return candidates.map((candidate, index) => <BehindCard key={candidate.id} candidate={candidate} depth={index + 1} />).reverse();
}

/**
 * The card stack: the deck's loaded pages minus everyone swiped or interacted with, including
 * swipes still queued. It waits for the outbox while it loads, so a queued card never shows,
 * unless the outbox's summary says it holds nothing for this member (offline/outbox-summary.ts):
 * then there is nothing to hide and the cards show at once, without waiting for IndexedDB. With
 * work waiting, the copy of the event's records kept in localStorage stands in until the outbox
 * answers (offline/event-records-copy.ts).
 */
export function SwipeDeck({
  eventId,
  outboxStatus,
  memberId,
  onShowConnections,
}: {
  eventId: string;
  outboxStatus: OutboxStatus;
  memberId: string | null;
  /** The empty deck's next step: this event's connections. */
  onShowConnections: () => void;
}) {
  const deck = useDeck(eventId);
  const interactions = useFreshInteractions(eventId);
  const online = useOnline();
  const { overlay, settled } = useEventOverlay(outboxStatus, eventId, memberId);
  const knownEmpty = useOutboxKnownEmpty(memberId);
  // Swiped in this visit: hidden at once, before the outbox's live query answers.
  const [swiped, setSwiped] = useState<ReadonlySet<string>>(() => new Set());
  const top = useRef<SwipeCardHandle>(null);

  const loaded = useArrivalOrder(useMemo(() => deckCandidates(deck.data), [deck.data]));
  const candidates = useMemo(() => visibleCandidates(loaded, overlay, interactions.data, swiped), [loaded, overlay, interactions.data, swiped]);
  // The cached deck may predate swipes already sent, from this device or another one, which only
  // the interactions list knows: online, a card shows only once the server's list has answered
  // (reconciled) or RECONCILE_WAIT_MS have passed without it; offline, or when the service worker
  // has seen the network hang, the device's copy stands (a card swiped elsewhere leaves when the
  // network's list arrives). The list the page itself carried on a cold load counts as answered:
  // it is never fetched again at mount while fresh (refetchOnMountUnlessPageAnswer).
  const pageAnswer = interactions.data !== undefined && !interactions.isFetched && interactions.fetchStatus === 'idle';
  const waitedEnough = useElapsed(RECONCILE_WAIT_MS);
  const hangs = useNetworkHangs();
  const reconciled = !online || hangs || interactions.isFetchedAfterMount || interactions.isError || pageAnswer || waitedEnough;
  const ready = deck.data !== undefined && (settled || knownEmpty) && (interactions.data !== undefined || interactions.isError) && reconciled;
  const { loadingMore } = useNextPageNearEnd(deck, candidates.length, ready);

  useEffect(() => {
    for (const candidate of candidates.slice(1, 1 + PRELOAD_AHEAD)) {
      if (candidate.imageUrl) new Image().src = candidate.imageUrl;
    }
  }, [candidates]);

  const hide = useCallback((candidate: DeckCandidate, hidden: boolean) => {
    setSwiped((prev) => {
      const next = new Set(prev);
      if (hidden) next.add(candidate.id);
      else next.delete(candidate.id);
      return next;
    });
  }, []);
  const enqueueSwipe = useEnqueueSwipe(outboxStatus, eventId, {
    onRefused: (candidate, error, action) => {
      hide(candidate, action === 'undo');
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    },
    onUnavailable: () => toast({ title: 'Error', description: NO_OUTBOX_TEXT, variant: 'destructive' }),
  });
  const { last, remember, take } = useLastSwipe();
  // Stable, so the memoised top card does not render again while it is dragged.
  const act = useCallback(
    (candidate: DeckCandidate, direction: SwipeDirection) => {
      hide(candidate, true);
      enqueueSwipe(candidate, direction);
      remember({ candidate, direction });
    },
    [hide, enqueueSwipe, remember],
  );
  // The last swipe, within its few seconds: the card is back on top and the outbox cancels or undoes it.
  const undoLast = useCallback(() => {
    const swipe = take();
    if (!swipe) return false;
    hide(swipe.candidate, false);
    enqueueSwipe(swipe.candidate, 'undo');
    return true;
  }, [take, hide, enqueueSwipe]);

  const current = ready ? candidates[0] : undefined;

  // Listening from the deck's first commit on (not per card, and before the first paint), so a key
  // pressed as a card appears counts.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || isTypingTarget(event.target)) return;
      if (event.ctrlKey || event.metaKey) {
        if (!event.shiftKey && event.key.toLowerCase() === 'z' && undoLast()) event.preventDefault();
        return;
      }
      if (!top.current) return;
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      event.preventDefault();
      top.current.fling(event.key === 'ArrowRight' ? 'right' : 'left');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undoLast]);

  if (deck.isError && deck.data === undefined) return <p role="alert">{errorMessage(deck.error)}</p>;
  if (!ready) return <Spinner />;
  if (!current) {
    if (loadingMore) return <Spinner label="Loading more profiles" />;
    if (online && deck.hasNextPage) {
      return (
        <div className="deck-error" role="alert">
          <p>{errorMessage(deck.error)}</p>
          <Button variant="secondary" onClick={() => void deck.fetchNextPage()}>
            Retry
          </Button>
        </div>
      );
    }
    return (
      <EmptyState
        title={DECK_EMPTY_TEXT}
        action={
          <div className="deck-empty-actions">
            {last && <UndoSwipeButton swipe={last} onUndo={undoLast} />}
            <Button onClick={onShowConnections}>{SEE_CONNECTIONS_TEXT}</Button>
            <Link href="/events?tab=attending" className="btn btn--secondary btn--md">
              {OTHER_EVENTS_TEXT}
            </Link>
          </div>
        }
      >
        {!online && deck.hasNextPage ? DECK_OFFLINE_MORE_TEXT : DECK_EMPTY_NEXT_TEXT}
      </EmptyState>
    );
  }

  const behind = candidates.slice(1, CARDS_IN_DOM);
  return (
    <div className="swipe-deck">
      <div className="swipe-stack">
        <BehindCards candidates={behind} />
        <SwipeCard
          key={current.id}
          ref={top}
          candidate={current}
          meetHref={`/events/${encodeURIComponent(eventId)}/meetings/new?with=${encodeURIComponent(current.id)}`}
          onSwiped={act}
        />
      </div>
      <div className="swipe-actions">
        <Button variant="secondary" size="lg" aria-label={`Pass on ${current.firstName}`} onClick={() => top.current?.fling('left')}>
          Pass
        </Button>
        <span className="swipe-undo-slot">{last && <UndoSwipeButton swipe={last} onUndo={undoLast} size="lg" />}</span>
        <Button size="lg" aria-label={`Connect with ${current.firstName}`} onClick={() => top.current?.fling('right')}>
          Connect
        </Button>
      </div>
      {/* Shown by attendees.css only where a fine pointer (a mouse) suggests a keyboard too. */}
      <p className="swipe-keys-hint">Tip: use the Left and Right arrow keys, and Ctrl+Z to undo.</p>
    </div>
  );
}

/** True once `ms` have passed since the component mounted. */
function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
