import { isValid, lightFormat } from 'date-fns';

/**
 * Date texts of docs/product.md section 9, in the reader's time zone:
 * date-time 'yyyy-MM-dd HH:mm', single date 'MMM d, yyyy', with time 'MMM d, yyyy at h:mm a',
 * a range in one month 'MMM d - d, yyyy', across months both full dates;
 * 'Date TBD' when there is no date, 'Invalid Date' when formatting fails (docs/product.md section 8).
 */
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm';
export const DATE_FORMAT = 'MMM d, yyyy';
export const DATE_WITH_TIME_FORMAT = "MMM d, yyyy 'at' h:mm a";
export const TIME_FORMAT = 'h:mm a';

export const DATE_TBD = 'Date TBD';
export const INVALID_DATE = 'Invalid Date';

export type DateInput = string | number | Date | null | undefined;

// English short month names, as date-fns' en-US 'MMM' gives them. date-fns' lightFormat does the rest:
// the full `format` would bring its locale machinery (about 6 KB gzip) onto the first screen for
// these few patterns.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `format` for the patterns of this file: lightFormat's tokens plus 'MMM' (short month name). */
function format(date: Date, pattern: string): string {
  const withMonth = pattern.replace(/(^|[^M])MMM(?!M)/g, `$1'${MONTHS[date.getMonth()]}'`);
  return lightFormat(date, withMonth);
}

const sameMonth = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth();
const sameDay = (a: Date, b: Date) => sameMonth(a, b) && a.getDate() === b.getDate();

function isMissing(value: DateInput): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

// ISO 8601 as the API writes it: a date, optionally a time, optionally an offset.
const ISO_DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 text like date-fns' parseISO does for the forms the API and the date fields use
 * (a date alone is local midnight, a time without offset is local time), without its size on the
 * first screen. Anything else is not a date.
 */
function parseIso(text: string): Date {
  const trimmed = text.trim();
  const invalid = new Date(Number.NaN);
  if (!ISO_DATE_ONLY.test(trimmed) && !ISO_DATE_TIME.test(trimmed)) return invalid;
  const [y, m, d] = [trimmed.slice(0, 4), trimmed.slice(5, 7), trimmed.slice(8, 10)].map(Number) as [number, number, number];
  // Engines roll impossible days over (Feb 30 becomes Mar 2); refuse them, as parseISO does.
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth) return invalid;
  return trimmed.length === 10 ? new Date(y, m - 1, d) : new Date(trimmed.replace(' ', 'T'));
}

/** A Date from an ISO string, a timestamp or a Date; null when it does not name a real moment. */
export function toDate(value: DateInput): Date | null {
  if (isMissing(value)) return null;
  const date = typeof value === 'string' ? parseIso(value) : new Date(value);
  return isValid(date) ? date : null;
}

function formatWith(value: DateInput, pattern: string): string {
  if (isMissing(value)) return DATE_TBD;
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  try {
    return format(date, pattern);
  } catch {
    return INVALID_DATE;
  }
}

/** 'yyyy-MM-dd HH:mm', e.g. '2026-03-05 14:30'. */
export function formatDateTime(value: DateInput): string {
  return formatWith(value, DATE_TIME_FORMAT);
}

/** 'MMM d, yyyy', e.g. 'Mar 5, 2026'. */
export function formatDate(value: DateInput): string {
  return formatWith(value, DATE_FORMAT);
}

/** 'MMM d, yyyy at h:mm a', e.g. 'Mar 5, 2026 at 2:30 PM'. */
export function formatDateWithTime(value: DateInput): string {
  return formatWith(value, DATE_WITH_TIME_FORMAT);
}

/** 'h:mm a', e.g. '2:30 PM'. */
export function formatTime(value: DateInput): string {
  return formatWith(value, TIME_FORMAT);
}

/** Whether two moments fall on the same local calendar day. */
export function isSameLocalDay(a: Date, b: Date): boolean {
  return sameDay(a, b);
}

/**
 * The date range of an event:
 * - no start: 'Date TBD'; an unreadable start: 'Invalid Date';
 * - no end, an end on the same day, or an end that cannot be read or lies before the start: the start
 *   date alone ('Mar 5, 2026'), since the start is still worth showing;
 * - the same month: 'Mar 5 - 7, 2026';
 * - otherwise both full dates: 'Mar 30, 2026 - Apr 2, 2026'.
 */
export function formatDateRange(start: DateInput, end?: DateInput): string {
  if (isMissing(start)) return DATE_TBD;
  const from = toDate(start);
  if (!from) return INVALID_DATE;
  const to = toDate(end);
  try {
    if (!to || to.getTime() < from.getTime() || sameDay(from, to)) return format(from, DATE_FORMAT);
    if (sameMonth(from, to)) return `${format(from, 'MMM d')} - ${format(to, 'd, yyyy')}`;
    return `${format(from, DATE_FORMAT)} - ${format(to, DATE_FORMAT)}`;
  } catch {
    return INVALID_DATE;
  }
}

/**
 * Combines the text of a date field ('yyyy-MM-dd') and a time field ('HH:mm'), read in the member's
 * time zone, into an ISO timestamp (docs/product.md section 9). Null when either is missing or not a real
 * date or time.
 */
export function toIsoTimestamp(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const parsed = parseIso(`${date}T${time}`);
  if (!isValid(parsed)) return null;
  // Refuse impossible values that an engine may roll over (Feb 30, 24:30).
  if (format(parsed, 'yyyy-MM-dd HH:mm') !== `${date} ${time}`) return null;
  return parsed.toISOString();
}
