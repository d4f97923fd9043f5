import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { countryName } from '../../../contract/countries';
import type { CountedLabel, Location } from '../../../contract/events';
import type { EventFilters } from './discovery-url';
import { categoriesQueryOptions } from './api/get-categories';
import { eventTypesQueryOptions } from './api/get-event-types';
import { filterLocationsQueryOptions } from './api/get-locations';

export interface Facet {
  status: 'pending' | 'error' | 'success';
  items: CountedLabel[];
}

export interface FilterFacets {
  categories: Facet;
  eventTypes: Facet;
  locations: Facet;
}

/**
 * Locations as chips: the name, with the country added where two places share a name
 * ('Cambridge, United Kingdom' and 'Cambridge, United States'); eventCount is the count.
 */
export function locationFacetItems(locations: readonly Location[]): CountedLabel[] {
  const seen = new Map<string, number>();
  for (const location of locations) seen.set(location.name, (seen.get(location.name) ?? 0) + 1);
  return locations.map((location) => ({
    id: location.id,
    label: (seen.get(location.name) ?? 0) > 1 && location.country ? `${location.name}, ${countryName(location.country)}` : location.name,
    count: location.eventCount,
  }));
}

function facet(query: { status: Facet['status']; data: CountedLabel[] | undefined }): Facet {
  // A failed refresh keeps the chips it had.
  return query.data ? { status: 'success', items: query.data } : { status: query.status, items: [] };
}

/**
 * The three facets of the filter panel; each loads (and fails) on its own. Their counts are
 * faceted: each group counts the events matching the other groups' filters and the search.
 */
export function useFilterFacets(filters: EventFilters): FilterFacets {
  const categories = useQuery(categoriesQueryOptions(filters));
  const eventTypes = useQuery(eventTypesQueryOptions(filters));
  const locations = useQuery(filterLocationsQueryOptions(filters));
  const locationItems = useMemo(() => (locations.data ? locationFacetItems(locations.data) : undefined), [locations.data]);
  return {
    categories: facet(categories),
    eventTypes: facet(eventTypes),
    locations: facet({ status: locations.status, data: locationItems }),
  };
}
