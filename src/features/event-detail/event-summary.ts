import { placeText } from '../../../contract/place-text';
import type { EventData, EventListItem, LocationDisplay } from '../../../contract/events';
import { formatDateRange, formatTime, isSameLocalDay, toDate } from '../../lib/dates';

/**
 * How an event is described on the detail page, the join page and the organizer page. Pure, so
 * those features use it as this feature's public entry (they do not reach into its components).
 */

export const NO_LOCATION = 'No location specified';

/**
 * docs/product.md section 2: the known location as '{name}, {country name}', else the free text, else
 * 'No location specified'.
 */
export function locationText(locationDisplay: LocationDisplay | null | undefined, freeText: string | null | undefined): string {
  return placeText(locationDisplay, freeText) ?? NO_LOCATION;
}

/** The location of a list item, whether it is a full event or a locked preview. */
export function itemLocationText(item: EventListItem): string {
  return locationText(item.locationDisplay ?? item.eventData?.locationDisplay, item.eventData?.location ?? item.previewData?.location);
}

/** The date line: the date range of docs/product.md section 9 ('Date TBD' and 'Invalid Date' included). */
export function dateText(event: Pick<EventData, 'dateTime' | 'endDateTime'>): string {
  return formatDateRange(event.dateTime, event.endDateTime);
}

/**
 * The time line under the date, in the reader's time zone: '9:00 AM - 5:00 PM' for an event that
 * ends the same day, 'Starts at 9:00 AM' otherwise; null without a readable start.
 */
export function timeText(start: string | null | undefined, end?: string | null): string | null {
  const from = toDate(start);
  if (!from) return null;
  const to = toDate(end);
  if (to && to.getTime() > from.getTime() && isSameLocalDay(from, to)) {
    return `${formatTime(from)} - ${formatTime(to)}`;
  }
  return `Starts at ${formatTime(from)}`;
}

/**
 * A link to another site that is safe to open: only http(s) URLs, never javascript: or data:.
 * Answers the normalised URL, or null.
 */
export function externalUrl(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  try {
    const parsed = new URL(text);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The join link members share: it opens the event's join goal page. */
export function joinPath(eventId: string, secret: string): string {
  return `/events/${encodeURIComponent(eventId)}/join/${encodeURIComponent(secret)}`;
}

/** The path of an event's join goal page for a join secret. */
export function joinGoalPath(eventId: string, secret: string): string {
  return `${joinPath(eventId, secret)}/goal`;
}
