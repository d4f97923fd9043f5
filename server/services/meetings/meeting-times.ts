import { ACTED_AT_WITHIN_MS, MEETING_ERROR_CODES, MEETING_ERRORS, MEETING_STEP_MINUTES, type MeetingMinutes } from '../../../contract/meetings';
import { ApiError } from '../../http/api-error';

const MINUTE = 60_000;
/** An event with a start and no end offers meetings for this long after its start. */
export const DAY_WITHOUT_END_MS = 8 * 60 * MINUTE;

/** When the member acted, for a write the outbox delivers late: never later than now, nor older than a week. */
export function actedAtOf(actedAt: string | undefined, now: Date): Date {
  const at = actedAt === undefined ? Number.NaN : Date.parse(actedAt);
  if (Number.isNaN(at) || at > now.getTime() || at < now.getTime() - ACTED_AT_WITHIN_MS) return now;
  return new Date(at);
}

export interface EventWindow {
  date_time: Date | null;
  end_date_time: Date | null;
}

export interface MeetingSlot {
  startsAt: Date;
  endsAt: Date;
}

/**
 * A meeting's time as asked for: on a quarter hour, within the event (from its start to its end,
 * or DAY_WITHOUT_END_MS after a start without an end), and not begun yet. Refused with 400 in
 * words otherwise.
 */
export function meetingSlot(event: EventWindow, startsAt: string, minutes: MeetingMinutes, now: Date): MeetingSlot {
  const start = new Date(Date.parse(startsAt));
  const end = new Date(start.getTime() + minutes * MINUTE);
  const onStep = start.getTime() % (MEETING_STEP_MINUTES * MINUTE) === 0;
  const opens = event.date_time?.getTime();
  const closes = event.end_date_time?.getTime() ?? (opens === undefined ? undefined : opens + DAY_WITHOUT_END_MS);
  const within = opens !== undefined && closes !== undefined && start.getTime() >= opens && end.getTime() <= closes;
  if (!onStep || !within || start.getTime() <= now.getTime()) {
    throw new ApiError(400, MEETING_ERRORS.badTime, { field: 'startsAt', code: MEETING_ERROR_CODES.badTime });
  }
  return { startsAt: start, endsAt: end };
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
