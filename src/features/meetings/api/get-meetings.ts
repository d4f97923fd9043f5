import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Meeting } from '../../../../contract/meetings';
import { apiClient } from '../../../lib/api-client';
import { firstScreenInitialData } from '../../../lib/first-screen-data';
import { meetingsKeys } from './keys';

/** GET meetings: the member's meetings at every event, soonest first. */
export function getMeetings(signal?: AbortSignal): Promise<Meeting[]> {
  return apiClient.get<Meeting[]>(apiPath('/meetings'), { signal });
}

export const meetingsQueryOptions = () =>
  queryOptions({
    queryKey: meetingsKeys.list(),
    queryFn: ({ signal }) => getMeetings(signal),
    networkMode: 'offlineFirst',
    // The page's own answer when it carries one (contract/first-screen.ts): the list shows at once.
    initialData: firstScreenInitialData<Meeting[]>(apiPath('/meetings')),
  });

export function useMeetings(enabled = true) {
  return useQuery({ ...meetingsQueryOptions(), enabled });
}
