import type { QueryClient } from '@tanstack/react-query';
import { attendeesKeys } from '../../features/attendees/api/keys';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { storage } from '../../lib/storage';
import { outboxQueuedKey } from '../../lib/storage-keys';
import type { Outbox } from '../../offline/outbox';
import type { SyncEngine, SyncResult } from '../../offline/sync-engine';
import { watchEventRecords } from '../../offline/use-outbox-live';
import { toast } from '../../ui/toast-store';
import { loadSyncModules } from './sync-modules';

/** docs/product.md section 9: the congratulation toast stays 3000 ms. */
export const CONGRATULATION_MS = 3000;
/** Many results of one drain refresh the lists once. */
const INVALIDATE_DEBOUNCE_MS = 300;

export interface OutboxSession {
  stop: () => void;
  /**
   * Settles once the Meet page the app started on has its event's records at hand (at once without
   * one): its deck, which waits for them, then shows in the render that hands out the outbox.
   */
  ready: Promise<void>;
}

/**
 * What runs while a member's outbox is open (loaded with it, outside the shell): the sync engine,
 * loaded after the first screen or once there is work to send; a swipe that completes a mutual like, also when replayed
 * later, toasts the congratulation; deliveries mark the attendee lists stale and refetch only what
 * the cached lists cannot show yet (a new connection, the deck after an undo); a refused record is
 * followed up as its kind says (its Mutation's `refused` and `discardWhenRefused`).
 */
export function startOutboxSession({
  userId,
  outbox,
  queryClient,
  meetEvent,
}: {
  userId: string;
  outbox: Outbox;
  queryClient: QueryClient;
  /** The Meet page the app started on: its deck waits for the event's records, so they are read now. */
  meetEvent: string | null;
}): OutboxSession {
  const watch = meetEvent ? watchEventRecords(outbox, meetEvent) : null;
  // The summary a later start reads before IndexedDB opens (offline/outbox-summary.ts).
  const stopSummary = outbox.keepSummary();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // What the deliveries of one drain changed, refreshed once after it.
  const undoneEvents = new Set<string>();
  const connectedEvents = new Set<string>();
  const refreshAfterDelivery = () => {
    // Each delivered swipe and undo is already written into the cached interactions
    // (outbox-delivery.ts), which hide swiped cards: the lists are only marked stale, so no
    // refetch re-renders the page while the member keeps swiping.
    void queryClient.invalidateQueries({ queryKey: attendeesKeys.all, refetchType: 'none' });
    // A new connection is on the Connections tab at once, and no longer 'Interested In'.
    if (connectedEvents.size > 0) void queryClient.invalidateQueries({ queryKey: attendeesKeys.connections() });
    for (const eventId of connectedEvents) void queryClient.invalidateQueries({ queryKey: attendeesKeys.interactions(eventId) });
    // An undone swipe puts the person back in the deck, which may have been fetched without them.
    for (const eventId of undoneEvents) void queryClient.invalidateQueries({ queryKey: attendeesKeys.deck(eventId) });
    undoneEvents.clear();
    connectedEvents.clear();
  };
  const onResult = (result: SyncResult) => {
    if (result.type !== 'sent') return;
    const connection = result.newConnection;
    if (connection) {
      const name = `${connection.firstName} ${connection.lastName}`.trim();
      // The next step is to talk, and at the event to meet: the notice offers both (docs/product.md,
      // 'Messages' and 'Meetings').
      const actions = [{ label: 'Say hello', href: `/messages/${encodeURIComponent(connection.id)}` }];
      if (result.record.kind === 'swipe') {
        const eventId = encodeURIComponent(result.record.payload.eventId);
        actions.push({ label: 'Plan a meeting', href: `/events/${eventId}/meetings/new?with=${encodeURIComponent(connection.id)}` });
      }
      toast({ title: 'Congratulations! 🎉', description: `You're now connected with ${name}!`, duration: CONGRATULATION_MS, actions });
    }
    if (result.record.kind === 'undo-swipe') undoneEvents.add(result.record.payload.eventId);
    if (connection && result.record.kind === 'swipe') connectedEvents.add(result.record.payload.eventId);
    clearTimeout(timer);
    timer = setTimeout(refreshAfterDelivery, INVALIDATE_DEBOUNCE_MS);
  };
  // The sync engine is not what the deck waits for: it loads after the first screen, or at once
  // when there is work to send (at start when work is waiting from before).
  let engine: SyncEngine | null = null;
  let wakeLater: (() => Promise<void>) | null = null;
  let engineLoading = false;
  const retryOnline = () => ensureEngine();
  const ensureEngine = () => {
    if (engine || engineLoading || stopped) return;
    engineLoading = true;
    loadSyncModules()
      .then(([{ createSyncEngine }, { fetchSend }, { cacheWritingAnswers, firstScreenEndingSend, refusalHandler }, { requestBackgroundSync }]) => {
        if (stopped) return;
        const refused = refusalHandler(queryClient, (id) => outbox.discard(id));
        engine = createSyncEngine({
          userId,
          send: firstScreenEndingSend(fetchSend),
          onAnswers: cacheWritingAnswers(queryClient),
          onResult: (result) => {
            if (result.type === 'failed') refused(result.record);
            onResult(result);
          },
        });
        // start() drains at once; Background Sync wakes a page to send once the network returns.
        engine.start();
        wakeLater = requestBackgroundSync;
        void requestBackgroundSync();
      })
      .catch(() => {
        // The code could not load (offline before the service worker held it, or a new version
        // replaced it): tried again when the network returns or more work is queued.
        engineLoading = false;
        window.addEventListener('online', retryOnline, { once: true });
      });
  };
  const sendQueued = () => {
    if (!engine) {
      ensureEngine();
      return;
    }
    void engine.syncNow();
    void wakeLater?.();
  };
  afterFirstScreen(ensureEngine);
  const unsubscribe = outbox.subscribePendingCount((count) => {
    if (count > 0) {
      storage.set(outboxQueuedKey(userId), '1');
      // New work (a swipe, an undo, a goal, a retried record) goes out now when the network allows,
      // and where Background Sync exists the worker wakes a page to send it once the network returns.
      sendQueued();
    } else storage.remove(outboxQueuedKey(userId));
  });
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    engine?.stop();
    watch?.stop();
    stopSummary();
    window.removeEventListener('online', retryOnline);
    unsubscribe();
  };
  return { stop, ready: watch?.firstAnswer ?? Promise.resolve() };
}
