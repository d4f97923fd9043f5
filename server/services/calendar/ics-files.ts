import { createEvents, type EventAttributes, type HeaderAttributes } from 'ics';
import { foldLine } from '../connections/contact-formats';

/**
 * Events as iCalendar text (RFC 5545) through the `ics` package: UTC times, a UID per event, no
 * contact details of anyone (no attendees, no organizer address).
 */

/**
 * How long an event without an end lasts in a calendar. docs/product.md's 6 hours of currency after the
 * end only decide when the app calls an event past; they are not its length.
 */
export const DEFAULT_EVENT_LENGTH_MS = 2 * 60 * 60 * 1000;

export interface CalendarEvent {
  id: string;
  name: string;
  start: Date;
  end: Date | null;
  location: string | null;
  organizerName: string | null;
  /** The member's goal for the event, when they set one. */
  goal: string | null;
  updatedAt: Date;
}

/** The same UID in the file and the feed, so importing again updates the event rather than adding one. */
export const calendarUid = (eventId: string) => `event-${eventId}@mingle`;

export const eventPageUrl = (origin: string, eventId: string) => `${origin}/events/${encodeURIComponent(eventId)}`;

function descriptionOf(event: CalendarEvent, url: string): string {
  const parts: string[] = [];
  if (event.goal?.trim()) parts.push(`Your goal: ${event.goal.trim()}`);
  if (event.organizerName) parts.push(`Organized by ${event.organizerName}`);
  parts.push(`Open in Mingle: ${url}`);
  return parts.join('\n\n');
}

export function eventAttributes(event: CalendarEvent, origin: string): EventAttributes {
  const start = event.start.getTime();
  const end = event.end && event.end.getTime() > start ? event.end.getTime() : start + DEFAULT_EVENT_LENGTH_MS;
  const url = eventPageUrl(origin, event.id);
  return {
    uid: calendarUid(event.id),
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end,
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.name,
    description: descriptionOf(event, url),
    ...(event.location ? { location: event.location } : {}),
    url,
    lastModified: event.updatedAt.getTime(),
  };
}

/**
 * RFC 5545 section 3.1: lines of at most 75 octets. The package folds at 75 characters, which a
 * name in another script (3 octets a letter) overruns; unfolded and folded again by octets.
 */
function foldByOctets(text: string): string {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => (line ? foldLine(line) : line))
    .join('\r\n');
}

export interface CalendarHeader {
  /** X-WR-CALNAME: the name a calendar app gives a subscribed feed. */
  calName?: string;
  /** PUBLISH unless told: REQUEST and CANCEL are invitations sent by mail (RFC 5546). */
  method?: HeaderAttributes['method'];
}

/** A VCALENDAR with these entries (events and meetings), CRLF line ends. */
export function icsCalendar(entries: EventAttributes[], header: CalendarHeader = {}): string {
  const { error, value } = createEvents(entries, { productId: '-//Mingle//Events//EN', method: 'PUBLISH', ...header });
  if (error || value === null) throw error ?? new Error('icsCalendar: no calendar');
  return foldByOctets(value);
}

/** A VCALENDAR with the events, CRLF line ends. */
export function calendarText(events: CalendarEvent[], origin: string, header: CalendarHeader = {}): string {
  return icsCalendar(
    events.map((event) => eventAttributes(event, origin)),
    header,
  );
}
