import { sql, type Kysely } from 'kysely';
import { DELETED_MEMBER_NAME } from '../../../contract/meeting-notices';
import type { Meeting, MeetingState } from '../../../contract/meetings';
import type { Database } from '../../db/schema';
import { eventOpenTo } from '../events/visibility';

export interface MeetingFilter {
  eventId?: string;
  meetingId?: string;
}

/**
 * The member's meetings as the API answers them (contract/meetings.ts), soonest first: the other
 * person, the member's own outcome, whether the answer waits on them. A request whose start passed
 * unanswered is 'expired'. The event's name only while the member may see the event in full.
 */
export async function meetingsOf(db: Kysely<Database>, me: string, now: Date, filter: MeetingFilter = {}): Promise<Meeting[]> {
  let query = db
    .selectFrom('meetings as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    // Left: the other side is empty once that member deleted their account (the meeting stays, cancelled).
    .leftJoin('users as o', (join) => join.on(sql<boolean>`o.id = case when m.requester_id = ${me} then m.invitee_id else m.requester_id end`))
    .leftJoin('meeting_outcomes as mo', (join) => join.onRef('mo.meeting_id', '=', 'm.id').on('mo.user_id', '=', me))
    .select([
      'm.id',
      'm.event_id',
      'm.requester_id',
      'm.state',
      'm.starts_at',
      'm.ends_at',
      'm.place',
      'm.message',
      'm.awaiting_id',
      'm.proposed_by',
      'm.proposed_starts_at',
      'm.proposed_ends_at',
      'm.proposed_place',
      'm.note',
      'm.closed_by',
      'm.sequence',
      'm.created_at',
      'm.updated_at',
      'o.id as other_id',
      'o.first_name',
      'o.last_name',
      'o.image_url',
      'mo.outcome',
      sql<string | null>`case when ${eventOpenTo(me, now)} then e.name end`.as('event_name'),
      sql<string>`coalesce(e.time_zone, 'UTC')`.as('time_zone'),
    ])
    .where((eb) => eb.or([eb('m.requester_id', '=', me), eb('m.invitee_id', '=', me)]));
  if (filter.eventId !== undefined) query = query.where('m.event_id', '=', filter.eventId);
  if (filter.meetingId !== undefined) query = query.where('m.id', '=', filter.meetingId);
  const rows = await query.orderBy('m.starts_at').orderBy('m.id').execute();
  return rows.map((row) => {
    const expired = row.state === 'requested' && row.starts_at.getTime() <= now.getTime();
    const state: MeetingState = expired ? 'expired' : row.state;
    const proposal =
      row.state === 'accepted' && row.proposed_by !== null && row.proposed_starts_at && row.proposed_ends_at && row.proposed_place !== null
        ? {
            startsAt: row.proposed_starts_at.toISOString(),
            endsAt: row.proposed_ends_at.toISOString(),
            place: row.proposed_place,
            byMe: row.proposed_by === me,
          }
        : null;
    return {
      id: row.id,
      eventId: row.event_id,
      eventName: row.event_name,
      timeZone: row.time_zone,
      with:
        row.other_id === null
          ? { id: null, firstName: DELETED_MEMBER_NAME, lastName: '', imageUrl: null }
          : { id: row.other_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '', imageUrl: row.image_url },
      requestedByMe: row.requester_id === me,
      state,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      place: row.place,
      message: row.message,
      proposal,
      awaitingMe: row.awaiting_id === me && (state === 'requested' || proposal !== null),
      note: row.note,
      closedByMe: row.closed_by === null ? null : row.closed_by === me,
      outcome: row.outcome ?? null,
      sequence: row.sequence,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  });
}
