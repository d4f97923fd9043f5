import { sql, type Kysely } from 'kysely';
import type { CountedLabel } from '../../../contract/events';
import type { FacetFilters } from '../../../contract/facet-requests';
import type { Database } from '../../db/schema';
import { filteredEvents } from './event-listing';

/**
 * The counts of the filter chips: how many current and upcoming events the member can see per
 * category and event type (per location: locations/list-locations.ts), among those matching the
 * filters given. The routes pass the OTHER groups' filters and the search (faceted counts,
 * contract/facet-requests.ts), so the filter panel and GET events share one definition of a match
 * (event-listing.ts). Locked PRO-only events count: they are listed (as previews). Every entry is
 * answered, zero counts included; the client hides those. Visibility depends on who reads
 * (viewerId, null for anonymous), not on their subscription.
 */

/** The visible, not passed events that match the filters (alias e); the locations' counts too. */
export const matchingEvents = (db: Kysely<Database>, viewerId: string | null, now: Date, filters: FacetFilters) =>
  filteredEvents(db, viewerId, now, {
    nonPassed: true,
    categories: filters.categories,
    eventTypeIds: filters.eventTypeIds,
    locationIds: filters.locationIds,
    search: filters.search,
  });

/** Categories with counts, by label. */
export async function categoriesWithCounts(db: Kysely<Database>, viewerId: string | null, now: Date, filters: FacetFilters = {}): Promise<CountedLabel[]> {
  const counts = matchingEvents(db, viewerId, now, filters)
    .innerJoin('event_categories as ec', 'ec.event_id', 'e.id')
    .select(['ec.category_id', sql<number>`count(*)::int`.as('count')])
    .groupBy('ec.category_id');
  return db
    .selectFrom('categories as c')
    .leftJoin(counts.as('n'), 'n.category_id', 'c.id')
    .select(['c.id', 'c.label', sql<number>`coalesce(n.count, 0)`.as('count')])
    .orderBy('c.label')
    .execute();
}

/** Event types with counts, by label. */
export async function eventTypesWithCounts(db: Kysely<Database>, viewerId: string | null, now: Date, filters: FacetFilters = {}): Promise<CountedLabel[]> {
  const counts = matchingEvents(db, viewerId, now, filters)
    .innerJoin('event_event_types as et', 'et.event_id', 'e.id')
    .select(['et.event_type_id', sql<number>`count(*)::int`.as('count')])
    .groupBy('et.event_type_id');
  return db
    .selectFrom('event_types as t')
    .leftJoin(counts.as('n'), 'n.event_type_id', 't.id')
    .select(['t.id', 't.label', sql<number>`coalesce(n.count, 0)`.as('count')])
    .orderBy('t.label')
    .execute();
}
