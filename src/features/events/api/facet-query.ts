import { filtersOf, type EventFilters } from '../discovery-url';

/** A group of the filter panel, named as in EventFilters. */
export type FacetGroup = 'categories' | 'eventTypes' | 'locations';

/**
 * The filters a group's counts depend on (faceted counts, contract/facet-requests.ts): every other
 * group's and the search, never its own, so choosing a chip does not reload its own group. Sorted
 * and trimmed, so equal filters give one query key.
 */
export function facetFilters(filters: EventFilters, group: FacetGroup): EventFilters {
  return { ...filtersOf(filters), [group]: [] };
}

/** The facet parameters of GET categories, event-types and locations (the names of GET events). */
export function facetParams(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.categories.length) params.set('categories', filters.categories.join(','));
  if (filters.eventTypes.length) params.set('eventTypeIds', filters.eventTypes.join(','));
  if (filters.locations.length) params.set('locationIds', filters.locations.join(','));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return params;
}

/** '?a=b' or '' for no parameters; commas are kept readable, as in the page's own URL. */
export function facetQueryString(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}
