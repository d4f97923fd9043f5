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

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

const UNITS: [Unit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
];

/** The words for one unit either side of now, as English says them ('yesterday', not '1 day ago'). */
const ONE: Partial<Record<Unit, [past: string, future: string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

/**
 * '3 hours ago', 'yesterday', 'just now': how long ago an activity happened. Written out rather than
 * with Intl.RelativeTimeFormat: the app speaks English only, and making that formatter loads locale
 * data that cost a phone about 100 ms of the feed's first render.
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - Date.parse(iso);
  if (Number.isNaN(elapsed)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) < size) continue;
    const count = Math.round(Math.abs(elapsed) / size);
    const future = elapsed < 0;
    const one = ONE[unit];
    if (count === 1 && one) return one[future ? 1 : 0];
    const amount = `${count} ${unit}${count === 1 ? '' : 's'}`;
    return future ? `in ${amount}` : `${amount} ago`;
  }
  return 'just now';
}
