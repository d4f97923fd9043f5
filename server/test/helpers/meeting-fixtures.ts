import { expect } from 'vitest';
import type { Meeting } from '../../../contract/meetings';
import { swipingAttendee } from './attendee-fixtures';
import { DAY, HOUR, insertEvent, type InsertedEvent, type Member } from './events-fixtures';
import type { TestContext } from './test-app';

const MINUTE = 60_000;
const FIRST_NAMES = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Finn'];

export interface MeetingEvent {
  event: InsertedEvent;
  people: Member[];
  start: Date;
  /** The event's start plus `minutes`, as the API takes it. */
  at: (minutes: number) => string;
}

/**
 * An event starting `start` (default: tomorrow at a whole hour) for `hours` (default 8), in
 * `timeZone` (default none), with `count` registered attendees with complete profiles, each a first
 * name of their own (Ada, Bob, ...), so a refusal that names someone names the right one.
 */
export async function meetingEvent(
  t: TestContext,
  count: number,
  options: { start?: Date; hours?: number; timeZone?: string | null } = {},
): Promise<MeetingEvent> {
  const start = options.start ?? new Date(Math.ceil((t.clock.now().getTime() + DAY) / HOUR) * HOUR);
  const event = await insertEvent(t.db, { start, end: new Date(start.getTime() + (options.hours ?? 8) * HOUR) });
  if (options.timeZone) await t.db.updateTable('events').set({ time_zone: options.timeZone }).where('id', '=', event.id).execute();
  const people: Member[] = [];
  for (let i = 0; i < count; i++) {
    const member = await swipingAttendee(t, [event.id]);
    const firstName = `${FIRST_NAMES[i % FIRST_NAMES.length]}${i >= FIRST_NAMES.length ? i : ''}`;
    await t.db.updateTable('users').set({ first_name: firstName }).where('id', '=', member.id).execute();
    people.push({ ...member, firstName });
  }
  return { event, people, start, at: (minutes) => new Date(start.getTime() + minutes * MINUTE).toISOString() };
}

export const askMeeting = (from: Member, eventId: string, body: Record<string, unknown>) =>
  from.client.request('POST', `/api/events/${eventId}/meetings`, { json: { minutes: 30, place: 'Table 12', ...body } });

/** A meeting `from` asked of `to` and `to` accepted. */
export async function acceptedMeeting(from: Member, to: Member, eventId: string, startsAt: string, minutes = 30): Promise<Meeting> {
  const asked = await askMeeting(from, eventId, { inviteeId: to.id, startsAt, minutes });
  expect(asked.status, asked.text).toBe(201);
  const res = await to.client.post(`/api/meetings/${asked.body.id}/accept`, {});
  expect(res.status, res.text).toBe(200);
  return res.body as Meeting;
}
