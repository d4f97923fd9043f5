import { FEED_EVENT_WINDOW_DAYS, type FeedActivity } from '../../../contract/feed';
import { isEventPast } from '../../../contract/event-currency';

const DAY_MS = 24 * 60 * 60_000;

/**
 * docs/product.md section 4's 7-day rule, as the server applies it: an event activity shows while its
 * event is current or upcoming, when the event began within 7 days after the activity, or when the
 * event's date is unknown. Applied again here because a cached feed can be read days later.
 */
export function isActivityShown(activity: FeedActivity, now: Date = new Date()): boolean {
  if (activity.type !== 'connection-attending-event' || !activity.eventDateTime) return true;
  if (!isEventPast({ dateTime: activity.eventDateTime, endDateTime: activity.eventEndDateTime }, now)) return true;
  const start = Date.parse(activity.eventDateTime);
  const created = Date.parse(activity.createdAt);
  if (Number.isNaN(start) || Number.isNaN(created)) return true;
  return start <= created + FEED_EVENT_WINDOW_DAYS * DAY_MS;
}

/** docs/product.md section 4: 'is going to' for future (and current) events, 'was going to' for past ones. */
export function attendingVerb(activity: FeedActivity, now: Date = new Date()): 'is going to' | 'was going to' {
  const dateTime = activity.eventDateTime ?? null;
  return isEventPast({ dateTime, endDateTime: activity.eventEndDateTime ?? null }, now) ? 'was going to' : 'is going to';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
];

/** '3 hours ago', 'yesterday', 'just now': how long ago an activity happened. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - Date.parse(iso);
  if (Number.isNaN(elapsed)) return '';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(-Math.round(elapsed / size), unit);
  }
  return 'just now';
}
