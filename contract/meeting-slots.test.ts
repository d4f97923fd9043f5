import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, DAY_WITHOUT_END_MS, knownTimeZone, meetingWindows, slotStarts, withinWindows, type Span } from './meeting-slots';

/** When meetings may be held at an event (docs/product.md, 'Meetings'), in the event's own time zone. */

const at = (iso: string) => Date.parse(iso);
/** Windows as ISO instants, easier to read in a failure. */
const iso = (windows: Span[]) => windows.map((w) => [new Date(w.start).toISOString(), new Date(w.end).toISOString()]);

describe('meetingWindows', () => {
  it('offers a one-day event its whole span, at whatever hours, and an event of exactly 24 hours as one span', () => {
    const event = { startsAt: '2026-06-10T18:00:00.000Z', endsAt: '2026-06-11T02:00:00.000Z', timeZone: 'Europe/Oslo' };
    expect(meetingWindows(event)).toEqual([{ start: at(event.startsAt), end: at(event.endsAt) }]);
    const day = { startsAt: '2026-06-10T06:00:00.000Z', endsAt: '2026-06-11T06:00:00.000Z', timeZone: 'Europe/Oslo' };
    expect(meetingWindows(day)).toEqual([{ start: at(day.startsAt), end: at(day.endsAt) }]);
  });

  it('offers an event without an end, or with an end not after its start, the 8 hours after its start', () => {
    const start = '2026-06-10T09:00:00.000Z';
    const eight = [{ start: at(start), end: at(start) + DAY_WITHOUT_END_MS }];
    expect(DAY_WITHOUT_END_MS).toBe(8 * 3_600_000);
    expect(meetingWindows({ startsAt: start, endsAt: null, timeZone: 'UTC' })).toEqual(eight);
    expect(meetingWindows({ startsAt: start, endsAt: start, timeZone: 'UTC' })).toEqual(eight);
    expect(meetingWindows({ startsAt: start, endsAt: '2026-06-10T08:00:00.000Z', timeZone: 'UTC' })).toEqual(eight);
  });

  it('offers nothing for an event without a start or with an unreadable one', () => {
    expect(meetingWindows({ startsAt: null, endsAt: '2026-06-10T08:00:00.000Z', timeZone: 'UTC' })).toEqual([]);
    expect(meetingWindows({ startsAt: 'soon', endsAt: null, timeZone: 'UTC' })).toEqual([]);
  });

  it('offers each local day of a longer event from 08:00 to 20:00 in Oslo, across the end of summer time, clipped by its start and end', () => {
    // Friday 23 October 14:00 CEST to Tuesday 27 October 12:00 CET; clocks go back on Sunday 25th.
    const event = { startsAt: '2026-10-23T12:00:00.000Z', endsAt: '2026-10-27T11:00:00.000Z', timeZone: 'Europe/Oslo' };
    expect(iso(meetingWindows(event))).toEqual([
      ['2026-10-23T12:00:00.000Z', '2026-10-23T18:00:00.000Z'],
      ['2026-10-24T06:00:00.000Z', '2026-10-24T18:00:00.000Z'],
      // Sunday: 08:00 CET is 07:00 UTC; the day has 25 hours but offers 12, like any other.
      ['2026-10-25T07:00:00.000Z', '2026-10-25T19:00:00.000Z'],
      ['2026-10-26T07:00:00.000Z', '2026-10-26T19:00:00.000Z'],
      ['2026-10-27T07:00:00.000Z', '2026-10-27T11:00:00.000Z'],
    ]);
  });

  it('in New York and in Kolkata, with its half-hour offset; a start in the evening and an end in the morning offer nothing those days', () => {
    const newYork = { startsAt: '2026-03-02T01:00:00.000Z', endsAt: '2026-03-04T12:30:00.000Z', timeZone: 'America/New_York' };
    // 1 March 20:00 EST (closed) to 4 March 07:30 EST (not open yet).
    expect(iso(meetingWindows(newYork))).toEqual([
      ['2026-03-02T13:00:00.000Z', '2026-03-03T01:00:00.000Z'],
      ['2026-03-03T13:00:00.000Z', '2026-03-04T01:00:00.000Z'],
    ]);
    const kolkata = { startsAt: '2026-01-14T03:30:00.000Z', endsAt: '2026-01-16T16:00:00.000Z', timeZone: 'Asia/Kolkata' };
    // 14 January 09:00 IST to 16 January 21:30 IST.
    expect(iso(meetingWindows(kolkata))).toEqual([
      ['2026-01-14T03:30:00.000Z', '2026-01-14T14:30:00.000Z'],
      ['2026-01-15T02:30:00.000Z', '2026-01-15T14:30:00.000Z'],
      ['2026-01-16T02:30:00.000Z', '2026-01-16T14:30:00.000Z'],
    ]);
  });

  it('counts an unknown or missing time zone as UTC', () => {
    const times = { startsAt: '2026-06-10T12:00:00.000Z', endsAt: '2026-06-12T10:00:00.000Z' };
    const utc = iso(meetingWindows({ ...times, timeZone: 'UTC' }));
    expect(utc).toEqual([
      ['2026-06-10T12:00:00.000Z', '2026-06-10T20:00:00.000Z'],
      ['2026-06-11T08:00:00.000Z', '2026-06-11T20:00:00.000Z'],
      ['2026-06-12T08:00:00.000Z', '2026-06-12T10:00:00.000Z'],
    ]);
    expect(iso(meetingWindows({ ...times, timeZone: 'Mars/Olympus_Mons' }))).toEqual(utc);
    expect(iso(meetingWindows({ ...times, timeZone: '' }))).toEqual(utc);
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(knownTimeZone(null)).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
    expect(knownTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});

describe('withinWindows', () => {
  const windows = meetingWindows({ startsAt: '2026-10-24T12:00:00.000Z', endsAt: '2026-10-26T12:00:00.000Z', timeZone: 'Europe/Oslo' });

  it('takes a start on a quarter hour whose whole meeting lies in one window', () => {
    expect(withinWindows(windows, at('2026-10-24T12:00:00.000Z'), 30)).toBe(true);
    expect(withinWindows(windows, at('2026-10-24T17:30:00.000Z'), 30)).toBe(true);
    expect(withinWindows(windows, at('2026-10-25T07:00:00.000Z'), 15)).toBe(true);
  });

  it('refuses a start off the step, before the event, in the night between two days or running past 20:00 local', () => {
    expect(withinWindows(windows, at('2026-10-24T12:10:00.000Z'), 15)).toBe(false);
    expect(withinWindows(windows, at('2026-10-24T11:45:00.000Z'), 15)).toBe(false);
    // 22:00 in Oslo on Saturday.
    expect(withinWindows(windows, at('2026-10-24T20:00:00.000Z'), 15)).toBe(false);
    expect(withinWindows(windows, at('2026-10-24T17:45:00.000Z'), 30)).toBe(false);
    // 07:45 CET on Sunday, before the day opens.
    expect(withinWindows(windows, at('2026-10-25T06:45:00.000Z'), 15)).toBe(false);
    expect(withinWindows([], at('2026-10-24T12:00:00.000Z'), 15)).toBe(false);
  });
});

describe('slotStarts', () => {
  const windows = [
    { start: at('2026-06-10T09:05:00.000Z'), end: at('2026-06-10T10:00:00.000Z') },
    { start: at('2026-06-11T09:00:00.000Z'), end: at('2026-06-11T09:45:00.000Z') },
  ];

  it('steps by 15 minutes from the first quarter hour of each window, for meetings that end within it', () => {
    const before = at('2026-06-01T00:00:00.000Z');
    expect(slotStarts(windows, 30, before).map((start) => new Date(start).toISOString())).toEqual([
      '2026-06-10T09:15:00.000Z',
      '2026-06-10T09:30:00.000Z',
      '2026-06-11T09:00:00.000Z',
      '2026-06-11T09:15:00.000Z',
    ]);
    expect(slotStarts(windows, 15, before)).toHaveLength(3 + 3);
  });

  it('offers only starts after now (a start at now has begun)', () => {
    const starts = (now: string) => slotStarts(windows, 15, at(now)).map((start) => new Date(start).toISOString());
    expect(starts('2026-06-10T09:30:00.000Z')).toEqual([
      '2026-06-10T09:45:00.000Z',
      '2026-06-11T09:00:00.000Z',
      '2026-06-11T09:15:00.000Z',
      '2026-06-11T09:30:00.000Z',
    ]);
    expect(starts('2026-06-10T09:31:00.000Z')[0]).toBe('2026-06-10T09:45:00.000Z');
    expect(starts('2026-06-12T00:00:00.000Z')).toEqual([]);
  });

  it('every start it offers passes withinWindows', () => {
    const oslo = meetingWindows({ startsAt: '2026-10-23T12:00:00.000Z', endsAt: '2026-10-27T11:00:00.000Z', timeZone: 'Europe/Oslo' });
    const starts = slotStarts(oslo, 30, at('2026-10-01T00:00:00.000Z'));
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) expect(withinWindows(oslo, start, 30)).toBe(true);
    // A whole day, 08:00 to 20:00: a 30-minute meeting starts every quarter hour from 08:00 to 19:30.
    expect(starts.filter((start) => new Date(start).toISOString().startsWith('2026-10-24'))).toHaveLength(47);
  });
});

describe('canonicalTimeZone', () => {
  it('takes an IANA name the runtime knows, in its letter case, and nothing else', () => {
    expect(canonicalTimeZone('Europe/Oslo')).toBe('Europe/Oslo');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const name of ['Mars/Olympus_Mons', '+01:00', '', ' Europe/Oslo', 'Europe/Oslo'.repeat(7)]) expect(canonicalTimeZone(name), name).toBeNull();
  });
});
