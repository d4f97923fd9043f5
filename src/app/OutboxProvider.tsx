import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useMe } from '../features/auth/api/get-me';
import { attendeesKeys } from '../features/attendees/api/keys';
import { eventDetailKeys } from '../features/event-detail/api/keys';
import type { Outbox } from '../offline/outbox';
import { OutboxContext, OutboxDemandContext, OutboxLoadContext, type OutboxLoad } from '../offline/outbox-context';
import { storage } from '../lib/storage';
import { outboxQueuedKey } from '../lib/storage-keys';
import { toast } from '../ui/toast-store';

/** SPEC.md section 9: the congratulation toast stays 3000 ms. */
export const CONGRATULATION_MS = 3000;
/** Many results of one drain refresh the lists once. */
const INVALIDATE_DEBOUNCE_MS = 300;

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

/**
 * The signed-in member's outbox and sync engine: created for me.id, started, and stopped when the
 * member changes or logs out. A swipe that completes a mutual like, also when replayed later,
 * toasts the congratulation; every delivery refreshes the deck, interactions and connections.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const { me } = useMe();
  const userId = me?.id ?? null;
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ userId: string; outbox: Outbox } | null>(null);
  // The database would not open (private mode, storage blocked) or the code would not load.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // An outbox of an earlier member is never handed out.
  const outbox = state && state.userId === userId ? state.outbox : null;
  // Loaded at start only when work is waiting from before; otherwise when a screen asks for it.
  const [demandedBy, setDemandedBy] = useState<string | null>(null);
  const demand = useCallback(() => setDemandedBy(userId), [userId]);
  const wanted = userId !== null && (demandedBy === userId || storage.get(outboxQueuedKey(userId)) === '1');
  // Screens that asked for the outbox wait for it only while it can still come (the member is
  // still being looked up, or Dexie is on its way).
  const load: OutboxLoad = me === null || !hasIndexedDb() || (userId !== null && failedFor === userId) ? 'unavailable' : 'loading';

  useEffect(() => {
    if (!userId || !wanted || !hasIndexedDb()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let stop = () => {};
    // Dexie and the engine load after the first screen, outside the shell's JavaScript.
    void Promise.all([
      import('../offline/db'),
      import('../offline/outbox'),
      import('../offline/sync-engine'),
      import('../offline/send'),
      import('./outbox-delivery'),
      import('../offline/background-sync'),
    ])
      .then(async ([{ outboxDb }, { createOutbox }, { createSyncEngine }, { fetchSend }, { cacheWritingSend }, { requestBackgroundSync }]) => {
        // Opened before it is handed out: a database that cannot open (private mode, blocked
        // storage) makes the outbox 'unavailable' instead of leaving screens waiting for it.
        await outboxDb().open();
        if (stopped) return;
        const created = createOutbox({ userId });
        setState({ userId, outbox: created });
        const engine = createSyncEngine({
          userId,
          send: cacheWritingSend(fetchSend, queryClient),
          onResult: (result) => {
            if (result.type === 'failed' && result.record.kind === 'goal') {
              // The cached event holds the refused goal (written at once on Save): show the server's again.
              void queryClient.invalidateQueries({ queryKey: eventDetailKeys.event(result.record.payload.eventId) });
            }
            if (result.type !== 'sent') return;
            const connection = result.newConnection;
            if (connection) {
              const name = `${connection.firstName} ${connection.lastName}`.trim();
              toast({ title: 'Congratulations! 🎉', description: `You're now connected with ${name}!`, duration: CONGRATULATION_MS });
            }
            clearTimeout(timer);
            timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: attendeesKeys.all }), INVALIDATE_DEBOUNCE_MS);
          },
        });
        engine.start();
        const unsubscribe = created.subscribePendingCount((count) => {
          if (count > 0) {
            storage.set(outboxQueuedKey(userId), '1');
            // New work (a swipe, an undo, a goal, a retried record) goes out now when the network allows,
            // and where Background Sync exists the worker wakes a page to send it once the network returns.
            void engine.syncNow();
            void requestBackgroundSync();
          } else storage.remove(outboxQueuedKey(userId));
        });
        stop = () => {
          engine.stop();
          unsubscribe();
        };
      })
      .catch(() => {
        if (!stopped) setFailedFor(userId);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stop();
    };
  }, [userId, wanted, queryClient]);

  return (
    <OutboxDemandContext value={demand}>
      <OutboxLoadContext value={load}>
        <OutboxContext value={outbox}>{children}</OutboxContext>
      </OutboxLoadContext>
    </OutboxDemandContext>
  );
}
