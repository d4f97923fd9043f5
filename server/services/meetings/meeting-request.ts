import { sql, type Kysely } from 'kysely';
import { EVENT_ERRORS } from '../../../contract/errors';
import { knownTimeZone } from '../../../contract/meeting-slots';
import { ASK_AGAIN_AFTER_DECLINE_MS, MAX_PENDING_REQUESTS_PER_EVENT, MEETING_ERROR_CODES, MEETING_ERRORS, type Meeting } from '../../../contract/meetings';
import type { MeetingRequest } from '../../../contract/meeting-requests';
import { notNetworkingError } from '../../../contract/safety';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { eventOpenTo } from '../events/visibility';
import { orderedPair, pairLockKey } from '../connections/connection-write';
import { completeProfileSql } from '../profiles/complete-profile-sql';
import { blockedBetween } from '../safety/blocks-sql';
import { meetingsOf } from './meeting-json';
import { refuseSessions } from './meeting-sessions';
import { actedAtOf, meetingSlot } from './meeting-times';

type Input = Omit<MeetingRequest, 'message'> & { message: string };

/**
 * `me` asks `input.inviteeId` to meet at the event: both registered there with complete profiles,
 * neither blocking the other, the invitee networking (contract/safety.ts),
 * a time within the event that has not begun, fewer than MAX_PENDING_REQUESTS_PER_EVENT requests of
 * theirs waiting there, not within a day of this person declining them there, and not into a time
 * either of them marked 'In a session' (meeting-sessions.ts). Requests may
 * overlap each other and accepted meetings: only an accepted meeting holds time.
 */
export async function requestMeeting(db: Kysely<Database>, me: string, eventId: string, input: Input, now: Date): Promise<Meeting> {
  const acted = actedAtOf(input.actedAt, now);
  const id = await db.transaction().execute(async (trx) => {
    // One member's requests at one event one at a time: the count of those waiting stays true.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`meeting-requests:${me}:${eventId}`}, 0))`.execute(trx);
    // And the pair's lock, which a block takes: a request is never left open behind a block.
    if (input.inviteeId !== me) await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(...orderedPair(me, input.inviteeId))}, 0))`.execute(trx);
    const event = await trx
      .selectFrom('events as e')
      .select(['e.id', 'e.date_time', 'e.end_date_time', 'e.time_zone'])
      .where('e.id', '=', eventId)
      .where(eventOpenTo(me, now))
      .executeTakeFirst();
    if (!event) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    const people = await trx
      .selectFrom('users as u')
      .select(['u.id', 'u.first_name', completeProfileSql.as('complete')])
      .select(sql<boolean>`exists (select 1 from event_attendees ea where ea.event_id = ${eventId} and ea.user_id = u.id)`.as('registered'))
      .select(['u.networking_paused', blockedBetween(me, sql.ref('u.id')).as('blocked')])
      .where('u.id', 'in', [me, input.inviteeId])
      .execute();
    const invitee = people.find((person) => person.id === input.inviteeId);
    // A member blocked either way is refused as one who does not attend (services/safety/blocks-sql.ts).
    const ready = (person: (typeof people)[number] | undefined) => person !== undefined && person.complete && person.registered && !person.blocked;
    if (input.inviteeId === me || !ready(invitee) || !ready(people.find((person) => person.id === me))) {
      throw new ApiError(403, MEETING_ERRORS.notAttendees, { code: MEETING_ERROR_CODES.notAttendees });
    }
    // 'Not networking right now' (contract/safety.ts): they stay at the event but take no requests.
    if (invitee!.networking_paused) throw new ApiError(409, notNetworkingError(invitee!.first_name), { code: MEETING_ERROR_CODES.notNetworking });
    const slot = meetingSlot(event, input.startsAt, input.minutes, now);
    await refuseSessions(trx, me, { id: input.inviteeId, firstName: invitee!.first_name }, slot, knownTimeZone(event.time_zone));
    const limits = await trx
      .selectNoFrom([
        sql<number>`(select count(*)::int from meetings m where m.requester_id = ${me} and m.event_id = ${eventId}
          and m.state = 'requested' and m.starts_at > ${now})`.as('pending'),
        sql<boolean>`exists (select 1 from meetings m where m.requester_id = ${me} and m.invitee_id = ${input.inviteeId}
          and m.event_id = ${eventId} and m.state = 'declined' and m.closed_by = ${input.inviteeId}
          and m.updated_at > ${new Date(now.getTime() - ASK_AGAIN_AFTER_DECLINE_MS)})`.as('declinedLately'),
      ])
      .executeTakeFirstOrThrow();
    if (limits.pending >= MAX_PENDING_REQUESTS_PER_EVENT) throw new ApiError(409, MEETING_ERRORS.tooManyPending, { code: MEETING_ERROR_CODES.tooMany });
    if (limits.declinedLately) {
      throw new ApiError(409, `${invitee!.first_name} declined a meeting with you less than a day ago: you can ask again tomorrow`, {
        code: MEETING_ERROR_CODES.tooMany,
      });
    }
    const made = await trx
      .insertInto('meetings')
      .values({
        event_id: eventId,
        requester_id: me,
        invitee_id: input.inviteeId,
        state: 'requested',
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        place: input.place,
        message: input.message === '' ? null : input.message,
        awaiting_id: input.inviteeId,
        created_at: acted,
        updated_at: acted,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return made.id;
  });
  return (await meetingsOf(db, me, now, { meetingId: id }))[0]!;
}
