import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Meeting } from '../../../../contract/meetings';
import { apiClient } from '../../../lib/api-client';
import { firstScreenInitialData } from '../../../lib/first-screen-data';
import { meetingsKeys } from './keys';

/** GET events/{id}/meetings: the member's meetings at one event, soonest first. */
export function getEventMeetings(eventId: string, signal?: AbortSignal): Promise<Meeting[]> {
  return apiClient.get<Meeting[]>(apiPath('/events/:id/meetings', { id: eventId }), { signal });
}

export const eventMeetingsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: meetingsKeys.atEvent(eventId),
    queryFn: ({ signal }) => getEventMeetings(eventId, signal),
    networkMode: 'offlineFirst',
    initialData: firstScreenInitialData<Meeting[]>(apiPath('/events/:id/meetings', { id: eventId })),
  });

export function useEventMeetings(eventId: string | null) {
  return useQuery({ ...eventMeetingsQueryOptions(eventId ?? ''), enabled: eventId !== null });
}
