import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountedLabel } from '../../../../contract/events';
import { apiClient } from '../../../lib/api-client';
import { eventsKeys } from './keys';

/** GET categories: every category with the count of visible upcoming events. */
export async function getCategories(signal?: AbortSignal): Promise<CountedLabel[]> {
  const answer = await apiClient.get<{ categories: CountedLabel[] }>('categories', { signal });
  return answer.categories;
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: eventsKeys.categories(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
