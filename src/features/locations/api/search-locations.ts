import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Location } from '../../../../contract/events';
import type { LocationListResponse } from '../../../../contract/locations';
import { apiClient } from '../../../lib/api-client';
import { useDebouncedValue } from '../use-debounced-value';
import { locationsKeys } from './keys';

/** docs/product.md section 9: the location search asks for 50. */
export const LOCATION_SEARCH_LIMIT = 50;
/** Typing pauses this long before the search goes out. */
export const LOCATION_SEARCH_DEBOUNCE_MS = 200;

/** GET locations?query=&limit=50: locations whose name, country name or region match (data.locations). */
export async function searchLocations(query: string, signal?: AbortSignal): Promise<Location[]> {
  const params = new URLSearchParams({ query, limit: String(LOCATION_SEARCH_LIMIT) });
  const answer = await apiClient.get<LocationListResponse>(`${apiPath('/locations')}?${params.toString()}`, { signal });
  return answer.data.locations;
}

export const locationSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: locationsKeys.search(query),
    queryFn: ({ signal }) => searchLocations(query, signal),
    // docs/product.md section 9: locations stay fresh for 10 minutes.
    staleTime: 10 * 60_000,
    // The list keeps the last answer while the next one loads, instead of flashing a spinner per key.
    placeholderData: keepPreviousData,
    // The service worker may hold an earlier answer (sw/api-cache.ts): try the request even offline.
    networkMode: 'offlineFirst',
  });

/**
 * The search for what the member is typing, debounced; idle while the text is blank (the picker
 * shows the popular locations then). `query` is the text the answer is for.
 */
export function useLocationSearch(text: string) {
  const query = useDebouncedValue(text.trim(), LOCATION_SEARCH_DEBOUNCE_MS);
  const result = useQuery({ ...locationSearchQueryOptions(query), enabled: query !== '' });
  return { ...result, query };
}
