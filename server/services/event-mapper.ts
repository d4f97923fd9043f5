import { sql, type Kysely } from 'kysely';
import { countryName } from '../../contract/countries';
import { isEventPast } from '../../contract/event-currency';
import type { AttendeeConnection, EventData, EventListItem, EventListResponse, Label, LocationDisplay } from '../../contract/events';
import type { Database, EventSourceType } from '../db/schema';
import { connectedUserIds, isLockedFor, type Viewer } from './event-visibility';

/**
 * Events as the API answers them (EventListItem of contract/events.ts). A page of events, with its
 * organizer, location, categories, event types, attendee count and the reader's own registration,
 * takes three queries whatever its size; attendee connections one more. Nothing here runs a query
 * per event.
 */

export interface EventRow {
  id: string;
  name: string;
  description: string | null;
  agenda: string | null;
  image_url: string | null;
  date_time: Date | null;
  end_date_time: Date | null;
  event_url: string | null;
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
}

/**
 * Rows of the given events, in the order of `ids`; ids that do not exist are left out. Three
 * simple queries (the events with organizer and location; their categories and types; their
 * attendance) rather than one with correlated subqueries: PGlite spends longer planning such a
 * query than running three plain ones.
 */
export async function loadEventRows(db: Kysely<Database>, viewer: Viewer, ids: readonly string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const userId = viewer.userId;
  const [events, labels, attendance] = await Promise.all([
    db
      .selectFrom('events as e')
      .leftJoin('organizers as o', 'o.id', 'e.organizer_id')
      .leftJoin('locations as l', 'l.id', 'e.location_id')
      .where('e.id', 'in', list)
      .select([
        'e.id',
        'e.name',
        'e.description',
        'e.agenda',
        'e.image_url',
        'e.date_time',
        'e.end_date_time',
        'e.event_url',
        'e.location',
        'e.source_type',
        'e.is_pro_only',
        'e.ai_generated_blurb',
        'e.created_by_user_id',
        'e.organizer_id',
        'o.name as organizer_name',
        'l.name as location_name',
        'l.country as location_country',
      ])
      .execute(),
    db
      .selectFrom('event_categories as ec')
      .innerJoin('categories as c', 'c.id', 'ec.category_id')
      .where('ec.event_id', 'in', list)
      .select(['ec.event_id', 'c.id', 'c.label', sql<'category' | 'type'>`'category'`.as('kind')])
      .unionAll(
        db
          .selectFrom('event_event_types as et')
          .innerJoin('event_types as t', 't.id', 'et.event_type_id')
          .where('et.event_id', 'in', list)
          .select(['et.event_id', 't.id', 't.label', sql<'category' | 'type'>`'type'`.as('kind')]),
      )
      .orderBy('label')
      .execute(),
    db
      .selectFrom('event_attendees as a')
      .where('a.event_id', 'in', list)
      .groupBy('a.event_id')
      .select([
        'a.event_id',
        sql<number>`count(*)::int`.as('count'),
        (userId ? sql<boolean>`bool_or(a.user_id = ${userId})` : sql<boolean>`false`).as('mine'),
        (userId ? sql<string | null>`max(case when a.user_id = ${userId} then a.goal end)` : sql<string | null>`null`).as('goal'),
      ])
      .execute(),
  ]);
  const categories = new Map<string, Label[]>();
  const types = new Map<string, Label[]>();
  for (const row of labels) {
    const byEvent = row.kind === 'category' ? categories : types;
    const entry = byEvent.get(row.event_id) ?? [];
    entry.push({ id: row.id, label: row.label });
    byEvent.set(row.event_id, entry);
  }
  const attended = new Map(attendance.map((row) => [row.event_id, row]));
  const byId = new Map(
    events.map((event): [string, EventRow] => {
      const seen = attended.get(event.id);
      return [
        event.id,
        {
          ...event,
          categories: categories.get(event.id) ?? [],
          event_types: types.get(event.id) ?? [],
          attendee_count: seen?.count ?? 0,
          registration: seen?.mine ? { goal: seen.goal } : null,
        },
      ];
    }),
  );
  return ids.map((id) => byId.get(id)).filter((row): row is EventRow => row !== undefined);
}

