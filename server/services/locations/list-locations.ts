import { sql, type Kysely } from 'kysely';
import type { Location } from '../../../contract/events';
import type { LocationsQuery } from '../../../contract/locations';
import type { Database } from '../../db/schema';
import { matchingEvents } from '../events/facet-counts';
import { locationMatches, toLocation } from './location-rows';

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
  const counts = matchingEvents(db, viewerId, now, { categories: query.categories, eventTypeIds: query.eventTypeIds, search: query.search })
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
