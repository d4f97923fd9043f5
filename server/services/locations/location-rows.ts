import { sql, type Kysely, type Selectable } from 'kysely';
import { countriesMatching } from '../../../contract/countries';
import type { Location } from '../../../contract/events';
import type { NewLocation } from '../../../contract/locations';
import type { Database } from '../../db/schema';
import type { LocationsTable } from '../../db/tables/members';
import { filteredEvents } from '../events/event-listing';

/**
 * The location service's rows and writes (contract/locations.ts). A custom location is a place,
 * not private data: once created it is listed, searched and suggested to every member like the
 * others. Who created it is kept only for erasure and never answered.
 */

export type LocationRow = Pick<Selectable<LocationsTable>, 'id' | 'name' | 'country' | 'region' | 'is_custom' | 'created_at' | 'updated_at'>;

export const LOCATION_COLUMNS = ['l.id', 'l.name', 'l.country', 'l.region', 'l.is_custom', 'l.created_at', 'l.updated_at'] as const;

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lower-case LIKE pattern of text anywhere, with the wildcards typed by the member escaped. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const startsPattern = (text: string) => `${escapeLike(text)}%`;

/**
 * The search rule of every location lookup (GET locations, suggestions): the name or the region
 * contains the text, or the country's English name does, case-insensitively. search_text is the
 * lower-case name and region (migration 0005), so no row is lower-cased at search time.
 */
export function locationMatches(text: string, alias = 'l') {
  const pattern = containsPattern(text);
  const countries = countriesMatching(text);
  const column = sql.ref(`${alias}.search_text`);
  const country = sql.ref(`${alias}.country`);
  return sql<boolean>`(${column} like ${pattern}${countries.length > 0 ? sql` or ${country} in (${sql.join(countries)})` : sql``})`;
}

/**
 * The answer's eventCount of each location: the current and upcoming events there that the member
 * can see (as GET locations counts them without facet filters).
 */
export async function withEventCounts(db: Kysely<Database>, viewerId: string, now: Date, rows: LocationRow[]): Promise<Location[]> {
  if (rows.length === 0) return [];
  const counts = await filteredEvents(db, viewerId, now, { nonPassed: true, locationIds: rows.map((row) => row.id) })
    .select(['e.location_id', sql<number>`count(*)::int`.as('count')])
    .groupBy('e.location_id')
    .execute();
  const byId = new Map(counts.map((c) => [c.location_id, c.count]));
  return rows.map((row) => toLocation(row, byId.get(row.id) ?? 0));
}

export function toLocation(row: LocationRow, eventCount: number): Location {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    region: row.region,
    isCustom: row.is_custom,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    eventCount,
  };
}

/** The location with this name in this country (trimmed, case-insensitive); a known place before a custom one. */
export async function findSameLocation(db: Kysely<Database>, name: string, country: string): Promise<LocationRow | undefined> {
  return db
    .selectFrom('locations as l')
    .select(LOCATION_COLUMNS)
    .where('l.country', '=', country)
    .where(sql`lower(l.name)`, '=', name.trim().toLowerCase())
    .orderBy('l.is_custom')
    .orderBy('l.created_at')
    .orderBy('l.id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Inserts the member's custom location unless the same name and country exists; the advisory lock
 * makes two concurrent creations of one place (on any API process) end with one row.
 */
export async function insertLocationOnce(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  location: NewLocation,
): Promise<{ row: LocationRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const key = `location:${location.country}:${location.name.toLowerCase()}`;
    await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    const existing = await findSameLocation(trx, location.name, location.country);
    if (existing) return { row: existing, created: false };
    const row = await trx
      .insertInto('locations')
      .values({
        name: location.name,
        country: location.country,
        region: location.region,
        is_custom: true,
        created_by_user_id: userId,
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'name', 'country', 'region', 'is_custom', 'created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
    return { row, created: true };
  });
}
