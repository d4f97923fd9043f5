import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventListItem, EventListResponse } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import type { ToastInput } from '../../../ui/toast-store';
import { eventDetailKeys } from '../../event-detail/api/keys';
import { eventsKeys } from '../../events/api/keys';
import { profileKeys } from '../../profile/api/keys';

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

export function leftToast({ name, createdByMe }: Leaving): ToastInput {
  return createdByMe
    ? { title: 'Event deleted', description: `"${name}" was deleted for everyone.` }
    : { title: 'You left the event', description: `You're no longer registered for "${name}".` };
}

export function leaveFailedToast({ createdByMe }: Leaving): ToastInput {
  return {
    title: 'Error',
    description: createdByMe ? 'Failed to delete the event. Please try again.' : 'Failed to leave the event. Please try again.',
    variant: 'destructive',
  };
}

/**
 * Leaves (or deletes) an event. Every screen shows it at once, also after a reload from the
 * persisted cache: the event's page says the member is not registered (or the event is gone), and
 * it leaves the member's events. Then the lists and counts are fetched again, the event's page
 * too where it was kept, so the service worker's copies are the new ones as well.
 */
export function useLeaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaving: Leaving) => leaveEvent(leaving.id),
    onSuccess: (_answer, { id, createdByMe }) => {
      const detail = eventDetailKeys.event(id);
      if (createdByMe) queryClient.removeQueries({ queryKey: detail });
      else
        queryClient.setQueryData<EventListItem>(detail, (item) =>
          item?.eventData
            ? { ...item, eventData: { ...item.eventData, isRegistered: false, goal: null, attendeeCount: Math.max(0, item.eventData.attendeeCount - 1) } }
            : item,
        );
      queryClient.setQueryData<EventListResponse>(eventsKeys.myEvents(), (list) =>
        list ? { ...list, events: list.events.filter((event) => event.id !== id), total: Math.max(0, list.total - 1) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: eventsKeys.all });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      if (!createdByMe) void queryClient.invalidateQueries({ queryKey: detail, refetchType: 'all' });
    },
  });
}
