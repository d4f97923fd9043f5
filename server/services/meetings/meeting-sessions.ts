import { sql, type Kysely, type Transaction } from 'kysely';
import { EVENT_ERRORS } from '../../../contract/errors';
import { STEP_MS, withinWindows, type Span } from '../../../contract/meeting-slots';
import type { MeetingSessions } from '../../../contract/meeting-requests';
import { MEETING_ERROR_CODES, MEETING_ERRORS } from '../../../contract/meetings';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { eventOpenTo } from '../events/visibility';
import { clockTime, rangeOf, windowsOf, type MeetingSlot } from './meeting-times';

const MINUTE = 60_000;

/** Spans in order, those that overlap or touch joined into one. */
export function mergedSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * Replaces the member's sessions at the event (docs/product.md, 'Meetings'): each on the quarter
 * hour, ending after it starts, within one of the event's windows; overlapping or touching ones
 * are stored as one. 404 for an event the member may not see, 403 unless registered there.
 */
export async function replaceSessions(db: Kysely<Database>, me: string, eventId: string, input: MeetingSessions, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One member's writes at one event one at a time: the delete and insert of two never interleave.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`meeting-sessions:${me}:${eventId}`}, 0))`.execute(trx);
    const event = await trx
      .selectFrom('events as e')
      .select(['e.date_time', 'e.end_date_time', 'e.time_zone'])
      .select(sql<boolean>`exists (select 1 from event_attendees ea where ea.event_id = e.id and ea.user_id = ${me})`.as('registered'))
      .where('e.id', '=', eventId)
      .where(eventOpenTo(me, now))
      .executeTakeFirst();
    if (!event) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    if (!event.registered) throw new ApiError(403, MEETING_ERRORS.notRegistered, { code: MEETING_ERROR_CODES.notAttendees });
    const windows = windowsOf(event);
    const spans = input.sessions.map((session) => ({ start: Date.parse(session.startsAt), end: Date.parse(session.endsAt) }));
    const fits = (span: Span) => span.end > span.start && span.end % STEP_MS === 0 && withinWindows(windows, span.start, (span.end - span.start) / MINUTE);
    if (!spans.every(fits)) throw new ApiError(400, MEETING_ERRORS.badSession, { field: 'sessions', code: MEETING_ERROR_CODES.badTime });
    await trx.deleteFrom('meeting_sessions').where('user_id', '=', me).where('event_id', '=', eventId).execute();
    const merged = mergedSpans(spans);
    if (merged.length === 0) return;
    await trx
      .insertInto('meeting_sessions')
      .values(merged.map((span) => ({ user_id: me, event_id: eventId, during: rangeOf({ startsAt: new Date(span.start), endsAt: new Date(span.end) }) })))
      .execute();
  });
}

/**
 * Refuses a request or a proposal into a time either member marked 'In a session' (at any event:
 * a member in a session is not free): 409 naming the first moment that is not free, in the event's
 * time zone. The member's own: 'You marked 14:30 as in a session'; the other's only says that they
 * are not free, as a clash with a meeting does (never what they do instead).
 */
export async function refuseSessions(trx: Transaction<Database>, me: string, other: { id: string; firstName: string }, slot: MeetingSlot, timeZone: string) {
  const sessions = await trx
    .selectFrom('meeting_sessions as s')
    .select(['s.user_id', sql<Date>`lower(s.during)`.as('starts_at')])
    .where('s.user_id', 'in', [me, other.id])
    .where(sql<boolean>`s.during && ${rangeOf(slot)}::tstzrange`)
    .execute();
  const clash = sessions.find((session) => session.user_id === me) ?? sessions[0];
  if (!clash) return;
  const from = new Date(Math.max(slot.startsAt.getTime(), new Date(clash.starts_at).getTime()));
  const at = clockTime(from, timeZone);
  const message = clash.user_id === me ? `You marked ${at} as in a session` : `${other.firstName} is not free at ${at}`;
  throw new ApiError(409, message, { code: MEETING_ERROR_CODES.inSession });
}
