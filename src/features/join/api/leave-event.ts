import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventListItem, EventListResponse } from '../../../../contract/events';
import { ApiError, apiClient } from '../../../lib/api-client';
import { leaveEventMutation } from '../../../offline/mutations/leave-event';
import type { Outbox } from '../../../offline/outbox';
import { rewriteWorkerCopies } from '../../../offline/worker-api-copies';
import type { ToastInput } from '../../../ui/toast-store';
import { eventDetailKeys } from '../../event-detail/api/keys';
import { eventsKeys } from '../../events/api/keys';
import { profileKeys } from '../../profile/api/keys';
import { cacheLeft, eventLeft, isList, listLeft, listWithout } from './cache-left';

/**
 * DELETE users/me/events/{id}: the member leaves the event (their goal goes with the
 * registration); a community event they created is deleted for everyone instead (the server's rule).
 */
export function leaveEvent(eventId: string): Promise<null> {
  return apiClient.delete<null>(apiPath('/users/me/events/:id', { id: eventId }));
}

/** What the member is about to do: leave an event, or delete the community event they created. */
export interface Leaving {
  id: string;
  name: string;
  /** The member created it: leaving deletes it for everyone. */
  createdByMe: boolean;
  /** A community event: once left, only the creator's connections and its join link find it. */
  community: boolean;
}

/** The notice once the member left (or deleted) the event; `waiting`: queued here without network. */
export function leftToast({ name, createdByMe }: Leaving, waiting = false): ToastInput {
  if (createdByMe) return { title: 'Event deleted', description: `"${name}" was deleted for everyone.` };
  return {
    title: 'You left the event',
    description: waiting
      ? `You're no longer registered for "${name}". Saved on this device: it's sent when you're back online.`
      : `You're no longer registered for "${name}".`,
  };
}

/** The notice when leaving (deleting) failed: offline, the server's reason, or a generic one. */
export function leaveFailedToast({ createdByMe }: Leaving, error?: unknown): ToastInput {
  const generic = createdByMe ? 'Failed to delete the event. Please try again.' : 'Failed to leave the event. Please try again.';
  return { title: 'Error', description: error instanceof ApiError && error.status < 500 ? error.message : generic, variant: 'destructive' };
}

/** The same in the service worker's copies, which answer the reads of an offline start. */
export function leftInWorkerCopies(id: string): Promise<void> {
  const eventPath = `/api/${apiPath('/events/:id', { id })}`;
  const myEventsPath = `/api/${apiPath('/events/my-events')}`;
  const discoveryPath = `/api/${apiPath('/events')}`;
  return rewriteWorkerCopies((path) => {
    if (path === eventPath) return (body) => (body && typeof body === 'object' ? eventLeft(body as EventListItem) : undefined);
    if (path === myEventsPath) return (body) => (isList(body) ? listWithout(body, id) : undefined);
    if (path === discoveryPath) return (body) => (isList(body) ? listLeft(body, id) : undefined);
    return null;
  });
}

/**
 * Leaves an event through the outbox (kept at the venue without network, sent once): every screen
 * shows it at once, in the query cache and in the worker's copies. Taken back if the outbox
 * refuses it (the error is thrown on).
 */
export async function queueLeave(outbox: Outbox, queryClient: QueryClient, { id, name }: Leaving): Promise<void> {
  const before = queryClient.getQueryData<EventListItem>(eventDetailKeys.event(id));
  const myEvents = queryClient.getQueryData<EventListResponse>(eventsKeys.myEvents());
  cacheLeft(queryClient, id, false);
  try {
    await outbox.enqueue(leaveEventMutation, { eventId: id, name });
  } catch (error) {
    queryClient.setQueryData(eventDetailKeys.event(id), before);
    queryClient.setQueryData(eventsKeys.myEvents(), myEvents);
    void queryClient.invalidateQueries({ queryKey: eventsKeys.discoveryAll() });
    throw error;
  }
  await leftInWorkerCopies(id);
}

/**
 * Leaves (or deletes) an event straight away: deleting, and where there is no outbox. Every screen
 * shows it at once, also after a reload from the persisted cache; then the lists and counts are
 * fetched again, the event's page too where it was kept, so the service worker's copies are the
 * new ones as well.
 */
export function useLeaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaving: Leaving) => leaveEvent(leaving.id),
    onSuccess: (_answer, { id, createdByMe }) => {
      cacheLeft(queryClient, id, createdByMe);
      void queryClient.invalidateQueries({ queryKey: eventsKeys.all });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      if (!createdByMe) void queryClient.invalidateQueries({ queryKey: eventDetailKeys.event(id), refetchType: 'all' });
    },
  });
}
