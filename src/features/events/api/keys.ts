import type { EventFilters } from '../discovery-url';

/** Query keys of the events list feature. */
export const eventsKeys = {
  all: ['events'] as const,
  /** Discovery lists (GET events, not passed), one infinite list per set of filters. */
  discoveryAll: () => [...eventsKeys.all, 'discovery'] as const,
  discovery: (filters: EventFilters) => [...eventsKeys.discoveryAll(), filters] as const,
  /** The member's registered events (GET events/my-events). */
  myEvents: () => [...eventsKeys.all, 'my-events'] as const,
  /** Facets of the filter panel, one per set of the other groups' filters (api/facet-query.ts). */
  categories: (facet: EventFilters) => [...eventsKeys.all, 'categories', facet] as const,
  eventTypes: (facet: EventFilters) => [...eventsKeys.all, 'event-types', facet] as const,
  locations: (facet: EventFilters) => [...eventsKeys.all, 'locations', facet] as const,
};
