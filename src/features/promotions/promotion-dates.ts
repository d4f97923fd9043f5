/**
 * The page's dates, with the browser's Intl rather than lib/dates (date-fns): the promotional page
 * is a first visit on a phone, and this keeps its chunk to about a kilobyte. The wording follows
 * lib/dates: 'Mar 5 - 7, 2026', 'Mar 30 - Apr 2, 2026', 'Mar 5, 2026 at 9:30 AM'.
 */

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const dayOnly = new Intl.DateTimeFormat('en-US', { day: 'numeric' });
const year = new Intl.DateTimeFormat('en-US', { year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

const valid = (value: string | null): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The week: 'Mar 5 - 7, 2026', 'Mar 30 - Apr 2, 2026', 'Dec 29, 2026 - Jan 2, 2027'. */
export function formatWeek(start: string, end: string): string {
  const from = valid(start);
  const to = valid(end);
  if (!from) return 'Date TBD';
  if (!to || to.getTime() <= from.getTime() || from.toDateString() === to.toDateString()) return `${day.format(from)}, ${year.format(from)}`;
  if (from.getFullYear() !== to.getFullYear()) return `${day.format(from)}, ${year.format(from)} - ${day.format(to)}, ${year.format(to)}`;
  const sameMonth = from.getMonth() === to.getMonth();
  return `${day.format(from)} - ${sameMonth ? dayOnly.format(to) : day.format(to)}, ${year.format(to)}`;
}

/** One programme entry's start: 'Mar 5, 2026 at 9:30 AM'. */
export function formatStart(start: string | null): string {
  const date = valid(start);
  return date ? `${day.format(date)}, ${year.format(date)} at ${time.format(date)}` : 'Date TBD';
}
