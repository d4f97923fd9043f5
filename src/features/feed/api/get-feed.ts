import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import { FEED_DEFAULT_LIMIT, type FeedPage } from '../../../../contract/feed';
import { apiClient } from '../../../lib/api-client';
import { feedKeys } from './keys';

/** GET feed: one page of the member's network activity, newest first; no cursor for the first. */
export function getFeed(cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const params = new URLSearchParams({ limit: String(FEED_DEFAULT_LIMIT) });
  if (cursor) params.set('cursor', cursor);
  return apiClient.get<FeedPage>(`${apiPath('/feed')}?${params}`, { signal });
}

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(),
    queryFn: ({ pageParam, signal }) => getFeed(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // offlineFirst: at a venue the service worker's copy of the first page answers.
    networkMode: 'offlineFirst',
  });

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions());
}
