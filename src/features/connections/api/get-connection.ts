import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ConnectionProfile } from '../../../../contract/profiles';
import { ApiError, apiClient } from '../../../lib/api-client';
import { firstScreenInitialData } from '../../../lib/first-screen-data';
import { connectionsKeys } from './keys';

const connectionPath = (userId: string) => apiPath('/users/:id/connection', { id: userId });

/** GET users/{id}/connection: a connection's profile with contact details; 404 for anyone else. */
export function getConnection(userId: string, signal?: AbortSignal): Promise<ConnectionProfile> {
  return apiClient.get<ConnectionProfile>(connectionPath(userId), { signal });
}

export const connectionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: connectionsKeys.profile(userId),
    queryFn: ({ signal }) => getConnection(userId, signal),
    // Not a connection (or no such member) stays so: no retries for a 404.
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status === 404),
    networkMode: 'offlineFirst',
    // The page's embedded answer (a cold load of /connections/{id}): the first render shows it.
    initialData: firstScreenInitialData<ConnectionProfile>(connectionPath(userId)),
  });

export function useConnection(userId: string) {
  return useQuery(connectionQueryOptions(userId));
}
