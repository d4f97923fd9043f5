import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { PublicProfile } from '../../../../contract/profiles';
import { ApiError, apiClient } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET users/{id}/public/{secret} (or without the secret): a member's public profile; 404 'User not found'. */
export function getPublicProfile(userId: string, secret: string | null, signal?: AbortSignal): Promise<PublicProfile> {
  const path = secret === null ? apiPath('/users/:id/public', { id: userId }) : apiPath('/users/:id/public/:secret', { id: userId, secret });
  return apiClient.get<PublicProfile>(path, { signal });
}

/** docs/product.md section 8: the public profile's load is tried 2 more times, a second apart (not for a 404). */
export const PUBLIC_PROFILE_RETRIES = 2;
export const PUBLIC_PROFILE_RETRY_DELAY_MS = 1000;

export const publicProfileQueryOptions = (userId: string, secret: string | null) =>
  queryOptions({
    queryKey: profileKeys.publicProfile(userId, secret),
    queryFn: ({ signal }) => getPublicProfile(userId, secret, signal),
    retry: (failures, error) => failures < PUBLIC_PROFILE_RETRIES && !(error instanceof ApiError && error.status === 404),
    retryDelay: PUBLIC_PROFILE_RETRY_DELAY_MS,
    // offlineFirst: a profile visited before opens from the service worker's copy at a venue.
    networkMode: 'offlineFirst',
  });

export function usePublicProfile(userId: string, secret: string | null) {
  return useQuery(publicProfileQueryOptions(userId, secret));
}
