import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { BlockedMember } from '../../../../contract/safety';
import { apiClient } from '../../../lib/api-client';
import { safetyKeys } from './keys';

export const blockedQueryOptions = () =>
  queryOptions({
    queryKey: safetyKeys.blocked(),
    queryFn: ({ signal }) => apiClient.get<BlockedMember[]>(apiPath('/users/me/blocked'), { signal }),
    networkMode: 'offlineFirst',
  });

/** GET users/me/blocked: the members the member blocked, latest first. */
export function useBlocked() {
  return useQuery(blockedQueryOptions());
}
