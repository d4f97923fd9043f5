import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ProfileLookupResponse, ProfileLookupStatus } from '../../../../contract/profile-lookup';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from '../../../lib/signed-in-member';
import { profileKeys } from './keys';

/** GET signup/linkedin/status (beyond docs/product.md): whether this server has a profile-lookup provider. */
export function getProfileLookupStatus(signal?: AbortSignal): Promise<ProfileLookupStatus> {
  return apiClient.get<ProfileLookupStatus>(apiPath('/signup/linkedin/status'), { signal });
}

export const profileLookupStatusQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.lookupStatus(),
    queryFn: ({ signal }) => getProfileLookupStatus(signal),
    // The server's configuration: asked again on each visit (not kept in the persisted cache, where
    // an answer from before the operator set up a provider would linger for a day).
    meta: { persist: false },
  });

export function useProfileLookupStatus() {
  return useQuery(profileLookupStatusQueryOptions());
}

/** POST signup/linkedin/search/profile {linkedinProfileUrl}: {headline, summary, profilePicture}. */
export function lookUpProfile(linkedinProfileUrl: string): Promise<ProfileLookupResponse> {
  return apiClient.post<ProfileLookupResponse>(apiPath('/signup/linkedin/search/profile'), { linkedinProfileUrl });
}

/** The picture became the member's photo on the server: the own profile is read again. */
export function useLookUpProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lookUpProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
