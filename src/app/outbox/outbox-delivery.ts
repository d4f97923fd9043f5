import type { QueryClient } from '@tanstack/react-query';
import type { Interaction } from '../../../contract/attendees';
import type { ConnectionProfile } from '../../../contract/profiles';
import { cacheDeletedInteraction, cacheSentInteraction } from '../../features/attendees/api/delivered';
import { attendeesKeys } from '../../features/attendees/api/keys';
import { connectionsKeys } from '../../features/connections/api/keys';
import { eventDetailKeys } from '../../features/event-detail/api/keys';
import { cacheLeft, leaveKeys, leaveRefusedToast } from '../../features/join/api/cache-left';
import { cacheGoal } from '../../features/event-detail/api/update-goal';
import { cacheMeeting, meetingKeysOf } from '../../features/meetings/api/cache-meeting';
import { cacheMessage, messageKeysOf } from '../../features/messages/api/cache-message';
import { profileKeys } from '../../features/profile/api/keys';
import { CONNECT_FAILED_TOAST, CONNECTED_TOAST } from '../../features/profile/connect-toasts';
import { discardFirstScreenAnswers } from '../../lib/first-screen-data';
import { authKeys } from '../../lib/signed-in-member';
import type { OutboxRecord } from '../../offline/db';
import type { MeetingCache } from '../../offline/mutations/meeting-overlay';
import type { Answered, CacheChange } from '../../offline/mutations/mutation';
import { cacheChangeOf, refusalOf, type MutationCaches } from '../../offline/mutations/registry';
import type { SendFn } from '../../offline/send';
import { toast } from '../../ui/toast-store';

/** A new connection is when notifications make sense: they are offered then, their code loaded only then. */
const offerNotifications = (queryClient: QueryClient) =>
  void import('../../features/notifications/offer-after-connection').then(
    (m) => m.offerNotificationsAfterConnection(queryClient),
    () => {},
  );

/**
 * The features' query keys and cache writers each kind's cache effect uses
 * (offline/mutations/): wired here, since offline/ imports no feature (docs/architecture.md).
 */
export function mutationCaches(queryClient: QueryClient): MutationCaches {
  const meetings: MeetingCache = {
    keys: meetingKeysOf,
    writeMeeting: (meeting) => cacheMeeting(queryClient, meeting),
    refused: (text) => toast({ title: 'Error', description: text, variant: 'destructive' }),
  };
  return {
    swipe: {
      interactions: attendeesKeys.interactions,
      connections: attendeesKeys.connections,
      writeSent: (result) => cacheSentInteraction(queryClient, result),
      offerNotifications: () => offerNotifications(queryClient),
    },
    'undo-swipe': {
      interactions: () => [...attendeesKeys.all, 'interactions'],
      writeDeleted: ({ eventId, interactionId, toUserId }) => {
        if (interactionId !== undefined) cacheDeletedInteraction(queryClient, interactionId);
        else queryClient.setQueryData<Interaction[]>(attendeesKeys.interactions(eventId), (list) => list?.filter((i) => i.toUser.id !== toUserId));
      },
    },
    goal: {
      event: eventDetailKeys.event,
      writeGoal: (eventId, goal) => cacheGoal(queryClient, eventId, goal),
    },
    profile: {
      me: authKeys.me,
      writeMe: (me) => queryClient.setQueryData(authKeys.me(), me),
    },
    'connection-note': {
      profile: connectionsKeys.profile,
      writeNote: (aboutUserId, note) =>
        queryClient.setQueryData<ConnectionProfile>(connectionsKeys.profile(aboutUserId), (profile) => (profile ? { ...profile, note } : profile)),
    },
    connect: {
      connectedKeys: (userId) => [connectionsKeys.all, attendeesKeys.connections(), [...profileKeys.all, 'public', userId]],
      landed: () => {
        toast(CONNECTED_TOAST);
        offerNotifications(queryClient);
      },
      refused: () => toast(CONNECT_FAILED_TOAST),
    },
    'leave-event': {
      keys: leaveKeys,
      writeLeft: (eventId) => cacheLeft(queryClient, eventId, false),
      refused: (name) => toast(leaveRefusedToast(name)),
    },
    'meeting-request': meetings,
    'meeting-accept': meetings,
    'meeting-decline': meetings,
    'meeting-propose': meetings,
    'meeting-cancel': meetings,
    'meeting-outcome': meetings,
    'message-send': {
      keys: messageKeysOf,
      writeMessage: (userId, message) => cacheMessage(queryClient, userId, message),
      refused: (text) => toast({ title: 'Error', description: text, variant: 'destructive' }),
    },
  };
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
 * The sync engine's onAnswers: each kind says what its answer changes in the query cache, written
 * before the engine removes the record. The screens overlay queued records on the cached data, so
 * writing first means no frame shows neither (a swiped card back in the deck, an undone row back in
 * a list). The answers of one send (a batch's items) are one change.
 */
export function cacheWritingAnswers(queryClient: QueryClient): (answers: Answered[]) => Promise<void> {
  const caches = mutationCaches(queryClient);
  return async (answers) => {
    const changes = answers.flatMap(({ record, answer }) => cacheChangeOf(record, answer, caches) ?? []);
    if (changes.length === 0) return;
    await writeOverReadsInFlight(queryClient, {
      keys: changes.flatMap((c) => c.keys),
      write: () => changes.forEach((c) => c.write()),
      readAgain: changes.some((c) => c.readAgain),
    });
  };
}

/**
 * What follows a refusal, once the engine marked the record refused (its 'failed' result), as the
 * record's kind says: queries read again, or the record discarded.
 */
export function refusalHandler(queryClient: QueryClient, discard: (id: string) => Promise<void>): (record: OutboxRecord) => void {
  const caches = mutationCaches(queryClient);
  return (record) => {
    const refusal = refusalOf(record, caches);
    for (const queryKey of refusal.readAgain) void queryClient.invalidateQueries({ queryKey });
    if (refusal.discard) void discard(record.id);
  };
}

/**
 * The sync engine's sender: as for the api client's writes, the answers embedded in the page for
 * its first screen are out of date from the first write on (a match this like makes would not be
 * in the connections the page carried, and a screen opened next would show that copy).
 */
export function firstScreenEndingSend(send: SendFn): SendFn {
  return (request) => {
    if (request.method !== 'GET') discardFirstScreenAnswers();
    return send(request);
  };
}
