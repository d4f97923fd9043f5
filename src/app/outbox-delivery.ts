import type { QueryClient } from '@tanstack/react-query';
import type { InteractionResult } from '../../contract/attendees';
import { INTERACTION_BATCH_PATH, type InteractionBatchAnswer } from '../../contract/interaction-batch';
import type { ConnectionNote } from '../../contract/connection-notes';
import type { ConnectionProfile } from '../../contract/profiles';
import type { Me } from '../../contract/user';
import { authKeys } from '../features/auth/api/keys';
import { connectionsKeys } from '../features/connections/api/keys';
import { cacheDeletedInteraction, cacheSentInteraction } from '../features/attendees/api/delivered';
import { cacheGoal } from '../features/event-detail/api/update-goal';
import { CONNECT_FAILED_TOAST, CONNECTED_TOAST } from '../features/profile/connect-toasts';
import { classifyStatus } from '../offline/retry';
import type { OutboxRequest, SendFn, SendResponse } from '../offline/send';
import { toast } from '../ui/toast-store';

const SWIPE_PATH = /^users\/interactions\/(?:positive|negative)$/;
const INTERACTION_PATH = /^users\/interactions\/([^/]+)$/;
const GOAL_PATH = /^events\/([^/]+)\/attendee$/;
const NOTE_PATH = /^users\/([^/]+)\/note$/;
const CONNECT_PATH = /^users\/[^/]+\/connect\/[^/]+$/;

const ok = (status: number) => status >= 200 && status < 300;

/** A new connection is when notifications make sense: they are offered then (issue 15), their code loaded only then. */
const offerNotifications = (queryClient: QueryClient) =>
  void import('../features/notifications/offer-after-connection').then((m) => m.offerNotificationsAfterConnection(queryClient), () => {});

function applyToCache(queryClient: QueryClient, request: OutboxRequest, response: SendResponse): void {
  if (request.method === 'POST' && SWIPE_PATH.test(request.path) && ok(response.status)) {
    const result = response.body as InteractionResult | null;
    if (result?.interaction) cacheSentInteraction(queryClient, result);
    if (result?.newConnection) offerNotifications(queryClient);
    return;
  }
  if (request.method === 'POST' && request.path === INTERACTION_BATCH_PATH && ok(response.status)) {
    // Each item of the batch answers as its single swipe would.
    for (const item of (response.body as Partial<InteractionBatchAnswer> | null)?.results ?? []) {
      const result = item.body as InteractionResult | null;
      if (ok(item.status) && result?.interaction) cacheSentInteraction(queryClient, result);
      if (ok(item.status) && result?.newConnection) offerNotifications(queryClient);
    }
    return;
  }
  const interaction = request.method === 'DELETE' ? INTERACTION_PATH.exec(request.path) : null;
  // 404: already gone, which is what the undo wanted.
  if (interaction?.[1] && (ok(response.status) || response.status === 404)) {
    cacheDeletedInteraction(queryClient, decodeURIComponent(interaction[1]));
    return;
  }
  if (request.method === 'PATCH' && request.path === 'users/me' && ok(response.status)) {
    // The answer is the member as the server now has them; edits still queued overlay it.
    const me = response.body as Me | null;
    if (me?.id) queryClient.setQueryData(authKeys.me(), me);
    return;
  }
  if (request.method === 'POST' && CONNECT_PATH.test(request.path)) {
    // A connect queued without network (a QR code scanned at the venue) has landed, or was refused
    // for good: the member hears of it wherever they are now (SPEC.md section 8's notices).
    if (ok(response.status)) {
      // The profile page reads the profile again itself once its queued connect is gone.
      toast(CONNECTED_TOAST);
      offerNotifications(queryClient);
      void queryClient.invalidateQueries({ queryKey: connectionsKeys.all });
    } else if (classifyStatus(response.status) === 'fail') toast(CONNECT_FAILED_TOAST);
    return;
  }
  const note = request.method === 'PUT' ? NOTE_PATH.exec(request.path) : null;
  if (note?.[1] && ok(response.status)) {
    const answer = response.body as Partial<ConnectionNote> | null;
    queryClient.setQueryData<ConnectionProfile>(connectionsKeys.profile(decodeURIComponent(note[1])), (profile) =>
      profile ? { ...profile, note: answer?.note ?? null } : profile,
    );
    return;
  }
  const goal = request.method === 'PATCH' ? GOAL_PATH.exec(request.path) : null;
  if (goal?.[1] && ok(response.status)) {
    const answer = response.body as { goal?: string | null } | null;
    const sent = (request.body as { goal?: string } | undefined)?.goal ?? null;
    cacheGoal(queryClient, decodeURIComponent(goal[1]), answer?.goal !== undefined ? answer.goal : sent);
  }
}

/**
 * The sync engine's sender, writing each accepted outbox write into the query cache before the
 * engine removes the record. The screens overlay queued records on the cached data, so writing
 * first means no frame shows neither (a swiped card back in the deck, an undone row back in a list).
 */
export function cacheWritingSend(send: SendFn, queryClient: QueryClient): SendFn {
  return async (request) => {
    const response = await send(request);
    try {
      applyToCache(queryClient, request, response);
    } catch {
      // A cache that cannot be written only means the next refetch shows the change.
    }
    return response;
  };
}
