import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventListItem } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { joinKeys } from './keys';

/**
 * GET events/public/{id}?secret=: what a join link shows without signing in. The secret is the
 * invitation, so an event the visitor could not otherwise see is shown with it; 404 otherwise.
 */
export function getPublicEvent(eventId: string, secret: string, signal?: AbortSignal): Promise<EventListItem> {
  return apiClient.get<EventListItem>(`${apiPath('/events/public/:id', { id: eventId })}?secret=${encodeURIComponent(secret)}`, { signal });
}

export const publicEventQueryOptions = (eventId: string, secret: string) =>
  queryOptions({
    queryKey: joinKeys.publicEvent(eventId, secret),
    queryFn: ({ signal }) => getPublicEvent(eventId, secret, signal),
    staleTime: 5 * 60_000,
  });

export function usePublicEvent(eventId: string, secret: string) {
  return useQuery(publicEventQueryOptions(eventId, secret));
}
