import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ProfileConnectResponse } from '../../../../contract/profiles';
import { apiClient } from '../../../lib/api-client';
import { profileKeys } from './keys';

/**
 * POST users/{id}/connect/{secret}: connects with the owner of a shared profile link at once;
 * without the secret it records interest, connected once the other side is interested too.
 */
export function connectToProfile(userId: string, secret: string | null): Promise<ProfileConnectResponse> {
  const path = secret === null ? apiPath('/users/:id/connect', { id: userId }) : apiPath('/users/:id/connect/:secret', { id: userId, secret });
  return apiClient.post<ProfileConnectResponse>(path);
}

export function useConnectToProfile(userId: string, secret: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => connectToProfile(userId, secret),
    // The profile now says connected; the member's connections and feed change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
