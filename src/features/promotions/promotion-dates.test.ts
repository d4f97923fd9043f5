import { describe, expect, it } from 'vitest';
import { formatStart, formatWeek } from './promotion-dates';

// Local times: the page shows the visitor's own clock, as lib/dates does.
const local = (y: number, m: number, d: number, h = 10, min = 0) => new Date(y, m - 1, d, h, min).toISOString();

describe('promotion dates', () => {
  it('writes the week in the shortest unambiguous form', () => {
    expect(formatWeek(local(2026, 3, 5), local(2026, 3, 7))).toBe('Mar 5 - 7, 2026');
    expect(formatWeek(local(2026, 3, 30), local(2026, 4, 2))).toBe('Mar 30 - Apr 2, 2026');
    expect(formatWeek(local(2026, 12, 29), local(2027, 1, 2))).toBe('Dec 29, 2026 - Jan 2, 2027');
    expect(formatWeek(local(2026, 3, 5, 9), local(2026, 3, 5, 18))).toBe('Mar 5, 2026');
    expect(formatWeek('nonsense', local(2026, 3, 5))).toBe('Date TBD');
  });

  it('writes a programme entry with its time', () => {
    expect(formatStart(local(2026, 3, 5, 9, 30))).toBe('Mar 5, 2026 at 9:30 AM');
    expect(formatStart(null)).toBe('Date TBD');
  });
});
