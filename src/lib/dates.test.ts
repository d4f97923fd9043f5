import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  DATE_WITH_TIME_FORMAT,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDateWithTime,
  formatTime,
  isSameLocalDay,
  toDate,
  toIsoTimestamp,
} from './dates';

// Local wall-clock dates, so the expectations hold in every time zone.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);
const iso = (y: number, m: number, d: number, h = 0, min = 0) => local(y, m, d, h, min).toISOString();

describe('date formats of docs/product.md section 9', () => {
  it("date-time is 'yyyy-MM-dd HH:mm'", () => {
    expect(formatDateTime(iso(2026, 3, 5, 14, 30))).toBe('2026-03-05 14:30');
    expect(formatDateTime(local(2026, 12, 31, 9, 5))).toBe('2026-12-31 09:05');
  });

  it("a single date is 'MMM d, yyyy'", () => {
    expect(formatDate(iso(2026, 3, 5, 14, 30))).toBe('Mar 5, 2026');
    expect(formatDate(local(2027, 11, 21))).toBe('Nov 21, 2027');
  });

  it("a date with time is 'MMM d, yyyy at h:mm a'", () => {
    expect(formatDateWithTime(iso(2026, 3, 5, 14, 30))).toBe('Mar 5, 2026 at 2:30 PM');
    expect(formatDateWithTime(iso(2026, 3, 5, 0, 5))).toBe('Mar 5, 2026 at 12:05 AM');
  });

  it("a time is 'h:mm a'", () => {
    expect(formatTime(iso(2026, 3, 5, 14, 30))).toBe('2:30 PM');
    expect(formatTime(iso(2026, 3, 5, 9, 0))).toBe('9:00 AM');
  });

  it("gives exactly what date-fns' format gives for these patterns, in every month and both halves of the day", () => {
    for (let month = 1; month <= 12; month++) {
      for (const hour of [0, 9, 12, 23]) {
        const date = local(2026, month, month + 10, hour, 7);
        expect(formatDate(date)).toBe(format(date, DATE_FORMAT));
        expect(formatDateTime(date)).toBe(format(date, DATE_TIME_FORMAT));
        expect(formatDateWithTime(date)).toBe(format(date, DATE_WITH_TIME_FORMAT));
        expect(formatTime(date)).toBe(format(date, 'h:mm a'));
      }
    }
  });

  it('compares local calendar days', () => {
    expect(isSameLocalDay(local(2026, 3, 5, 0, 1), local(2026, 3, 5, 23, 59))).toBe(true);
    expect(isSameLocalDay(local(2026, 3, 5), local(2027, 3, 5))).toBe(false);
  });

  it("no date gives 'Date TBD'", () => {
    for (const value of [null, undefined, '']) {
      expect(formatDate(value)).toBe('Date TBD');
      expect(formatDateTime(value)).toBe('Date TBD');
      expect(formatDateWithTime(value)).toBe('Date TBD');
      expect(formatTime(value)).toBe('Date TBD');
      expect(formatDateRange(value)).toBe('Date TBD');
      expect(formatDateRange(value, iso(2026, 3, 5))).toBe('Date TBD');
    }
  });

  it("a date that cannot be formatted gives 'Invalid Date'", () => {
    for (const value of ['not a date', '2026-13-45', Number.NaN, new Date(Number.NaN)]) {
      expect(formatDate(value)).toBe('Invalid Date');
      expect(formatDateTime(value)).toBe('Invalid Date');
      expect(formatDateWithTime(value)).toBe('Invalid Date');
      expect(formatDateRange(value)).toBe('Invalid Date');
    }
    expect(toDate('nonsense')).toBeNull();
    // Impossible days are refused, not rolled over into the next month.
    expect(formatDate('2026-02-30T09:00:00Z')).toBe('Invalid Date');
    expect(formatDate('2026-02-29')).toBe('Invalid Date');
    // Only ISO 8601: other date texts are not guessed at.
    expect(formatDate('March 5, 2026')).toBe('Invalid Date');
  });

  it('reads ISO 8601 as the API writes it: with an offset, without one (local), or a date alone (local)', () => {
    expect(toDate('2026-03-05T14:30:00.000Z')?.toISOString()).toBe('2026-03-05T14:30:00.000Z');
    expect(toDate('2026-03-05T16:30:00+02:00')?.toISOString()).toBe('2026-03-05T14:30:00.000Z');
    expect(toDate('2026-03-05T14:30')?.getTime()).toBe(local(2026, 3, 5, 14, 30).getTime());
    expect(toDate('2026-03-05')?.getTime()).toBe(local(2026, 3, 5).getTime());
    expect(toDate('2028-02-29')?.getDate()).toBe(29);
  });
});

describe('formatDateRange', () => {
  it('shows the start date alone without an end or with an end on the same day', () => {
    expect(formatDateRange(iso(2026, 3, 5, 9))).toBe('Mar 5, 2026');
    expect(formatDateRange(iso(2026, 3, 5, 9), null)).toBe('Mar 5, 2026');
    expect(formatDateRange(iso(2026, 3, 5, 9), iso(2026, 3, 5, 17))).toBe('Mar 5, 2026');
  });

  it("a range in one month is 'MMM d - d, yyyy'", () => {
    expect(formatDateRange(iso(2026, 3, 5, 9), iso(2026, 3, 7, 17))).toBe('Mar 5 - 7, 2026');
  });

  it('a range across months or years shows both full dates', () => {
    expect(formatDateRange(iso(2026, 3, 30, 9), iso(2026, 4, 2, 17))).toBe('Mar 30, 2026 - Apr 2, 2026');
    expect(formatDateRange(iso(2026, 12, 30, 9), iso(2027, 1, 2, 17))).toBe('Dec 30, 2026 - Jan 2, 2027');
    // The same month of another year is not "one month".
    expect(formatDateRange(iso(2026, 3, 5), iso(2027, 3, 6))).toBe('Mar 5, 2026 - Mar 6, 2027');
  });

  it('keeps the start when the end cannot be read or lies before it', () => {
    expect(formatDateRange(iso(2026, 3, 5, 9), 'garbage')).toBe('Mar 5, 2026');
    expect(formatDateRange(iso(2026, 3, 5, 9), iso(2026, 3, 1))).toBe('Mar 5, 2026');
  });
});

describe('toIsoTimestamp', () => {
  it('combines a date and a time text into an ISO timestamp in local time', () => {
    expect(toIsoTimestamp('2026-03-05', '09:00')).toBe(iso(2026, 3, 5, 9, 0));
    expect(toIsoTimestamp('2026-03-05', '17:30')).toBe(iso(2026, 3, 5, 17, 30));
  });

  it('refuses missing or impossible values', () => {
    expect(toIsoTimestamp('', '09:00')).toBeNull();
    expect(toIsoTimestamp('2026-03-05', '')).toBeNull();
    expect(toIsoTimestamp('2026-02-30', '09:00')).toBeNull();
    expect(toIsoTimestamp('2026-03-05', '25:00')).toBeNull();
  });
});
