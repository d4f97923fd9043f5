import { describe, expect, it } from 'vitest';
import type { FeedActivity } from '../../../contract/feed';
import { attendingVerb, isActivityShown, timeAgo } from './feed-rules';

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

const attending = (createdAt: string, eventDateTime: string | null, eventEndDateTime: string | null = null): FeedActivity => ({
  id: 'a1',
  type: 'connection-attending-event',
  createdAt,
  userId: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  imageUrl: null,
  eventId: 'e1',
  eventName: 'Fintech Breakfast',
  eventDateTime,
  eventEndDateTime,
});

describe("the feed's 7-day rule (docs/product.md section 4)", () => {
  it('shows upcoming and current events, past events that began within 7 days of the activity, and undated ones', () => {
    expect(isActivityShown(attending(at(-30 * DAY), at(2 * DAY)), NOW)).toBe(true);
    // Ended 2 hours ago: still current for docs/product.md's 6 hours.
    expect(isActivityShown(attending(at(-30 * DAY), at(-5 * 3600_000), at(-2 * 3600_000)), NOW)).toBe(true);
    expect(isActivityShown(attending(at(-10 * DAY), at(-4 * DAY)), NOW)).toBe(true);
    expect(isActivityShown(attending(at(-30 * DAY), at(-20 * DAY)), NOW)).toBe(false);
    expect(isActivityShown(attending(at(-30 * DAY), null), NOW)).toBe(true);
    expect(isActivityShown({ ...attending(at(-400 * DAY), null), type: 'connection' }, NOW)).toBe(true);
  });

  it("words an upcoming event 'is going to' and a past one 'was going to'", () => {
    expect(attendingVerb(attending(at(-DAY), at(DAY)), NOW)).toBe('is going to');
    expect(attendingVerb(attending(at(-DAY), at(-3 * 3600_000)), NOW)).toBe('is going to');
    expect(attendingVerb(attending(at(-9 * DAY), at(-3 * DAY)), NOW)).toBe('was going to');
  });

  it('says how long ago an activity happened', () => {
    expect(timeAgo(at(-20_000), NOW)).toBe('just now');
    expect(timeAgo(at(-5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(timeAgo(at(-3 * 3600_000), NOW)).toBe('3 hours ago');
    expect(timeAgo(at(-DAY), NOW)).toBe('yesterday');
    expect(timeAgo(at(-14 * DAY), NOW)).toBe('2 weeks ago');
    expect(timeAgo(at(-60_000), NOW)).toBe('1 minute ago');
    expect(timeAgo(at(-3600_000), NOW)).toBe('1 hour ago');
    expect(timeAgo(at(-7 * DAY), NOW)).toBe('last week');
    expect(timeAgo(at(-40 * DAY), NOW)).toBe('last month');
    expect(timeAgo(at(-800 * DAY), NOW)).toBe('2 years ago');
    // A clock behind the server's: the activity reads as ahead, not as a negative age.
    expect(timeAgo(at(2 * 3600_000), NOW)).toBe('in 2 hours');
    expect(timeAgo(at(DAY), NOW)).toBe('tomorrow');
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});
