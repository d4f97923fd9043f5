import { MEETING_STEP_MINUTES } from './meetings';
import { knownTimeZone } from './time-zones';

/**
 * When meetings may be held at an event (docs/product.md, 'Meetings'): within the event's start
 * and end; an event longer than a day offers each of its days from DAY_OPENS_AT to DAY_CLOSES_AT
 * in its own time zone, not the nights between. One function for both sides: the server refuses a
 * time outside these windows, the app offers only times inside them, offline too.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** An event with a start and no end offers meetings for this long after its start. */
export const DAY_WITHOUT_END_MS = 8 * HOUR;
/** An event longer than this is a multi-day event: meetings only in its days' opening hours. */
export const MULTI_DAY_AFTER_MS = 24 * HOUR;
/** A multi-day event's days, in the event's local time. */
export const DAY_OPENS_AT = 8;
export const DAY_CLOSES_AT = 20;
export const STEP_MS = MEETING_STEP_MINUTES * MINUTE;

/** A span of time, epoch milliseconds, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

export interface EventTimes {
  /** ISO times; an event without a start offers no meetings. */
  startsAt: string | null;
  endsAt: string | null;
  /** An IANA time zone; an unknown one counts as UTC. */
  timeZone: string;
}

export { canonicalTimeZone, knownTimeZone } from './time-zones';

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at the instant `at`. */
export function wallClock(at: number, timeZone: string): WallClock {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partsFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! };
}

/** The offset of `timeZone` from UTC at `at`, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const clock = wallClock(at, timeZone);
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute) - Math.floor(at / MINUTE) * MINUTE;
}

/** The instant at which `timeZone`'s clocks show this wall time (the later one across a change of offset). */
export function instantOf(clock: WallClock, timeZone: string): number {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  let at = asUtc - offsetAt(asUtc, timeZone);
  at = asUtc - offsetAt(at, timeZone);
  return at;
}

const roundUpToStep = (at: number) => Math.ceil(at / STEP_MS) * STEP_MS;

/** The spans of the event in which meetings may be held, in order. */
export function meetingWindows(event: EventTimes): Span[] {
  const opens = event.startsAt === null ? Number.NaN : Date.parse(event.startsAt);
  if (Number.isNaN(opens)) return [];
  const ends = event.endsAt === null ? Number.NaN : Date.parse(event.endsAt);
  const closes = Number.isNaN(ends) || ends <= opens ? opens + DAY_WITHOUT_END_MS : ends;
  if (closes - opens <= MULTI_DAY_AFTER_MS) return [{ start: opens, end: closes }];
  const timeZone = knownTimeZone(event.timeZone);
  const windows: Span[] = [];
  const first = wallClock(opens, timeZone);
  // Stepped by calendar date, not by 24 hours, so a change of offset cannot skip or repeat a day.
  for (let day = 0; ; day++) {
    const date = new Date(Date.UTC(first.year, first.month - 1, first.day + day));
    const local = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    const dayOpens = instantOf({ ...local, hour: DAY_OPENS_AT, minute: 0 }, timeZone);
    if (dayOpens >= closes) break;
    const start = Math.max(dayOpens, opens);
    const end = Math.min(instantOf({ ...local, hour: DAY_CLOSES_AT, minute: 0 }, timeZone), closes);
    if (end > start) windows.push({ start, end });
  }
  return windows;
}

/** Whether a meeting from `start` for `minutes` lies on a step, within one window. */
export function withinWindows(windows: readonly Span[], start: number, minutes: number): boolean {
  const end = start + minutes * MINUTE;
  return start % STEP_MS === 0 && windows.some((window) => start >= window.start && end <= window.end);
}

/** The starts a meeting of `minutes` may have, after `now`, in order. */
export function slotStarts(windows: readonly Span[], minutes: number, now: number): number[] {
  const starts: number[] = [];
  for (const window of windows) {
    for (let start = roundUpToStep(Math.max(window.start, now + 1)); start + minutes * MINUTE <= window.end; start += STEP_MS) {
      starts.push(start);
    }
  }
  return starts;
}
