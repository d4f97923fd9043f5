import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { InteractionResult } from '../../../contract/attendees';
import { INTERACTION_BATCH_PATH, type InteractionBatchAnswer } from '../../../contract/interaction-batch';
import type { ConnectionNote } from '../../../contract/connection-notes';
import type { ConnectionProfile } from '../../../contract/profiles';
import type { Me } from '../../../contract/user';
import { authKeys } from '../../lib/signed-in-member';
import { connectionsKeys } from '../../features/connections/api/keys';
import { cacheDeletedInteraction, cacheSentInteraction } from '../../features/attendees/api/delivered';
import { attendeesKeys } from '../../features/attendees/api/keys';
import { eventDetailKeys } from '../../features/event-detail/api/keys';
import { cacheGoal } from '../../features/event-detail/api/update-goal';
import { profileKeys } from '../../features/profile/api/keys';
import { CONNECT_FAILED_TOAST, CONNECTED_TOAST } from '../../features/profile/connect-toasts';
import { discardFirstScreenAnswers } from '../../lib/first-screen-data';
import { classifyStatus } from '../../offline/retry';
import type { OutboxRequest, SendFn, SendResponse } from '../../offline/send';
import { toast } from '../../ui/toast-store';

const SWIPE_PATH = /^users\/interactions\/(?:positive|negative)$/;
const INTERACTION_PATH = /^users\/interactions\/([^/]+)$/;
const GOAL_PATH = /^events\/([^/]+)\/attendee$/;
const NOTE_PATH = /^users\/([^/]+)\/note$/;
const CONNECT_PATH = /^users\/([^/]+)\/connect\/[^/]+$/;

const ok = (status: number) => status >= 200 && status < 300;

/** A new connection is when notifications make sense: they are offered then, their code loaded only then. */
const offerNotifications = (queryClient: QueryClient) =>
  void import('../../features/notifications/offer-after-connection').then((m) => m.offerNotificationsAfterConnection(queryClient), () => {});

/**
 * What an accepted write changes in the query cache: the queries it touches, the write itself, and
 * whether those queries are all read again (a change the client cannot write in itself).
 */
interface CacheChange {
  keys: QueryKey[];
  write: () => void;
  readAgain?: boolean;
}

const change = (keys: QueryKey[], write: () => void, readAgain = false): CacheChange => ({ keys, write, readAgain });

/** The interactions list a sent swipe joins, and the connections when it completed a mutual like. */
const swipeKeys = (result: InteractionResult): QueryKey[] => [
  attendeesKeys.interactions(result.interaction.eventId),
  ...(result.newConnection ? [attendeesKeys.connections()] : []),
];

