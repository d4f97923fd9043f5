import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { EventItem } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { firstScreenInitialData, refetchOnMountUnlessPageAnswer } from '../../../lib/first-screen-data';
import { eventDetailKeys } from './keys';

/**
 * GET events/{id}: the event with its long texts (a list's items leave them out). A PRO-only event seen by a member without PRO carries
 * previewData and no eventData; an event that does not exist or that the member may not see
 * answers 404.
 */
export function getEvent(eventId: string, signal?: AbortSignal): Promise<EventItem> {
  return apiClient.get<EventItem>(eventPath(eventId), { signal });
}

const eventPath = (eventId: string) => apiPath('/events/:id', { id: eventId });

/**
 * docs/product.md section 9: a single event stays fresh for 5 minutes. offlineFirst: asked even when the
 * browser says it is offline, so the service worker's copy answers at the venue instead of the
 * query waiting for a network that may not come.
 */
export const eventQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventDetailKeys.event(eventId),
    queryFn: ({ signal }) => getEvent(eventId, signal),
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
    initialData: firstScreenInitialData<EventItem>(eventPath(eventId)),
  });

export function useEvent(eventId: string) {
  return useQuery(eventQueryOptions(eventId));
}

/**
 * The event asked again whenever a screen that needs the registration opens (the Meet page): the
 * member may have left on another device, and a cached 'registered' would show a deck whose swipes
 * the server refuses. The page's own embedded answer is not asked again.
 */
export function useEventRechecked(eventId: string) {
  // Offline the cached answer stands: a request would only fail where the worker holds no copy.
  return useQuery({ ...eventQueryOptions(eventId), refetchOnMount: (query) => (navigator.onLine ? refetchOnMountUnlessPageAnswer(query) : false) });
}
