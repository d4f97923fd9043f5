import { knownTimeZone, meetingWindows, withinWindows, type Span } from '../../../contract/meeting-slots';
import { ACTED_AT_WITHIN_MS, MEETING_ERROR_CODES, MEETING_ERRORS, type MeetingMinutes } from '../../../contract/meetings';
import { ApiError } from '../../http/api-error';

const MINUTE = 60_000;

/** When the member acted, for a write the outbox delivers late: never later than now, nor older than a week. */
export function actedAtOf(actedAt: string | undefined, now: Date): Date {
  const at = actedAt === undefined ? Number.NaN : Date.parse(actedAt);
  if (Number.isNaN(at) || at > now.getTime() || at < now.getTime() - ACTED_AT_WITHIN_MS) return now;
  return new Date(at);
}

export interface EventWindow {
  date_time: Date | null;
  end_date_time: Date | null;
  /** The event's IANA time zone (null, or one the runtime does not know: UTC). */
  time_zone: string | null;
}

export interface MeetingSlot {
  startsAt: Date;
  endsAt: Date;
}

/** When meetings may be held at the event (contract/meeting-slots.ts), as the app computes it too. */
export function windowsOf(event: EventWindow): Span[] {
  return meetingWindows({
    startsAt: event.date_time?.toISOString() ?? null,
    endsAt: event.end_date_time?.toISOString() ?? null,
    timeZone: knownTimeZone(event.time_zone),
  });
}

/**
 * A meeting's time as asked for: on a quarter hour, within the event's windows (contract/meeting-
 * slots.ts: its whole span for an event of a day at most, 8 hours for one without an end, each
 * day's opening hours in the event's time zone for a longer one), and not begun yet. Refused with
 * 400 in words otherwise.
 */
export function meetingSlot(event: EventWindow, startsAt: string, minutes: MeetingMinutes, now: Date): MeetingSlot {
  const start = Date.parse(startsAt);
  const windows = windowsOf(event);
  if (Number.isNaN(start) || !withinWindows(windows, start, minutes) || start <= now.getTime()) {
    throw new ApiError(400, MEETING_ERRORS.badTime, { field: 'startsAt', code: MEETING_ERROR_CODES.badTime });
  }
  return { startsAt: new Date(start), endsAt: new Date(start + minutes * MINUTE) };
}

/** '[start,end)' as PostgreSQL reads a tstzrange. */
export const rangeOf = (slot: MeetingSlot): string => `[${slot.startsAt.toISOString()},${slot.endsAt.toISOString()})`;

/** '14:30' in the event's time zone, for a refusal that names a meeting. */
export function clockTime(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(at);
  }
}
