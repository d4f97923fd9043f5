import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Meeting } from '../../../../contract/meetings';
import { ApiError, apiClient } from '../../../lib/api-client';
import { firstScreenInitialData } from '../../../lib/first-screen-data';
import { meetingsKeys } from './keys';

/** GET meetings/{id}: one of the member's meetings; 404 for anyone else's. */
export function getMeeting(meetingId: string, signal?: AbortSignal): Promise<Meeting> {
  return apiClient.get<Meeting>(apiPath('/meetings/:id', { id: meetingId }), { signal });
}

/** The meeting as a list already holds it: the page opens at once from a list, offline too. */
function fromLists(queryClient: QueryClient, meetingId: string): Meeting | undefined {
  for (const [, list] of queryClient.getQueriesData<Meeting[]>({ queryKey: meetingsKeys.all })) {
    const found = Array.isArray(list) ? list.find((meeting) => meeting.id === meetingId) : undefined;
    if (found) return found;
  }
  return undefined;
}

export const meetingQueryOptions = (queryClient: QueryClient, meetingId: string) =>
  queryOptions({
    queryKey: meetingsKeys.one(meetingId),
    queryFn: ({ signal }) => getMeeting(meetingId, signal),
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status === 404),
    networkMode: 'offlineFirst',
    placeholderData: () => fromLists(queryClient, meetingId),
    initialData: firstScreenInitialData<Meeting>(apiPath('/meetings/:id', { id: meetingId })),
  });

export function useMeeting(queryClient: QueryClient, meetingId: string) {
  return useQuery(meetingQueryOptions(queryClient, meetingId));
}
