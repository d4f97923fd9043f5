import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { eventNotPassed, eventVisibleTo, type UserRef } from './visibility';

/**
 * Which events a list shows and in what order; the ids of one page and the total. The events
 * themselves are loaded by event-mapper.ts, in the same statement for a list. Every list applies
 * the visibility rule first.
 */

export interface EventFilters {
  /** Only events that have not passed (current or upcoming). */
  nonPassed?: boolean;
  /** Any of these categories. */
  categories?: readonly string[];
  /** Any of these event types. */
  eventTypeIds?: readonly string[];
  /** At any of these locations. */
  locationIds?: readonly string[];
  /** Every word is a case-insensitive substring of the name, the organizer's name or the description text. */
  search?: string;
  organizerId?: string;
  /** Events this user is registered at (an expression when the statement reads the session too). */
  attendeeUserId?: UserRef;
}

/**
 * - 'chronological': current and upcoming events soonest first (events without a date after
 *   them), then past events most recent first; ties by id, so pages never overlap.
 * - 'discovery': as 'chronological', but among current and upcoming events those whose name
 *   contains the featured keyword come first. Past events (listed only with nonPassed=false)
 *   always follow every current and upcoming one: a festival that is over is not featured.
 */
export type EventOrder = { kind: 'discovery'; featuredKeyword: string } | { kind: 'chronological' };

export interface Paging {
  page: number;
  limit: number;
}

/** A list: which events, in what order, which page (null: every match). */
export interface EventListQuery {
  filters: EventFilters;
  order: EventOrder;
  paging: Paging | null;
}

/** At most this many words of a search are used; a search is at most 200 characters anyway. */
const MAX_SEARCH_WORDS = 12;

/** LIKE pattern for a substring, with LIKE's own characters taken literally. */
function containsPattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/** Every filter as a WHERE clause on events (alias e), visibility first; the facet counts use it too. */
export function filteredEvents(db: Kysely<Database>, viewerId: UserRef | null, now: Date, filters: EventFilters) {
  let query = db.selectFrom('events as e').where(eventVisibleTo(viewerId));
  if (filters.nonPassed) query = query.where(eventNotPassed(now));
  // Category and type filters give a set of candidate ids, read from the join tables' indexes
  // and intersected; "id = any(array(...))" makes PostgreSQL fetch just those events by primary
  // key instead of scanning every event and joining.
  const tagged = [];
  if (filters.categories?.length) {
    tagged.push(
      db
        .selectFrom('event_categories')
        .select('event_id')
        .where('category_id', 'in', [...filters.categories]),
    );
  }
  if (filters.eventTypeIds?.length) {
    tagged.push(
      db
        .selectFrom('event_event_types')
        .select('event_id')
        .where('event_type_id', 'in', [...filters.eventTypeIds]),
    );
  }
  const [first, ...more] = tagged;
  if (first) {
    const candidates = more.reduce((all, next) => all.intersect(next), first);
    query = query.where(sql<SqlBool>`e.id = any(array(${candidates}))`);
  }
  if (filters.locationIds?.length) query = query.where('e.location_id', 'in', [...filters.locationIds]);
  for (const word of searchWords(filters.search)) query = query.where('e.search_text', 'like', containsPattern(word));
  if (filters.organizerId) query = query.where('e.organizer_id', '=', filters.organizerId);
  if (filters.attendeeUserId) {
    const userId = filters.attendeeUserId;
    query = query.where('e.id', 'in', db.selectFrom('event_attendees').select('event_id').where('user_id', '=', userId));
  }
  return query;
}

/** Whether the filters put values of their own into a list's statement (ids, words, a member). */
function filtersCarryValues(filters: EventFilters): boolean {
  return Boolean(
    filters.categories?.length ||
    filters.eventTypeIds?.length ||
    filters.locationIds?.length ||
    searchWords(filters.search).length ||
    filters.organizerId ||
    typeof filters.attendeeUserId === 'string',
  );
}

type Filtered = ReturnType<typeof filteredEvents>;
type EventsFrom = Database & { e: Database['events'] };
/** A query on events (alias e) with some selection. */
type EventsQuery<O> = SelectQueryBuilder<EventsFrom, 'e', O>;

