import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { RecommendationsAnswer } from '../../../../contract/recommendations';
import { apiClient } from '../../../lib/api-client';
import { recommendationKeys } from './keys';

/** GET ai-recommendations/top-3 (batch 1) or pro/batch/{n} (PRO members, n from 2). */
export function getRecommendationsBatch(batch: number, signal?: AbortSignal): Promise<RecommendationsAnswer> {
  return apiClient.get<RecommendationsAnswer>(
    batch === 1 ? apiPath('/ai-recommendations/top-3') : apiPath('/ai-recommendations/pro/batch/:batch', { batch: String(batch) }),
    { signal },
  );
}

/**
 * The member's recommendations, one batch per page. docs/product.md section 9: AI top 3 stays fresh for 5
 * minutes, so coming back to the list after that refetches them (refetch on mount when stale).
 */
export const recommendationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: recommendationKeys.picks(),
    queryFn: ({ pageParam, signal }) => getRecommendationsBatch(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMoreBatches ? pages.length + 1 : undefined),
    staleTime: 5 * 60_000,
  });

export function useRecommendations(enabled: boolean) {
  return useInfiniteQuery({ ...recommendationsQueryOptions(), enabled });
}
