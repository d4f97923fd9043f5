import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventListItem } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { organizerKeys } from './keys';

/**
 * GET organizers/{id}/events: the organizer's events that have not passed, as list items (locked
 * previews for PRO-only events when the member has no PRO). docs/product.md section 3 allows a list answer
 * to be an array or an object with `events`; both are read.
 */
export async function getOrganizerEvents(organizerId: string, signal?: AbortSignal): Promise<EventListItem[]> {
  const answer = await apiClient.get<EventListItem[] | { events: EventListItem[] }>(apiPath('/organizers/:id/events', { id: organizerId }), { signal });
  if (Array.isArray(answer)) return answer;
  return answer?.events ?? [];
}

/** docs/product.md section 9: organizer events stay fresh for 5 minutes. */
export const organizerEventsQueryOptions = (organizerId: string) =>
  queryOptions({
    queryKey: organizerKeys.events(organizerId),
    queryFn: ({ signal }) => getOrganizerEvents(organizerId, signal),
    staleTime: 5 * 60_000,
  });

export function useOrganizerEvents(organizerId: string) {
  return useQuery(organizerEventsQueryOptions(organizerId));
}
