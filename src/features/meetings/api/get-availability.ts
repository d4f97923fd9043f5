import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { MeetingAvailability } from '../../../../contract/meetings';
import { apiClient } from '../../../lib/api-client';
import { meetingsKeys } from './keys';

/** GET events/{id}/meetings/availability[?with=]: when meetings may be held, and who is busy when. */
export function getAvailability(eventId: string, withUserId: string, signal?: AbortSignal): Promise<MeetingAvailability> {
  const path = apiPath('/events/:id/meetings/availability', { id: eventId });
  return apiClient.get<MeetingAvailability>(withUserId ? `${path}?with=${encodeURIComponent(withUserId)}` : path, { signal });
}

export const availabilityQueryOptions = (eventId: string, withUserId: string) =>
  queryOptions({
    queryKey: meetingsKeys.availability(eventId, withUserId),
    queryFn: ({ signal }) => getAvailability(eventId, withUserId, signal),
    networkMode: 'offlineFirst',
    // Without it the picker falls back to the event's times (use-meeting-availability.ts): soon.
    retry: 1,
  });

export function useAvailability(eventId: string, withUserId: string) {
  return useQuery(availabilityQueryOptions(eventId, withUserId));
}
