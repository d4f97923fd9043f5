import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { CountResponse } from '../../../../contract/profiles';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from './keys';

type CountKind = 'connections' | 'events';

/** GET users/{id}/connections/count or GET users/{id}/events/count ({count}). */
export function getProfileCount(userId: string, kind: CountKind, signal?: AbortSignal): Promise<CountResponse> {
  return apiClient.get<CountResponse>(apiPath(`/users/:id/${kind}/count` as const, { id: userId }), { signal });
}

export const profileCountQueryOptions = (userId: string, kind: CountKind) =>
  queryOptions({
    queryKey: profileKeys.count(userId, kind),
    queryFn: ({ signal }) => getProfileCount(userId, kind, signal),
    // docs/product.md section 9: connection and event counts stay fresh for 5 minutes.
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
  });

export function useProfileCount(userId: string, kind: CountKind) {
  return useQuery(profileCountQueryOptions(userId, kind));
}
