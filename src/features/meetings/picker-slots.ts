import { slotStarts, type Span } from '../../../contract/meeting-slots';
import type { MeetingAvailability, TimeSpan } from '../../../contract/meetings';
import { dayText } from './meeting-time-text';

/** Why a start cannot be chosen, from the member's side; null: free for both. */
export type SlotBusy = { kind: 'meeting'; withName: string } | { kind: 'session' } | { kind: 'theirs' } | null;

export interface PickerSlot {
  start: number;
  busy: SlotBusy;
}

const spanOf = (time: TimeSpan): Span => ({ start: Date.parse(time.startsAt), end: Date.parse(time.endsAt) });
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * The starts the picker offers for a meeting of `minutes`, grouped by the event's local day, each
 * with what keeps it from being free: the member's own meeting or session first, then the other's.
 * `keep`: a meeting being moved does not block its own new time.
 */
export function pickerDays(
  availability: Pick<MeetingAvailability, 'windows' | 'myMeetings' | 'mySessions' | 'theirBusy' | 'timeZone'>,
  minutes: number,
  now: number,
  keep?: string,
): { day: string; slots: PickerSlot[] }[] {
  const mine = availability.myMeetings
    .filter((meeting) => meeting.meetingId !== keep)
    .map((meeting) => ({ span: spanOf(meeting), withName: meeting.withName }));
  const sessions = availability.mySessions.map(spanOf);
  const theirs = availability.theirBusy.map(spanOf);
  const days = new Map<string, PickerSlot[]>();
  for (const start of slotStarts(availability.windows.map(spanOf), minutes, now)) {
    const span = { start, end: start + minutes * 60_000 };
    const meeting = mine.find((m) => overlaps(m.span, span));
    const busy: SlotBusy = meeting
      ? { kind: 'meeting', withName: meeting.withName }
      : sessions.some((s) => overlaps(s, span))
        ? { kind: 'session' }
        : theirs.some((s) => overlaps(s, span))
          ? { kind: 'theirs' }
          : null;
    const day = dayText(start, availability.timeZone);
    days.set(day, [...(days.get(day) ?? []), { start, busy }]);
  }
  return [...days].map(([day, slots]) => ({ day, slots }));
}