function cacheChangeOf(queryClient: QueryClient, request: OutboxRequest, response: SendResponse): CacheChange | null {
  if (request.method === 'POST' && SWIPE_PATH.test(request.path) && ok(response.status)) {
    const result = response.body as InteractionResult | null;
    if (!result?.interaction) return null;
    return change(swipeKeys(result), () => {
      cacheSentInteraction(queryClient, result);
      if (result.newConnection) offerNotifications(queryClient);
    });
  }
  if (request.method === 'POST' && request.path === INTERACTION_BATCH_PATH && ok(response.status)) {
    // Each item of the batch answers as its single swipe would.
    const sent = ((response.body as Partial<InteractionBatchAnswer> | null)?.results ?? []).flatMap((item) => {
      const result = item.body as InteractionResult | null;
      return ok(item.status) && result?.interaction ? [result] : [];
    });
    return change(sent.flatMap(swipeKeys), () => {
      for (const result of sent) cacheSentInteraction(queryClient, result);
      if (sent.some((result) => result.newConnection)) offerNotifications(queryClient);
    });
  }
  const interaction = request.method === 'DELETE' ? INTERACTION_PATH.exec(request.path) : null;
  // 404: already gone, which is what the undo wanted.
  if (interaction?.[1] && (ok(response.status) || response.status === 404)) {
    const interactionId = decodeURIComponent(interaction[1]);
    return change([[...attendeesKeys.all, 'interactions']], () => cacheDeletedInteraction(queryClient, interactionId));
  }
  if (request.method === 'PATCH' && request.path === 'users/me' && ok(response.status)) {
    // The answer is the member as the server now has them; edits still queued overlay it.
    const me = response.body as Me | null;
    return me?.id ? change([authKeys.me()], () => queryClient.setQueryData(authKeys.me(), me)) : null;
  }
  const connect = request.method === 'POST' ? CONNECT_PATH.exec(request.path) : null;
  if (connect?.[1]) {
    // A connect queued without network (a QR code scanned at the venue) has landed, or was refused
    // for good: the member hears of it wherever they are now (docs/product.md section 8's notices).
    if (ok(response.status)) {
      // The member's profile now says 'connected' (a read of it made before the connect landed,
      // the one a page makes when the network returns, is asked again), as do the lists.
      const profiles = [...profileKeys.all, 'public', decodeURIComponent(connect[1])];
      const written = () => {
        toast(CONNECTED_TOAST);
        offerNotifications(queryClient);
      };
      return change([connectionsKeys.all, attendeesKeys.connections(), profiles], written, true);
    }
    if (classifyStatus(response.status) === 'fail') toast(CONNECT_FAILED_TOAST);
    return null;
  }
  const note = request.method === 'PUT' ? NOTE_PATH.exec(request.path) : null;
  if (note?.[1] && ok(response.status)) {
    const key = connectionsKeys.profile(decodeURIComponent(note[1]));
    const answer = response.body as Partial<ConnectionNote> | null;
    return change([key], () => queryClient.setQueryData<ConnectionProfile>(key, (profile) => (profile ? { ...profile, note: answer?.note ?? null } : profile)));
  }
  const goal = request.method === 'PATCH' ? GOAL_PATH.exec(request.path) : null;
  if (goal?.[1] && ok(response.status)) {
    const eventId = decodeURIComponent(goal[1]);
    const answer = response.body as { goal?: string | null } | null;
    const sent = (request.body as { goal?: string } | undefined)?.goal ?? null;
    return change([eventDetailKeys.event(eventId)], () => cacheGoal(queryClient, eventId, answer?.goal !== undefined ? answer.goal : sent));
  }
  return null;
}

/**
 * A read of a changed query that was already on its way may have been answered before the write
 * was: landing after it, it would put back what the write changed (a swiped card back in the deck,
 * a new connection missing from the Connections tab while its screen asks again and is handed that
 * same read). Such reads are cancelled (their query keeps what it had) and asked again once the
 * write is in the cache, so every answer that lands is newer than the write.
 */
async function writeOverReadsInFlight(queryClient: QueryClient, { keys, write, readAgain }: CacheChange): Promise<void> {
  const overtaken = keys.filter((queryKey) => queryClient.isFetching({ queryKey }) > 0);
  await Promise.all(overtaken.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  write();
  for (const queryKey of readAgain ? keys : overtaken) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The sync engine's sender, writing each accepted outbox write into the query cache before the
 * engine removes the record. The screens overlay queued records on the cached data, so writing
 * first means no frame shows neither (a swiped card back in the deck, an undone row back in a list).
 */
export function cacheWritingSend(send: SendFn, queryClient: QueryClient): SendFn {
  return async (request) => {
    // As for the api client's writes: the answers embedded in the page for its first screen are
    // out of date from now on (a match this like makes would not be in the connections the page
    // carried, and a screen opened next would show that copy).
    if (request.method !== 'GET') discardFirstScreenAnswers();
    const response = await send(request);
    try {
      const cacheChange = cacheChangeOf(queryClient, request, response);
      if (cacheChange) await writeOverReadsInFlight(queryClient, cacheChange);
    } catch {
      // A cache that cannot be written only means the next refetch shows the change.
    }
    return response;
  };
}
