import { describe, expect, it } from 'vitest';
import { eventLocationText, eventWhenText, goingTooText, isItemPast, itemLocationText, splitByCurrency, visibleTags } from './event-display';
import { makeEvent, makeLockedEvent } from './test-fixtures';

const people = (...names: string[]) => names.map((firstName, i) => ({ id: String(i), firstName }));

describe('location display', () => {
  it("shows '{name}, {country name}', else the free text, else nothing", () => {
    expect(eventLocationText({ name: 'Stockholm', country: 'SE' }, 'Hall 3')).toBe('Stockholm, Sweden');
    expect(eventLocationText({ name: 'Toronto', country: 'ca' })).toBe('Toronto, Canada');
    expect(eventLocationText({ name: 'Atlantis', country: 'XX' })).toBe('Atlantis, XX');
    expect(eventLocationText(null, ' Online ')).toBe('Online');
    expect(eventLocationText(null, '  ')).toBeNull();
    expect(eventLocationText(undefined, null)).toBeNull();
  });

  it('uses the preview location of a locked item', () => {
    expect(itemLocationText(makeLockedEvent(1))).toBe('Zurich, Switzerland');
    expect(itemLocationText({ ...makeLockedEvent(1), locationDisplay: null })).toBe('Kongresshaus');
  });
});

describe("the 'going too' line", () => {
  it('names one, two, or two and how many more', () => {
    expect(goingTooText([])).toBeNull();
    expect(goingTooText(undefined)).toBeNull();
    expect(goingTooText(people('Anna'))).toBe('Anna is going too');
    expect(goingTooText(people('Anna', 'Erik'))).toBe('Anna and Erik are going too');
    expect(goingTooText(people('Anna', 'Erik', 'Sara'))).toBe('Anna, Erik & 1 more are going too');
    expect(goingTooText(people('Anna', 'Erik', 'Sara', 'Li', 'Omar'))).toBe('Anna, Erik & 3 more are going too');
  });
});

describe('tag chips', () => {
  it("keeps 3 and counts the rest for '+ (n) more'", () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('event currency', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('an event is past 6 hours after its end (or start)', () => {
    expect(isItemPast(makeEvent(1, { dateTime: '2026-05-10T06:30:00Z' }), now)).toBe(false);
    expect(isItemPast(makeEvent(1, { dateTime: '2026-05-10T05:59:00Z' }), now)).toBe(true);
    expect(isItemPast(makeEvent(1, { dateTime: '2026-05-09T09:00:00Z', endDateTime: '2026-05-10T07:00:00Z' }), now)).toBe(false);
    expect(isItemPast(makeEvent(1, { dateTime: '2026-05-08T09:00:00Z', endDateTime: '2026-05-09T17:00:00Z' }), now)).toBe(true);
    expect(isItemPast(makeEvent(1, { isPast: true }), now)).toBe(true);
  });

  it('splits registered events into upcoming and past, keeping their order', () => {
    const past = makeEvent(1, { dateTime: '2026-04-01T09:00:00Z' });
    const soon = makeEvent(2, { dateTime: '2026-05-11T09:00:00Z' });
    const later = makeEvent(3, { dateTime: '2026-06-11T09:00:00Z' });
    expect(splitByCurrency([soon, later, past], now)).toEqual({ upcoming: [soon, later], past: [past] });
  });
});

describe('when text', () => {
  it('a one-day event shows its start time, a longer one its date range', () => {
    const at = (d: number, h: number) => new Date(2026, 2, d, h, 0).toISOString();
    expect(eventWhenText(at(5, 9))).toBe('Mar 5, 2026 at 9:00 AM');
    expect(eventWhenText(at(5, 9), at(5, 17))).toBe('Mar 5, 2026 at 9:00 AM');
    expect(eventWhenText(at(5, 9), at(7, 17))).toBe('Mar 5 - 7, 2026');
    expect(eventWhenText(null)).toBe('Date TBD');
    expect(eventWhenText('soon')).toBe('Invalid Date');
  });
});