/**
 * - 'member': full eventData, or previewData when the event is locked to the viewer;
 * - 'summary': what the join page shows (name, dates, image, location, organizer, tags) without
 *   description, agenda or event URL: for anonymous readers and for an invitation (a valid secret);
 * - 'preview': previewData only.
 */
export type Presentation = 'member' | 'summary' | 'preview';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function locationDisplayOf(row: EventRow): LocationDisplay | null {
  return row.location_name && row.location_country ? { name: row.location_name, country: row.location_country } : null;
}

export function isLockedRow(viewer: Viewer, row: EventRow): boolean {
  return isLockedFor(viewer, { isProOnly: row.is_pro_only, registered: row.registration !== null });
}

export function toEventListItem(row: EventRow, viewer: Viewer, now: Date, presentation: Presentation = 'member'): EventListItem {
  const locationDisplay = locationDisplayOf(row);
  const item: EventListItem = { id: row.id, isProOnly: row.is_pro_only, locationDisplay };
  if (presentation === 'preview' || (presentation === 'member' && isLockedRow(viewer, row))) {
    item.previewData = {
      imageUrl: row.image_url,
      dateTime: iso(row.date_time),
      aiGeneratedBlurb: row.ai_generated_blurb,
      location: row.location ?? (locationDisplay ? `${locationDisplay.name}, ${countryName(locationDisplay.country)}` : null),
    };
    return item;
  }
  const full = presentation === 'member';
  const dateTime = iso(row.date_time);
  const endDateTime = iso(row.end_date_time);
  const eventData: EventData = {
    id: row.id,
    name: row.name,
    description: full ? row.description : null,
    agenda: full ? row.agenda : null,
    imageUrl: row.image_url,
    dateTime,
    endDateTime,
    eventUrl: full ? row.event_url : null,
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
  item.eventData = eventData;
  return item;
}

/** The events of `ids` as list items for the viewer, in that order. */
export async function loadEventItems(
  db: Kysely<Database>,
  viewer: Viewer,
  now: Date,
  ids: readonly string[],
): Promise<{ items: EventListItem[]; rows: EventRow[] }> {
  const rows = await loadEventRows(db, viewer, ids);
  return { items: rows.map((row) => toEventListItem(row, viewer, now)), rows };
}

/** The member's connections registered at each of the events, by event id, sorted by first name. */
export async function connectionsAttending(
  db: Kysely<Database>,
  userId: string,
  eventIds: readonly string[],
): Promise<Map<string, AttendeeConnection[]>> {
  const result = new Map<string, AttendeeConnection[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return result;
  const found = await db
    .selectFrom('event_attendees as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.event_id', 'u.id', 'u.first_name'])
    .where('a.event_id', 'in', [...eventIds])
    .where(sql<boolean>`a.user_id in (${connectedUserIds(userId)})`)
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
  for (const row of found) result.get(row.event_id)?.push({ id: row.id, firstName: row.first_name });
  return result;
}

/**
 * An answer with a list of events (EventListResponse). attendeeConnections, when asked for, has
 * an entry for every listed event; a locked event's entry is empty (who attends is part of what
 * PRO unlocks).
 */
export async function eventListResponse(
  db: Kysely<Database>,
  viewer: Viewer,
  now: Date,
  found: { ids: readonly string[]; total: number },
  paging: { page: number; limit: number },
  includeAttendeeConnections: boolean,
): Promise<EventListResponse> {
  const { items, rows } = await loadEventItems(db, viewer, now, found.ids);
  const answer: EventListResponse = {
    events: items,
    total: found.total,
    page: paging.page,
    limit: paging.limit,
    userSubscription: { hasProAccess: viewer.hasProAccess },
  };
  if (includeAttendeeConnections) {
    const open = rows.filter((row) => !isLockedRow(viewer, row)).map((row) => row.id);
    const attending = viewer.userId ? await connectionsAttending(db, viewer.userId, open) : new Map<string, AttendeeConnection[]>();
    answer.attendeeConnections = Object.fromEntries(rows.map((row) => [row.id, attending.get(row.id) ?? []]));
  }
  return answer;
}
