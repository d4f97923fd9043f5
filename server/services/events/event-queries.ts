import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AttendeeConnection, EventItem, EventListItem, EventListResponse } from '../../../contract/events';
import type { Database } from '../../db/schema';
import { eventListAnswer, rowsOf, toEventItem, toEventListItem, type EventRow, type RowJson } from './event-mapper';
import { eventPageSql, totalOf, type EventListQuery, type EventPageSql } from './event-listing';
import { connectedUserIds, type UserRef, type Viewer } from './visibility';

/**
 * The statements that read events for the API (event-mapper.ts maps their rows). A page of
 * events, with its organizer, location, categories, event types, attendee count, the reader's own
 * registration and, when asked, the reader's connections who attend, is one statement whatever
 * its size. Nothing here runs a query per event.
 */

export interface RowOptions {
  /** Read description, agenda and event URL (an event's own page, the assistant). Default true. */
  withTexts?: boolean;
  /** Read the reader's connections who attend each event. Default false. */
  withConnections?: boolean;
}

/**
 * SQL: the events of `page` (a uuid[] expression), in its order, as one JSON array (null when
 * empty); ids that do not exist are left out.
 *
 * One value back, not a row per event: a row of two dozen columns cost more to decode in PGlite's
 * protocol parser than the rest of a list request's JavaScript. The labels are kept on the event
 * (migration 0019); the attendance counts and the connections who attend are each read once for
 * the whole page, grouped by event (one scan of each table, not one per event and table). The
 * reader's connections are one array searched in each event's registrations by (event, member):
 * a few index probes per event however many attend.
 */
function eventRowsJson(readerId: UserRef | null, page: RawBuilder<unknown>, options: RowOptions): RawBuilder<{ page: RowJson[] | null }> {
  const { withTexts = true, withConnections = false } = options;
  // An event's own page shows the long texts and links to its mingle compilation; a list does not.
  const texts = withTexts
    ? sql`, 'description', e.description, 'agenda', e.agenda, 'event_url', e.event_url,
        'has_mingle_compilation', exists (select 1 from promotions pr where pr.event_id = e.id)`
    : sql``;
  const connectionsOf = withConnections ? readerId : null;
  const connections = connectionsOf
    ? sql`left join (select ca.event_id, json_agg(json_build_object('id', u.id, 'firstName', u.first_name) order by u.first_name, u.id) as list
        from event_attendees ca join users u on u.id = ca.user_id
        where ca.event_id = any(${page}) and ca.user_id = any(array(${connectedUserIds(connectionsOf)}))
        group by ca.event_id) conn on conn.event_id = e.id`
    : sql``;
  return sql<{ page: RowJson[] | null }>`
    select json_agg(json_build_object(
        'id', e.id, 'name', e.name, 'image_url', e.image_url, 'date_time', e.date_time,
        'end_date_time', e.end_date_time, 'location', e.location, 'source_type', e.source_type,
        'is_pro_only', e.is_pro_only, 'ai_generated_blurb', e.ai_generated_blurb,
        'created_by_user_id', e.created_by_user_id, 'organizer_id', e.organizer_id,
        'organizer_name', o.name, 'location_name', l.name, 'location_country', l.country,
        'categories', e.category_labels, 'event_types', e.event_type_labels,
        'attendee_count', coalesce(cnt.n, 0), 'registered', r.user_id is not null, 'goal', r.goal,
        'connections_attending', ${connectionsOf ? sql`coalesce(conn.list, '[]')` : sql`'[]'::json`} ${texts}
      ) order by p.ord) as page
    from unnest(${page}) with ordinality as p(id, ord)
    join events e on e.id = p.id
    left join organizers o on o.id = e.organizer_id
    left join locations l on l.id = e.location_id
    left join event_attendees r on r.event_id = e.id and r.user_id = ${readerId ?? NO_USER}
    left join (select a.event_id, count(*)::int as n from event_attendees a
      where a.event_id = any(${page}) group by a.event_id) cnt on cnt.event_id = e.id
    ${connections}`;
}

