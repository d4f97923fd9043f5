import { sql, type Kysely } from 'kysely';
import type { CountedLabel, Location } from '../../../contract/events';
import type { FacetFilters } from '../../../contract/facet-requests';
import type { LocationsQuery } from '../../../contract/locations';
import type { Database } from '../../db/schema';
import { filteredEvents } from './event-listing';
import { locationMatches, toLocation } from '../locations/location-rows';

/**
 * The counts of the filter chips: how many current and upcoming events the member can see per
 * category, event type and location, among those matching the filters given. The routes pass
 * the OTHER groups' filters and the search (faceted counts, contract/facet-requests.ts), so the
 * filter panel and GET events share one definition of a match (event-listing.ts). Locked PRO-only
 * events count: they are listed (as previews). Every entry is answered, zero counts included; the
 * client hides those. Visibility depends on who reads (viewerId, null for anonymous), not on
 * their subscription.
 */

/** The visible, not passed events that match the filters (alias e). */
const matching = (db: Kysely<Database>, viewerId: string | null, now: Date, filters: FacetFilters) =>
  filteredEvents(db, viewerId, now, {
    nonPassed: true,
    categories: filters.categories,
    eventTypeIds: filters.eventTypeIds,
    locationIds: filters.locationIds,
    search: filters.search,
  });

/** Categories with counts, by label. */
export async function categoriesWithCounts(
  db: Kysely<Database>,
  viewerId: string | null,
  now: Date,
  filters: FacetFilters = {},
): Promise<CountedLabel[]> {
  const counts = matching(db, viewerId, now, filters)
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
export async function eventTypesWithCounts(
  db: Kysely<Database>,
  viewerId: string | null,
  now: Date,
  filters: FacetFilters = {},
): Promise<CountedLabel[]> {
  const counts = matching(db, viewerId, now, filters)
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

/**
 * GET locations: the text matches the name, the region or the country's English name
 * (case-insensitive); sorted by eventCount (visible upcoming events there matching the facet
 * filters: categories, eventTypeIds, search) then name.
 */
export async function listLocations(
  db: Kysely<Database>,
  viewerId: string | null,
  now: Date,
  query: LocationsQuery,
): Promise<{ locations: Location[]; total: number }> {
  const counts = matching(db, viewerId, now, { categories: query.categories, eventTypeIds: query.eventTypeIds, search: query.search })
    .where('e.location_id', 'is not', null)
    .select(['e.location_id', sql<number>`count(*)::int`.as('count')])
    .groupBy('e.location_id');
  let base = db.selectFrom('locations as l').leftJoin(counts.as('n'), 'n.location_id', 'l.id');
  if (query.query) base = base.where(locationMatches(query.query));
  if (query.country) base = base.where('l.country', '=', query.country);
  if (query.isCustom !== undefined) base = base.where('l.is_custom', '=', query.isCustom);
  const rows = await base
    .select([
      'l.id',
      'l.name',
      'l.country',
      'l.region',
      'l.is_custom',
      'l.created_at',
      'l.updated_at',
      sql<number>`coalesce(n.count, 0)`.as('event_count'),
      sql<number>`(count(*) over ())::int`.as('total'),
    ])
    .orderBy(sql`coalesce(n.count, 0)`, 'desc')
    .orderBy('l.name')
    .orderBy('l.id')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    total = (await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  }
  return {
    total,
    locations: rows.map((row) => toLocation(row, row.event_count)),
  };
}
