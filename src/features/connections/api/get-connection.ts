import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ConnectionProfile } from '../../../../contract/profiles';
import { ApiError, apiClient } from '../../../lib/api-client';
import { connectionsKeys } from './keys';

/** GET users/{id}/connection: a connection's profile with contact details; 404 for anyone else. */
export function getConnection(userId: string, signal?: AbortSignal): Promise<ConnectionProfile> {
  return apiClient.get<ConnectionProfile>(apiPath('/users/:id/connection', { id: userId }), { signal });
}

export const connectionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: connectionsKeys.profile(userId),
    queryFn: ({ signal }) => getConnection(userId, signal),
    // Not a connection (or no such member) stays so: no retries for a 404.
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status === 404),
    networkMode: 'offlineFirst',
  });

export function useConnection(userId: string) {
  return useQuery(connectionQueryOptions(userId));
}
