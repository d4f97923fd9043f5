import { sql, type Kysely, type RawBuilder } from 'kysely';
import { countryName } from '../../../contract/countries';
import { isEventPast } from '../../../contract/event-currency';
import type {
  AttendeeConnection,
  EventItem,
  EventListItem,
  EventListResponse,
  EventPreview,
  EventSummary,
  Label,
  LocationDisplay,
} from '../../../contract/events';
import type { Database, EventSourceType } from '../../db/schema';
import { eventPageSql, totalOf, type EventListQuery, type EventPageSql } from './event-listing';
import { connectedUserIds, isLockedFor, type UserRef, type Viewer } from './visibility';

/**
 * Events as the API answers them (EventListItem and EventItem of contract/events.ts). A page of
 * events, with its organizer, location, categories, event types, attendee count, the reader's own
 * registration and, when asked, the reader's connections who attend, is one statement whatever
 * its size. Nothing here runs a query per event.
 */

export interface EventRow {
  id: string;
  name: string;
  /** The long texts are read only for an event's own page (withTexts); null otherwise. */
  description: string | null;
  agenda: string | null;
  event_url: string | null;
  image_url: string | null;
  date_time: Date | null;
  end_date_time: Date | null;
  location: string | null;
  source_type: EventSourceType;
  is_pro_only: boolean;
  ai_generated_blurb: string | null;
  created_by_user_id: string | null;
  organizer_id: string | null;
  organizer_name: string | null;
  location_name: string | null;
  location_country: string | null;
  categories: Label[];
  event_types: Label[];
  attendee_count: number;
  /** The reader's registration, null when not registered (or anonymous). */
  registration: { goal: string | null } | null;
  /** The reader's connections who attend, by first name; empty unless asked for. */
  connections_attending: AttendeeConnection[];
  /** Whether a promotion points at the event (it has a mingle compilation); read only withTexts. */
  has_mingle_compilation?: boolean;
}

export interface RowOptions {
  /** Read description, agenda and event URL (an event's own page, the assistant). Default true. */
  withTexts?: boolean;
  /** Read the reader's connections who attend each event. Default false. */
  withConnections?: boolean;
}

/** An event's row as the statement answers it: JSON, so its times are strings. */
type RowJson = Omit<EventRow, 'date_time' | 'end_date_time' | 'registration' | 'description' | 'agenda' | 'event_url'> &
  Partial<Pick<EventRow, 'description' | 'agenda' | 'event_url'>> & {
    date_time: string | null;
    end_date_time: string | null;
    registered: boolean;
    goal: string | null;
  };

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

function rowsOf(page: RowJson[] | null | undefined): EventRow[] {
  return (page ?? []).map(({ registered, goal, date_time, end_date_time, ...row }) => ({
    description: null,
    agenda: null,
    event_url: null,
    ...row,
    date_time: date_time === null ? null : new Date(date_time),
    end_date_time: end_date_time === null ? null : new Date(end_date_time),
    registration: registered ? { goal } : null,
  }));
}

