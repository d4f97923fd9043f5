import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { PROMOTION_DATA_ID, type Promotion } from '../../../../contract/promotions';
import { ApiError, apiClient } from '../../../lib/api-client';

/** Query keys of the promotions feature. */
export const promotionKeys = {
  all: ['promotions'] as const,
  bySlug: (slug: string) => [...promotionKeys.all, slug] as const,
};

/**
 * The promotion the server embedded in the page (server/http/promotion-page.ts), when it is the
 * one asked for: the page then paints without a round trip. Taken once: after client-side
 * navigation the element is gone and the API answers.
 */
export function takeEmbeddedPromotion(slug: string): Promotion | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(PROMOTION_DATA_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    const promotion = JSON.parse(element.textContent) as Promotion;
    return promotion.slug === slug ? promotion : undefined;
  } catch {
    return undefined;
  }
}

/** GET promotions/{slug}: public; 404 for an unknown week. */
export function getPromotion(slug: string, signal?: AbortSignal): Promise<Promotion> {
  return apiClient.get<Promotion>(apiPath('/promotions/:slug', { slug }), { signal });
}

export const promotionQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: promotionKeys.bySlug(slug),
    queryFn: ({ signal }) => getPromotion(slug, signal),
    staleTime: 5 * 60_000,
    // An unknown week stays unknown: no retries before the not-found text.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });

export function usePromotion(slug: string) {
  return useQuery({ ...promotionQueryOptions(slug), initialData: () => takeEmbeddedPromotion(slug) });
}