/** Whether the filters narrow the events down (so that sorting every match is cheap): the member's own events too. */
function isNarrow(filters: EventFilters): boolean {
  return filtersCarryValues(filters) || Boolean(filters.attendeeUserId);
}

/** ORDER BY of the non-featured part: current and upcoming soonest first, then past most recent first. */
function chronologically<O>(query: EventsQuery<O>, now: Date, allUpcoming: boolean): EventsQuery<O> {
  if (allUpcoming) {
    // Start time order, which the date_time index gives without sorting.
    return query.orderBy('e.date_time').orderBy('e.id');
  }
  const upcoming = eventNotPassed(now);
  return query
    .orderBy(sql`${upcoming}`, 'desc')
    .orderBy(sql`case when ${upcoming} then e.date_time end asc nulls last`)
    .orderBy(sql`case when ${upcoming} then null else e.date_time end desc nulls last`)
    .orderBy('e.id');
}

/**
 * Which events a page shows, as SQL: common table expressions ending in `page_ids(ids, total)`, the
 * page's ids in order and the number of matches (null for an empty page of a narrow list: totalOf).
 * A list statement starts with them and reads its events from `page_ids` in the same round trip
 * (event-mapper.ts).
 */
export type EventPageSql = RawBuilder<unknown>;

/** Where a page starts among the matches, computed by the statement from the page and its size. */
function pageOffset(paging: Paging) {
  return sql<number>`(${paging.page}::int - 1) * ${paging.limit}::int`;
}

/** Narrow filters: one query sorts every match (featured flag included) and counts them. */
function narrowPage(base: Filtered, now: Date, keyword: string, filters: EventFilters, paging: Paging | null): EventPageSql {
  const upcoming = eventNotPassed(now);
  let query = base.select(['e.id', sql<number>`(count(*) over ())::int`.as('total')]);
  if (keyword) {
    query = query.orderBy(sql`${upcoming}`, 'desc').orderBy(sql`${upcoming} and strpos(lower(e.name), lower(${keyword})) > 0`, 'desc');
  }
  query = chronologically(query, now, Boolean(filters.nonPassed));
  if (paging) query = query.limit(sql<number>`${paging.limit}::int`).offset(pageOffset(paging));
  // No row, no total: null, for totalOf to count when the page lies past the end.
  return sql`matches as materialized (${query}),
    page_ids as materialized (select array(select id from matches) as ids, (select total from matches limit 1) as total)`;
}

/**
 * Broad lists (every event, or every upcoming one): deciding "featured" for thousands of rows
 * costs more than the rest of the request, so the page has three parts, each on its own index: the
 * featured ones from the trigram index of the lower-cased name; the count from the covering index
 * of current_until; the rest of the page in start time order from the date_time index, after as
 * many featured ones as fall on the page.
 */
