import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { ShareResponse } from '../../../../contract/profiles';
import { apiClient } from '../../../lib/api-client';

const HOUR = 60 * 60_000;

/**
 * POST users/me/share: the member's share link (the app's origin in front, docs/product.md section 7), what
 * their QR code carries. Kept in the persisted query cache as long as the rest of a venue day's data
 * (it goes with the member at logout), so the code shows without network; read again online after
 * an hour, so a rotated link is not shown for long.
 */
export const myShareLinkQuery = () =>
  queryOptions({
    queryKey: ['qr-exchange', 'share-link'] as const,
    queryFn: async () => new URL((await apiClient.post<ShareResponse>(apiPath('/users/me/share'))).shareUrl, window.location.origin).href,
    staleTime: HOUR,
    // As long as the persisted cache keeps an answer (offline/query-persistence.ts).
    gcTime: 24 * HOUR,
  });

/** Fetches the link ahead while online, so that it is there when the venue's network is not. */
export function keepMyShareLink(queryClient: QueryClient): Promise<unknown> {
  return navigator.onLine ? queryClient.prefetchQuery(myShareLinkQuery()) : Promise.resolve();
}
