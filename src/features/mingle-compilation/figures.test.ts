import { describe, expect, it } from 'vitest';
import { barPercent, countText, hourSpanText, percentText } from './figures';

describe('mingle compilation figures', () => {
  it('writes shares as whole percentages, never a non-zero share as 0%', () => {
    expect(percentText(0)).toBe('0%');
    expect(percentText(4 / 7)).toBe('57%');
    expect(percentText(0.001)).toBe('1%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(Number.NaN)).toBe('0%');
  });

  it('writes an hour of the day as its span', () => {
    expect(hourSpanText(0)).toBe('00:00–01:00');
    expect(hourSpanText(14)).toBe('14:00–15:00');
    expect(hourSpanText(23)).toBe('23:00–24:00');
  });

  it('counts with the plural where it belongs', () => {
    expect(countText(1, 'swipe')).toBe('1 swipe');
    expect(countText(0, 'swipe')).toBe('0 swipes');
    expect(countText(2000, 'member')).toBe('2,000 members');
  });

  it('sizes bars against the longest, keeping small ones visible', () => {
    expect(barPercent(10, 10)).toBe(100);
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(1, 1000)).toBe(2);
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
  });
});
