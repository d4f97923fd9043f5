import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useMe } from '../../lib/signed-in-member';
import type { Outbox } from '../../offline/outbox';
import { OutboxContext, OutboxDemandContext, OutboxLoadContext, type OutboxLoad } from '../../offline/outbox-context';
import { storage } from '../../lib/storage';
import { outboxQueuedKey } from '../../lib/storage-keys';
import { someEventRecordsCopy } from '../../offline/event-records-copy';
import { outboxKnownEmpty } from '../../offline/outbox-summary';
import { loadedOutboxModules, loadOutboxModules, meetPageEventAtStart } from './outbox-modules';

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

type MemberOutbox = { userId: string; outbox: Outbox };
let lastOutbox: MemberOutbox | null = null;

/** One outbox object per member, so the one made in the first render is the one the engine's effect uses. */
function outboxOf(create: (options: { userId: string }) => Outbox, userId: string): MemberOutbox {
  if (lastOutbox?.userId !== userId) lastOutbox = { userId, outbox: create({ userId }) };
  return lastOutbox;
}

/**
 * The signed-in member's outbox: created for me.id, and its session (outbox-session.ts: the sync
 * engine, the congratulation, the lists' refresh) started, and stopped when the member changes or
 * logs out.
 */
export function OutboxProvider({ children }: { children: ReactNode }) {
  const { me } = useMe();
  const userId = me?.id ?? null;
  const queryClient = useQueryClient();
  // Started on the Meet page: the deck will ask, so the outbox loads before its screen is there,
  // unless the deck can show without it: the summary says the outbox is empty, or the event's
  // records were copied for the start (offline/event-records-copy.ts). The deck then asks for it
  // itself after its first paint, so that loading and opening IndexedDB do not delay the cards; work
  // waiting to be sent goes out from then on.
  const [meetEventAtStart] = useState(meetPageEventAtStart);
  const deckShowsWithoutOutbox = (id: string) => meetEventAtStart !== null && (outboxKnownEmpty(id) || someEventRecordsCopy(meetEventAtStart));
  const wantedAtStart = () => userId !== null && !deckShowsWithoutOutbox(userId) && (meetEventAtStart !== null || storage.get(outboxQueuedKey(userId)) === '1');
  // Created in the first render when the code came early (an offline start on the Meet page), so
  // the deck does not wait one more render for it.
  const [state, setState] = useState<MemberOutbox | null>(() => {
    const modules = loadedOutboxModules();
    return modules && userId !== null && wantedAtStart() ? outboxOf(modules[1].createOutbox, userId) : null;
  });
  // The database would not open (private mode, storage blocked) or the code would not load.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  // An outbox of an earlier member is never handed out.
  const outbox = state && state.userId === userId ? state.outbox : null;
  // Loaded at start only when work is waiting from before; otherwise when a screen asks for it.
  const [demandedBy, setDemandedBy] = useState<string | null>(null);
  const demand = useCallback(() => setDemandedBy(userId), [userId]);
  const wanted = (userId !== null && demandedBy === userId) || wantedAtStart();
  // Screens that asked for the outbox wait for it only while it can still come (the member is
  // still being looked up, or Dexie is on its way).
  const load: OutboxLoad = me === null || !hasIndexedDb() || (userId !== null && failedFor === userId) ? 'unavailable' : 'loading';

  useEffect(() => {
    if (!userId || !wanted || !hasIndexedDb()) return;
    let stopped = false;
    let stop = () => {};
    // Dexie, the outbox and its session are not in the shell: loaded when a screen needs them (outbox-modules.ts).
    void loadOutboxModules()
      .then(async ([{ outboxDb }, { createOutbox }, { startOutboxSession }]) => {
        // Opened before it is handed out: a database that cannot open (private mode, blocked
        // storage) makes the outbox 'unavailable' instead of leaving screens waiting for it.
        await outboxDb().open();
        if (stopped) return;
        const member = outboxOf(createOutbox, userId);
        const session = startOutboxSession({ userId, outbox: member.outbox, queryClient, meetEvent: meetEventAtStart });
        stop = session.stop;
        // Started on the Meet page with work waiting: the deck gets the event's records with the
        // outbox, instead of one render and a query later.
        if (!outboxKnownEmpty(userId)) await session.ready;
        if (!stopped) setState(member);
      })
      .catch(() => {
        if (!stopped) setFailedFor(userId);
      });
    return () => {
      stopped = true;
      stop();
    };
  }, [userId, wanted, queryClient, meetEventAtStart]);

  return (
    <OutboxDemandContext value={demand}>
      <OutboxLoadContext value={load}>
        <OutboxContext value={outbox}>{children}</OutboxContext>
      </OutboxLoadContext>
    </OutboxDemandContext>
  );
}
