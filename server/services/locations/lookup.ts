import { sql, type Kysely } from 'kysely';
import { COUNTRY_NAMES, SUGGESTED_COUNTRIES } from '../../../contract/countries';
import type { CountryEntry } from '../../../contract/locations';
import type { Database } from '../../db/schema';
import { findSameLocation, LOCATION_COLUMNS, locationMatches, startsPattern, type LocationRow } from './location-rows';

/**
 * The location service's reads besides the list (contract/locations.ts): resolve, suggestions,
 * popular, countries and regions. They answer rows; the route adds each one's eventCount.
 */

/**
 * A location's use, for popular: the events held there (past ones too: a venue used last year is
 * still a known place) that are not community events (those are visible only to their creator's
 * connections, so they must not shape what everyone is shown), plus the members who chose it as
 * their profile location.
 */
export async function popularLocations(db: Kysely<Database>, limit: number): Promise<LocationRow[]> {
  const events = db
    .selectFrom('events')
    .select(['location_id', sql<number>`count(*)::int`.as('n')])
    .where('location_id', 'is not', null)
    .where('source_type', '<>', 'USER_ADDED')
    .groupBy('location_id');
  const members = db
    .selectFrom('users')
    .select(['location_id', sql<number>`count(*)::int`.as('n')])
    .where('location_id', 'is not', null)
    .groupBy('location_id');
  return db
    .selectFrom('locations as l')
    .leftJoin(events.as('ev'), 'ev.location_id', 'l.id')
    .leftJoin(members.as('mb'), 'mb.location_id', 'l.id')
    .select(LOCATION_COLUMNS)
    .orderBy(sql`coalesce(ev.n, 0) + coalesce(mb.n, 0)`, 'desc')
    .orderBy('l.is_custom')
    .orderBy('l.name')
    .orderBy('l.id')
    .limit(limit)
    .execute();
}

/**
 * Suggestions as the member types: every location the list's search finds (name, region or country
 * name), a name equal to the text first, then names starting with it, then the others; known
 * places before custom ones, shorter names first. Nothing typed answers the popular ones.
 */
export async function suggestedLocations(db: Kysely<Database>, text: string, limit: number): Promise<LocationRow[]> {
  if (!text) return popularLocations(db, limit);
  const lowered = text.toLowerCase();
  return db
    .selectFrom('locations as l')
    .select(LOCATION_COLUMNS)
    .where(locationMatches(text))
    .orderBy(sql`case when lower(l.name) = ${lowered} then 0 when lower(l.name) like ${startsPattern(text)} then 1 else 2 end`)
    .orderBy('l.is_custom')
    .orderBy(sql`length(l.name)`)
    .orderBy('l.name')
    .orderBy('l.id')
    .limit(limit)
    .execute();
}

/** The code of an English country name or a code, any case; undefined when it names none. */
function countryCodeOf(text: string): string | undefined {
  const lowered = text.trim().toLowerCase();
  return SUGGESTED_COUNTRIES.find((code) => code.toLowerCase() === lowered || COUNTRY_NAMES[code].toLowerCase() === lowered);
}

/**
 * The location the text names exactly (case-insensitive, trimmed): its display text '{name},
 * {country name}' (or '{name}, {code}'), else its name alone. Several places of one name: a known
 * place before a custom one, then the oldest.
 */
export async function resolveLocation(db: Kysely<Database>, userInput: string): Promise<LocationRow | null> {
  const text = userInput.trim();
  if (!text) return null;
  const comma = text.lastIndexOf(',');
  if (comma > 0) {
    const country = countryCodeOf(text.slice(comma + 1));
    const name = text.slice(0, comma).trim();
    if (country && name) {
      const displayed = await findSameLocation(db, name, country);
      if (displayed) return displayed;
    }
  }
  const named = await db
    .selectFrom('locations as l')
    .select(LOCATION_COLUMNS)
    .where(sql`lower(l.name)`, '=', text.toLowerCase())
    .orderBy('l.is_custom')
    .orderBy('l.created_at')
    .orderBy('l.id')
    .limit(1)
    .executeTakeFirst();
  return named ?? null;
}

/** The 16 suggested countries in docs/product.md's order, each with how many locations it has. */
export async function countriesWithCounts(db: Kysely<Database>): Promise<CountryEntry[]> {
  const counts = await db
    .selectFrom('locations')
    .select(['country', sql<number>`count(*)::int`.as('n')])
    .groupBy('country')
    .execute();
  const byCode = new Map(counts.map((c) => [c.country, c.n]));
  return SUGGESTED_COUNTRIES.map((code) => ({ code, name: COUNTRY_NAMES[code], locationCount: byCode.get(code) ?? 0 }));
}

/**
 * The regions of a country's locations, alphabetically; spellings that differ only in case are one
 * region, written as most of its locations write it.
 */
export async function regionsOf(db: Kysely<Database>, country: string): Promise<string[]> {
  const rows = await db
    .selectFrom('locations')
    .select(sql<string>`mode() within group (order by region)`.as('region'))
    .where('country', '=', country)
    .where(sql`btrim(coalesce(region, ''))`, '<>', '')
    .groupBy(sql`lower(region)`)
    .orderBy(sql`lower(region)`)
    .execute();
  return rows.map((row) => row.region);
}
