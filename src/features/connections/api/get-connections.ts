import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Connection } from '../../../../contract/attendees';
import { apiClient } from '../../../lib/api-client';
import { connectionsKeys } from './keys';

/** GET users/connections: the member's connections, newest first, with where they met. */
export function getConnections(signal?: AbortSignal): Promise<Connection[]> {
  return apiClient.get<Connection[]>(apiPath('/users/connections'), { signal });
}

export const connectionsListQueryOptions = () =>
  queryOptions({
    queryKey: connectionsKeys.list(),
    queryFn: ({ signal }) => getConnections(signal),
    // offlineFirst: at a venue the service worker's copy answers.
    networkMode: 'offlineFirst',
  });

export function useConnections() {
  return useQuery(connectionsListQueryOptions());
}

/**
 * One connection as the list holds it; undefined when it does not. The list is read from the query
 * cache, and asked for only when `ask` (the full profile could not be had): a connection's page that
 * loads well needs no second request before its first paint.
 */
export function useListedConnection(userId: string, ask: boolean) {
  return useQuery({ ...connectionsListQueryOptions(), enabled: ask, select: (list) => list.find((connection) => connection.id === userId) });
}
