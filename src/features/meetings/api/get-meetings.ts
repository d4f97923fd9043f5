import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Meeting } from '../../../../contract/meetings';
import { apiClient } from '../../../lib/api-client';
import { meetingsKeys } from './keys';

/** GET meetings: the member's meetings at every event, soonest first. */
export function getMeetings(signal?: AbortSignal): Promise<Meeting[]> {
  return apiClient.get<Meeting[]>(apiPath('/meetings'), { signal });
}

export const meetingsQueryOptions = () =>
  queryOptions({ queryKey: meetingsKeys.list(), queryFn: ({ signal }) => getMeetings(signal), networkMode: 'offlineFirst' });

export function useMeetings(enabled = true) {
  return useQuery({ ...meetingsQueryOptions(), enabled });
}
