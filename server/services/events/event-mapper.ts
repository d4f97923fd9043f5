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
import type { EventSourceType } from '../../db/tables/events';
import { isLockedFor, type Viewer } from './visibility';

/**
 * Events as the API answers them (EventListItem and EventItem of contract/events.ts), mapped from
 * the rows that event-queries.ts reads. No SQL here: a row in, an answer out.
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

/** An event's row as the statement answers it: JSON, so its times are strings. */
export type RowJson = Omit<EventRow, 'date_time' | 'end_date_time' | 'registration' | 'description' | 'agenda' | 'event_url'> &
  Partial<Pick<EventRow, 'description' | 'agenda' | 'event_url'>> & {
    date_time: string | null;
    end_date_time: string | null;
    registered: boolean;
    goal: string | null;
  };

/** The rows of a statement's JSON page (null when empty), its times as dates. */
export function rowsOf(page: RowJson[] | null | undefined): EventRow[] {
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
    answer.attendeeConnections = Object.fromEntries(rows.map((event) => [event.id, isLockedRow(viewer, event) ? [] : event.connections_attending]));
  }
  return answer;
}

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
