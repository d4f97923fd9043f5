import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { EventListItem, EventListResponse } from '../../../../contract/events';
import type { ToastInput } from '../../../ui/toast-store';
import { eventDetailKeys } from '../../event-detail/api/keys';
import { eventsKeys } from '../../events/api/keys';
import { profileKeys } from '../../profile/api/keys';

// What leaving an event changes in the cached answers: written when the member leaves, and by the
// outbox when a leave queued at the venue is sent (app/outbox/outbox-delivery.ts).

/** The event as the member sees it once they left: not registered, no goal, one attendee fewer. */
export const eventLeft = (item: EventListItem): EventListItem =>
  item.eventData
    ? { ...item, eventData: { ...item.eventData, isRegistered: false, goal: null, attendeeCount: Math.max(0, item.eventData.attendeeCount - 1) } }
    : item;

export const listWithout = (list: EventListResponse, id: string): EventListResponse =>
  list.events.some((event) => event.id === id) ? { ...list, events: list.events.filter((event) => event.id !== id), total: Math.max(0, list.total - 1) } : list;

export const listLeft = (list: EventListResponse, id: string): EventListResponse => ({
  ...list,
  events: list.events.map((event) => (event.id === id ? eventLeft(event) : event)),
});

export const isList = (body: unknown): body is EventListResponse => Array.isArray((body as EventListResponse | null)?.events);

/**
 * Writes the event as left (or deleted) into every cached query that shows it: its page, the
 * member's events, the discovery lists. Also what a leave queued offline shows until it is sent.
 */
export function cacheLeft(queryClient: QueryClient, id: string, createdByMe: boolean): void {
  const detail = eventDetailKeys.event(id);
  if (createdByMe) queryClient.removeQueries({ queryKey: detail });
  else queryClient.setQueryData<EventListItem>(detail, (item) => item && eventLeft(item));
  queryClient.setQueryData<EventListResponse>(eventsKeys.myEvents(), (list) => list && listWithout(list, id));
  queryClient.setQueriesData<InfiniteData<EventListResponse>>({ queryKey: eventsKeys.discoveryAll() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => (createdByMe ? listWithout(page, id) : listLeft(page, id))) } : data,
  );
}

/** The queries a leave changes: read again once the server has it. */
export const leaveKeys = (id: string): QueryKey[] => [eventDetailKeys.event(id), eventsKeys.all, profileKeys.all];

/** A leave queued without network that the server then refused. */
export const leaveRefusedToast = (name: string): ToastInput => ({
  title: 'Error',
  description: `Leaving "${name}" was not saved. Please try again.`,
  variant: 'destructive',
});
