/** Text of the compilation's figures: plain functions, tested in figures.test.ts. */

/** A share of 0 to 1 as a whole percentage ('38%'); a share above 0 never shows as '0%'. */
export function percentText(share: number): string {
  if (!Number.isFinite(share) || share <= 0) return '0%';
  if (share >= 1) return '100%';
  return `${Math.max(1, Math.round(share * 100))}%`;
}

/** An hour of the day as a span: 14 -> '14:00–15:00', 23 -> '23:00–24:00'. */
export function hourSpanText(hour: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(hour)}:00–${two(hour + 1)}:00`;
}

/** 'one swipe', '12 swipes'; the same for members and other nouns with a plain plural. */
export function countText(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

/** A bar's length in percent of the longest (at least 2, so a small hour still shows). */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 100));
}
