import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushPublicKey } from '../../../../contract/push';
import { apiPath } from '../../../../contract/api-routes';
import { apiClient } from '../../../lib/api-client';
import { notificationsKeys } from './keys';

/** GET push/public-key: the key this server signs pushes with; a subscription is made for it. */
export function getPushPublicKey(signal?: AbortSignal): Promise<PushPublicKey> {
  return apiClient.get<PushPublicKey>(apiPath('/push/public-key'), { signal });
}

export const pushPublicKeyQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.publicKey(),
    queryFn: ({ signal }) => getPushPublicKey(signal),
    // The server keeps its key for good (a new one would orphan every subscription).
    staleTime: Infinity,
  });

export function usePushPublicKey() {
  return useQuery(pushPublicKeyQueryOptions());
}