/** Rows of the given events, in the order of `ids`; ids that do not exist are left out. One statement. */
export async function loadEventRows(db: Kysely<Database>, viewer: Viewer, ids: readonly string[], options: RowOptions = {}): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  // Shaped so that PostgreSQL keeps the statement's plan; otherwise it judged a plan made for the
  // ids at hand cheaper and planned anew at every call. One event (its own page, the join page) as
  // a one-element array the planner can see (3.3 -> 0.34 ms on PGlite); several as a subquery's
  // value, which no plan can look into (a recommendation's rows 1.3 -> 0.36 ms). The cast makes
  // `any(...)` take the subquery as an array.
  const page = ids.length === 1 ? sql`array[${ids[0]}::uuid]` : sql`(select ${[...ids]}::uuid[])::uuid[]`;
  const { rows } = await eventRowsJson(viewer.userId, page, options).execute(db);
  return rowsOf(rows[0]?.page);
}

/** The one row of a list statement: the number of matches and the page's events. */
export interface EventListRow {
  /** null when a narrow list's page is empty (event-listing.ts totalOf). */
  total: number | null;
  page: RowJson[] | null;
}

/**
 * A list's statement: the page's ids and total (eventPageSql) and its events' rows (list items, no
 * long texts) in one round trip, as parts that a route runs alone (eventListResponse) or after the
 * session lookup in the same statement (http/signed-in-read.ts).
 */
export function eventListStatement(readerId: UserRef | null, page: EventPageSql, withConnections: boolean) {
  // The cast makes it an array expression: `any((select ...))` alone would compare with each row.
  const rowsJson = eventRowsJson(readerId, sql`(select ids from page_ids)::uuid[]`, { withTexts: false, withConnections });
  return { with: page, columns: sql`(select total from page_ids) as total, (${rowsJson}) as page` };
}

/** A list statement's events. */
export function eventListRows(row: EventListRow): EventRow[] {
  return rowsOf(row.page);
}

/** No member has this id: the registration join of an anonymous reader finds nothing. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/** One event as its own page shows it to the viewer (full, or its preview when locked); undefined if it does not exist. */
export async function loadEventItem(db: Kysely<Database>, viewer: Viewer, now: Date, eventId: string): Promise<EventItem | undefined> {
  const [row] = await loadEventRows(db, viewer, [eventId]);
  return row ? toEventItem(row, viewer, now) : undefined;
}

/** The events of `ids` as list items for the viewer, in that order (one statement). */
export async function loadEventListItems(
  db: Kysely<Database>,
  viewer: Viewer,
  now: Date,
  ids: readonly string[],
  options: { withConnections?: boolean } = {},
): Promise<{ items: EventListItem[]; rows: EventRow[] }> {
  const rows = await loadEventRows(db, viewer, ids, { withTexts: false, withConnections: options.withConnections ?? false });
  return { items: rows.map((row) => toEventListItem(row, viewer, now)), rows };
}

/** The member's connections registered at one event, sorted by first name. */
export async function connectionsAttending(db: Kysely<Database>, userId: string, eventId: string): Promise<AttendeeConnection[]> {
  return db
    .selectFrom('event_attendees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.first_name as firstName'])
    .where('a.event_id', '=', eventId)
    .where(sql<boolean>`a.user_id in (${connectedUserIds(userId)})`)
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
}

/** A list's answer for a reader already known (behind requireUser), in one statement. */
export async function eventListResponse(
  db: Kysely<Database>,
  viewer: Viewer,
  now: Date,
  list: EventListQuery,
  includeAttendeeConnections: boolean,
): Promise<EventListResponse> {
  const withConnections = includeAttendeeConnections && viewer.userId !== null;
  const page = eventPageSql(db, viewer.userId, now, list.filters, list.order, list.paging);
  const statement = eventListStatement(viewer.userId, page, withConnections);
  const { rows } = await sql<EventListRow>`with ${statement.with} select ${statement.columns}`.execute(db);
  const row = rows[0] ?? { total: null, page: null };
  const total = await totalOf(db, viewer.userId, now, list.filters, list.paging, row.total);
  return eventListAnswer(viewer, now, { rows: eventListRows(row), total }, list.paging, includeAttendeeConnections);
}