/** Rows of the given events, in the order of `ids`; ids that do not exist are left out. One statement. */
export async function loadEventRows(
  db: Kysely<Database>,
  viewer: Viewer,
  ids: readonly string[],
  options: RowOptions = {},
): Promise<EventRow[]> {
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

/**
 * The answer to a list (EventListResponse). `paging` null: every match on one page.
 * attendeeConnections, when asked for, has an entry for every listed event; a locked event's entry
 * is empty (who attends is part of what PRO unlocks).
 */
export function eventListAnswer(
  viewer: Viewer,
  now: Date,
  { rows, total }: { rows: EventRow[]; total: number },
  paging: { page: number; limit: number } | null,
  includeAttendeeConnections: boolean,
): EventListResponse {
  const answer: EventListResponse = {
    events: rows.map((event) => toEventListItem(event, viewer, now)),
    total,
    page: paging?.page ?? 1,
    limit: paging?.limit ?? Math.max(rows.length, 1),
    userSubscription: { hasProAccess: viewer.hasProAccess },
  };
  if (includeAttendeeConnections) {
    answer.attendeeConnections = Object.fromEntries(
      rows.map((event) => [event.id, isLockedRow(viewer, event) ? [] : event.connections_attending]),
    );
  }
  return answer;
}

/** No member has this id: the registration join of an anonymous reader finds nothing. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * How an event on its own is shown:
 * - 'member': full eventData, or previewData when the event is locked to the viewer;
 * - 'summary': what the join page shows (name, dates, image, location, organizer, tags) without
 *   description, agenda or event URL: for anonymous readers and for an invitation (a valid secret);
 * - 'preview': previewData only.
 * In a list every event is a summary (or a preview when locked): toEventListItem.
 */
export type Presentation = 'member' | 'summary' | 'preview';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function locationDisplayOf(row: EventRow): LocationDisplay | null {
  return row.location_name && row.location_country ? { name: row.location_name, country: row.location_country } : null;
}

export function isLockedRow(viewer: Viewer, row: EventRow): boolean {
  return isLockedFor(viewer, { isProOnly: row.is_pro_only, registered: row.registration !== null });
}

function previewOf(row: EventRow, locationDisplay: LocationDisplay | null): EventPreview {
  return {
    imageUrl: row.image_url,
    dateTime: iso(row.date_time),
    aiGeneratedBlurb: row.ai_generated_blurb,
    location: row.location ?? (locationDisplay ? `${locationDisplay.name}, ${countryName(locationDisplay.country)}` : null),
  };
}

function summaryOf(row: EventRow, viewer: Viewer, now: Date, locationDisplay: LocationDisplay | null): EventSummary {
  const dateTime = iso(row.date_time);
  const endDateTime = iso(row.end_date_time);
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.image_url,
    dateTime,
    endDateTime,
    location: row.location,
    locationDisplay,
    organizer: row.organizer_id && row.organizer_name ? { id: row.organizer_id, name: row.organizer_name } : null,
    categoryIds: row.categories.map((c) => c.id),
    categories: row.categories,
    eventTypeIds: row.event_types.map((t) => t.id),
    eventTypes: row.event_types,
    sourceType: row.source_type,
    isProOnly: row.is_pro_only,
    isPast: isEventPast({ dateTime, endDateTime }, now),
    attendeeCount: row.attendee_count,
    isRegistered: row.registration !== null,
    goal: row.registration?.goal ?? null,
    createdByMe: viewer.userId !== null && row.created_by_user_id === viewer.userId,
  };
}

/** An event in a list: its summary, or its preview when locked to the viewer. */
export function toEventListItem(row: EventRow, viewer: Viewer, now: Date): EventListItem {
  const locationDisplay = locationDisplayOf(row);
  const item: EventListItem = { id: row.id, isProOnly: row.is_pro_only, locationDisplay };
  if (isLockedRow(viewer, row)) item.previewData = previewOf(row, locationDisplay);
  else item.eventData = summaryOf(row, viewer, now, locationDisplay);
  return item;
}

/** An event on its own page (rows read withTexts). */
export function toEventItem(row: EventRow, viewer: Viewer, now: Date, presentation: Presentation = 'member'): EventItem {
  const locationDisplay = locationDisplayOf(row);
  const item: EventItem = { id: row.id, isProOnly: row.is_pro_only, locationDisplay };
  if (presentation === 'preview' || (presentation === 'member' && isLockedRow(viewer, row))) {
    item.previewData = previewOf(row, locationDisplay);
    return item;
  }
  const full = presentation === 'member';
  item.eventData = {
    ...summaryOf(row, viewer, now, locationDisplay),
    description: full ? row.description : null,
    agenda: full ? row.agenda : null,
    eventUrl: full ? row.event_url : null,
  };
  if (full && row.has_mingle_compilation) item.eventData.hasMingleCompilation = true;
  return item;
}

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
