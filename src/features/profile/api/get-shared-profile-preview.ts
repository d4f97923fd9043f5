import { useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { SharedProfilePreview } from '../../../../contract/profiles';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET users/{id}/public/{secret}/preview: who shared a link, without a session; 404 for a wrong or rotated secret. */
export function getSharedProfilePreview(userId: string, secret: string, signal?: AbortSignal): Promise<SharedProfilePreview> {
  return apiClient.get<SharedProfilePreview>(apiPath('/users/:id/public/:secret/preview', { id: userId, secret }), { signal });
}

export function useSharedProfilePreview(userId: string, secret: string) {
  return useQuery({
    queryKey: profileKeys.sharedPreview(userId, secret),
    queryFn: ({ signal }) => getSharedProfilePreview(userId, secret, signal),
    staleTime: 5 * 60_000,
    // A wrong or rotated link stays the plain sign-in page: asking again changes nothing.
    retry: false,
  });
}
