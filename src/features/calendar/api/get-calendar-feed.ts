import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { CalendarFeedResponse } from '../../../../contract/calendar';
import { apiClient } from '../../../lib/api-client';
import { calendarKeys } from './keys';

/** GET users/me/calendar-feed: the feed's https URL; the server makes its secret on the first call. */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedResponse> {
  return apiClient.get<CalendarFeedResponse>(apiPath('/users/me/calendar-feed'), { signal });
}

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.feed(),
    queryFn: ({ signal }) => getCalendarFeed(signal),
    staleTime: Infinity,
    // The URL opens the member's calendar without a session: it stays in memory, never in localStorage.
    meta: { persist: false },
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
