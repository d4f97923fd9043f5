import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { DISCOVERY_PAGE_SIZE, type EventListResponse } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import type { EventFilters } from '../discovery-url';
import { eventsKeys } from './keys';

export interface GetEventsParams extends EventFilters {
  page: number;
  limit?: number;
}

/** The query string of GET events for discovery: upcoming and current events, with attendee connections. */
export function eventsQueryString({ categories, eventTypes, locations, search, page, limit = DISCOVERY_PAGE_SIZE }: GetEventsParams): string {
  const params = new URLSearchParams({ nonPassed: 'true' });
  if (categories.length) params.set('categories', categories.join(','));
  if (eventTypes.length) params.set('eventTypeIds', eventTypes.join(','));
  if (locations.length) params.set('locationIds', locations.join(','));
  if (search.trim()) params.set('search', search.trim());
  params.set('page', String(page));
  params.set('limit', String(limit));
  params.set('includeAttendeeConnections', 'true');
  return params.toString();
}

/** GET events?nonPassed=true&...: one page of the discovery list. */
export function getEvents(params: GetEventsParams, signal?: AbortSignal): Promise<EventListResponse> {
  return apiClient.get<EventListResponse>(`${apiPath('/events')}?${eventsQueryString(params)}`, { signal });
}

/** docs/product.md section 9: future events stay fresh 5 minutes. */
const FIVE_MINUTES = 5 * 60_000;

/** Events loaded so far in an infinite list. */
export function loadedCount(pages: EventListResponse[]): number {
  return pages.reduce((sum, page) => sum + page.events.length, 0);
}

export const discoveryQueryOptions = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: eventsKeys.discovery(filters),
    queryFn: ({ pageParam, signal }) => getEvents({ ...filters, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, allPages, lastPageParam) =>
      lastPage.events.length > 0 && loadedCount(allPages) < lastPage.total ? lastPageParam + 1 : undefined,
    staleTime: FIVE_MINUTES,
  });

/** The discovery list for a set of filters, page by page. */
export function useDiscoveryEvents(filters: EventFilters) {
  return useInfiniteQuery(discoveryQueryOptions(filters));
}