function broadPage(base: Filtered, now: Date, keyword: string, filters: EventFilters, paging: Paging | null): EventPageSql {
  const featured = keyword
    ? sql<string[]>`array(${base
        .where(eventNotPassed(now))
        // The keyword is the server's setting, not a visitor's: as a literal, the prepared
        // statement's plan is made for it (a pattern parameter is planned anew each time). The
        // trigram index of lower(name) serves it (migration 0018).
        .where(sql`lower(e.name)`, 'like', sql.lit(containsPattern(keyword)))
        .select('e.id')
        .orderBy('e.date_time')
        .orderBy('e.id')})`
    : sql<string[]>`array[]::uuid[]`;
  const counted = base.select(sql<number>`count(*)::int`.as('n'));
  // Current and upcoming soonest first, then past most recent first: two parts, each in the order
  // of the date_time index and read only as far as the page goes, instead of sorting every event.
  const notFeatured = base.select('e.id').where(sql<SqlBool>`e.id <> all(f.ids)`);
  const soonest = notFeatured.where(eventNotPassed(now)).orderBy('e.date_time').orderBy('e.id');
  const latestPast = notFeatured
    .where(sql<SqlBool>`e.current_until < ${now}`)
    .orderBy(sql`e.date_time desc nulls last`)
    .orderBy('e.id');
  const upcomingOnly = Boolean(filters.nonPassed);
  let featuredOnPage = sql`f.ids`;
  let rest = upcomingOnly ? sql`array(${soonest})` : sql`array(${soonest}) || array(${latestPast})`;
  let from = sql`featured f`;
  if (paging) {
    const offset = pageOffset(paging);
    const limit = sql<number>`${paging.limit}::int`;
    // The page holds featured[offset, offset + limit) first; the rest fills what is left.
    featuredOnPage = sql`f.ids[${offset} + 1 : ${offset} + ${limit}]`;
    const featuredCount = sql<number>`greatest(0, least(${limit}, cardinality(f.ids) - ${offset}))`;
    const restOffset = sql<number>`greatest(0, ${offset} - cardinality(f.ids))`;
    const restLimit = sql<number>`${limit} - ${featuredCount}`;
    const restEnd = sql<number>`${restOffset} + ${restLimit}`;
    if (upcomingOnly) {
      rest = sql`array(${soonest.limit(restLimit).offset(restOffset)})`;
    } else {
      // Past events only for what the upcoming ones (s) leave of the page: on a first page usually
      // none, and a LIMIT of 0 reads no row.
      from = sql`featured f, lateral (select array(${soonest.limit(restEnd)}) as ids) s`;
      const pastLimit = sql<number>`greatest(0, ${restEnd} - cardinality(s.ids))`;
      rest = sql`(s.ids || array(${latestPast.limit(pastLimit)}))[${restOffset} + 1 : ${restEnd}]`;
    }
  }
  return sql`featured as materialized (select ${featured} as ids),
    page_ids as materialized (select ${featuredOnPage} || ${rest} as ids, (${counted}) as total from ${from})`;
}

/**
 * The page of a list (or every match when paging is null) among the events visible to viewerId
 * (null: anonymous; an expression when the statement reads the session too), as SQL to start a
 * statement with. Locked events are listed too (as previews).
 */
export function eventPageSql(
  db: Kysely<Database>,
  viewerId: UserRef | null,
  now: Date,
  filters: EventFilters,
  order: EventOrder,
  paging: Paging | null,
): EventPageSql {
  const base = filteredEvents(db, viewerId, now, filters);
  const keyword = order.kind === 'discovery' ? order.featuredKeyword.trim() : '';
  return isNarrow(filters) ? narrowPage(base, now, keyword, filters, paging) : broadPage(base, now, keyword, filters, paging);
}

/** The columns `ids` and `total` of a statement that starts with eventPageSql. */
export const PAGE_IDS_COLUMNS = sql`(select ids from page_ids) as ids, (select total from page_ids) as total`;

/**
 * Whether a list's statement is planned anew at each call: a search is a LIKE pattern, and a
 * statement with one runs unnamed, planned for its pattern (db/statement-kinds.ts). Such a list
 * reads its events in a statement of its own, whose plan is kept, rather than planning them too.
 */
export function plannedPerCall(filters: EventFilters): boolean {
  return searchWords(filters.search).length > 0;
}

/**
 * The number of matches of a page whose statement answered `total`: null when a narrow list's page
 * was empty, where no row carried the count. Page 1 empty means none; a page past the end is counted
 * apart, in a statement of its own so that the list's statement never plans that count.
 */
export async function totalOf(
  db: Kysely<Database>,
  viewerId: string | null,
  now: Date,
  filters: EventFilters,
  paging: Paging | null,
  total: number | null,
): Promise<number> {
  if (total !== null) return total;
  if (!paging || paging.page === 1) return 0;
  const counted = await filteredEvents(db, viewerId, now, filters)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return counted.n;
}

/** The ids of one page (or of all matches when paging is null) and the number of matches. */
export async function findEventIds(
  db: Kysely<Database>,
  viewerId: string | null,
  now: Date,
  filters: EventFilters,
  order: EventOrder,
  paging: Paging | null,
): Promise<{ ids: string[]; total: number }> {
  const page = eventPageSql(db, viewerId, now, filters, order, paging);
  const { rows } = await sql<{ ids: string[]; total: number | null }>`with ${page} select ${PAGE_IDS_COLUMNS}`.execute(db);
  const found = rows[0] ?? { ids: [], total: 0 };
  return { ids: found.ids, total: await totalOf(db, viewerId, now, filters, paging, found.total) };
}
