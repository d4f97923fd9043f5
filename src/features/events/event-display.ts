import { placeText } from '../../../contract/place-text';
import { isEventPast } from '../../../contract/event-currency';
import type { AttendeeConnection, EventListItem, LocationDisplay } from '../../../contract/events';
import { formatDateRange, formatDateWithTime, isSameLocalDay, toDate } from '../../lib/dates';

/** docs/product.md section 9: tag chips show 3 before '+ (n) more'. */
export const VISIBLE_TAGS = 3;

/**
 * Where an event is (docs/product.md section 2): '{name}, {country name}' of its known location, else its
 * free-text location, else null (cards then show no location line).
 */
export function eventLocationText(locationDisplay: LocationDisplay | null | undefined, freeText?: string | null): string | null {
  return placeText(locationDisplay, freeText);
}

/** The location line of a list item, full or locked. */
export function itemLocationText(item: EventListItem): string | null {
  return eventLocationText(item.locationDisplay ?? item.eventData?.locationDisplay, item.eventData?.location ?? item.previewData?.location);
}

/**
 * When an event takes place: a one-day event (no end, or an end on the same day) with its start time
 * ('Mar 5, 2026 at 9:00 AM'), a longer one as a date range ('Mar 5 - 7, 2026'); 'Date TBD' and
 * 'Invalid Date' as in docs/product.md section 8.
 */
export function eventWhenText(start: string | null | undefined, end?: string | null): string {
  const from = toDate(start);
  const to = toDate(end);
  if (from && (!to || isSameLocalDay(from, to))) return formatDateWithTime(from);
  return formatDateRange(start, end);
}

/** The first `max` tags and how many more there are ('+ (n) more'). */
export function visibleTags<T>(tags: readonly T[], max = VISIBLE_TAGS): { shown: T[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/**
 * The 'going too' line: connections of the member who attend the event.
 *   1: 'Anna is going too'
 *   2: 'Anna and Erik are going too'
 *   3+: 'Anna, Erik & 3 more are going too' (two names, then how many others)
 */
export function goingTooText(connections: readonly Pick<AttendeeConnection, 'firstName'>[] | undefined): string | null {
  const names = (connections ?? []).map((c) => c.firstName.trim()).filter(Boolean);
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is going too`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are going too`;
  return `${names[0]}, ${names[1]} & ${names.length - 2} more are going too`;
}

/** A locked item: PRO-only and shown to this member as a preview only (docs/product.md section 3). */
export function isLocked(item: EventListItem): boolean {
  return !item.eventData;
}

/** Past (an event stays current for 6 hours after its end); a locked preview by its start date. */
export function isItemPast(item: EventListItem, now: Date = new Date()): boolean {
  if (item.eventData) return item.eventData.isPast || isEventPast(item.eventData, now);
  return item.previewData ? isEventPast({ dateTime: item.previewData.dateTime }, now) : false;
}

/** Registered events split into upcoming (and current) and past, keeping the server's order. */
export function splitByCurrency(items: readonly EventListItem[], now: Date = new Date()): { upcoming: EventListItem[]; past: EventListItem[] } {
  const upcoming: EventListItem[] = [];
  const past: EventListItem[] = [];
  for (const item of items) (isItemPast(item, now) ? past : upcoming).push(item);
  return { upcoming, past };
}
