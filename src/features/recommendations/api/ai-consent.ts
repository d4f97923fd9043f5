import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { RECOMMENDATION_CODES, RECOMMENDATION_ERRORS, type ConsentAnswer } from '../../../../contract/recommendations';
import { ApiError, apiClient } from '../../../lib/api-client';
import { recommendationKeys } from './keys';

/** GET ai-recommendations/consent: true, false, or null when the member has not decided. */
export function getAiConsent(signal?: AbortSignal): Promise<ConsentAnswer> {
  return apiClient.get<ConsentAnswer>(apiPath('/ai-recommendations/consent'), { signal });
}

/** PUT ai-recommendations/consent. */
export function putAiConsent(consent: boolean): Promise<ConsentAnswer> {
  return apiClient.put<ConsentAnswer>(apiPath('/ai-recommendations/consent'), { consent });
}

/**
 * Asked again whenever the block mounts (staleTime 0): the choice may have changed on another
 * device or in a tab reloaded before the cache was written, and picks must not show once it is off.
 */
export const aiConsentQueryOptions = () =>
  queryOptions({ queryKey: recommendationKeys.consent(), queryFn: ({ signal }) => getAiConsent(signal), staleTime: 0 });

export function useAiConsent() {
  return useQuery(aiConsentQueryOptions());
}

/** docs/product.md section 8: what a failed change of the AI choice says. */
export function aiConsentErrorText(error: unknown): string {
  return error instanceof ApiError && error.code === RECOMMENDATION_CODES.disabled ? RECOMMENDATION_ERRORS.disabled : 'Failed to update preferences';
}

/**
 * Turns AI recommendations on or off. Off removes the recommendations kept in the cache (docs/product.md
 * section 4), persisted copy included; on fetches them afresh.
 */
export function useSetAiConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putAiConsent,
    onSuccess: (answer) => {
      queryClient.setQueryData(recommendationKeys.consent(), answer);
      if (answer.consent) void queryClient.invalidateQueries({ queryKey: recommendationKeys.picks() });
      else queryClient.removeQueries({ queryKey: recommendationKeys.picks() });
    },
  });
}
