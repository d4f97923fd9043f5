import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { MEETING_CLOSING_NOTES } from '../../../contract/meeting-notices';
import { DAY_WITHOUT_END_MS } from '../../../contract/meeting-slots';
import type { Database } from '../../db/schema';

/**
 * Meetings Mingle closes (docs/product.md, 'Meetings'): when a member leaves the event, deletes
 * their account, or the event ends, their requests still waiting and their accepted meetings still
 * ahead become 'cancelled' with a note saying why (an accepted one frees its time, and its
 * calendar entry's SEQUENCE grows). A block closes the open meetings between the two members, as
 * a cancel without a note (closeMeetingsOfBlock). Database work only: the caller tells the members
 * (meeting-notices.ts) once its transaction committed.
 */

export interface ClosedMeeting {
  meetingId: string;
  /** The member whose act closed it (told nothing), or null when Mingle did (both are told). */
  actorId: string | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Cancels the open meetings `which` selects (alias m, its event e); one process of several gets each. */
async function closeMeetings(db: Db, which: RawBuilder<boolean>, note: string | null, closedBy: string | null, now: Date): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    update meetings m set
      state = 'cancelled', note = ${note}, closed_by = ${closedBy}, awaiting_id = null,
      proposed_by = null, proposed_starts_at = null, proposed_ends_at = null, proposed_place = null,
      sequence = case when m.state = 'accepted' then m.sequence + 1 else m.sequence end,
      updated_at = ${now}
    from events e
    where e.id = m.event_id and m.state in ('requested', 'accepted') and m.starts_at > ${now} and ${which}
    returning m.id`.execute(db);
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom('meeting_holds').where('meeting_id', 'in', ids).execute();
  return ids;
}

const hasMember = (userId: string) => sql<boolean>`(m.requester_id = ${userId} or m.invitee_id = ${userId})`;

/** The member left the event: 'Ada left the event'. */
export async function closeMeetingsOfLeaver(trx: Transaction<Database>, userId: string, eventId: string, now: Date): Promise<ClosedMeeting[]> {
  const member = await trx.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirst();
  const note = MEETING_CLOSING_NOTES.leftEvent(member?.first_name ?? 'A member');
  const ids = await closeMeetings(trx, sql<boolean>`m.event_id = ${eventId} and ${hasMember(userId)}`, note, userId, now);
  return ids.map((meetingId) => ({ meetingId, actorId: userId }));
}

/**
 * A member blocked another (services/safety/blocks.ts): the open meetings between the two are
 * cancelled as if the blocker had cancelled each, with no note, so the blocked member is told that
 * it was cancelled and nothing of why (contract/safety.ts). The blocker is told nothing: they acted.
 */
export async function closeMeetingsOfBlock(trx: Transaction<Database>, blockerId: string, blockedId: string, now: Date): Promise<ClosedMeeting[]> {
  const pair = sql<boolean>`${hasMember(blockerId)} and ${hasMember(blockedId)}`;
  const ids = await closeMeetings(trx, pair, null, blockerId, now);
  return ids.map((meetingId) => ({ meetingId, actorId: blockerId }));
}

/**
 * The member deletes their account: their open meetings stay for the other member, cancelled
 * ('This member deleted their account'; their side becomes empty as their row goes, and the
 * message they wrote goes with them); every other meeting of theirs goes with the account, as their
 * connections do (docs/decisions.md, 'Meetings').
 */
export async function closeMeetingsOfErasedMember(trx: Db, userId: string, now: Date): Promise<ClosedMeeting[]> {
  const ids = await closeMeetings(trx, hasMember(userId), MEETING_CLOSING_NOTES.deletedAccount, null, now);
  let others = trx.deleteFrom('meetings').where((eb) => eb.or([eb('requester_id', '=', userId), eb('invitee_id', '=', userId)]));
  if (ids.length > 0) others = others.where('id', 'not in', ids);
  await others.execute();
  if (ids.length > 0) await trx.updateTable('meetings').set({ message: null }).where('id', 'in', ids).where('requester_id', '=', userId).execute();
  return ids.map((meetingId) => ({ meetingId, actorId: userId }));
}

/**
 * The housekeeping of ended events (an event ends at its end, or DAY_WITHOUT_END_MS after a start
 * without one): what is still open there is cancelled ('The event ended'; there only when the
 * event was cut short), and a new time still waiting for an answer is dropped (the accepted time
 * stood, and has passed). Safe in any number of processes at once: each row is updated by one.
 */
export async function closeMeetingsOfEndedEvents(db: Kysely<Database>, now: Date): Promise<ClosedMeeting[]> {
  const ended = sql<boolean>`coalesce(e.end_date_time, e.date_time + ${DAY_WITHOUT_END_MS} * interval '1 millisecond') <= ${now}`;
  const ids = await db.transaction().execute((trx) => closeMeetings(trx, ended, MEETING_CLOSING_NOTES.eventEnded, null, now));
  await sql`
    update meetings m set proposed_by = null, proposed_starts_at = null, proposed_ends_at = null, proposed_place = null, awaiting_id = null
    from events e
    where e.id = m.event_id and m.state = 'accepted' and m.proposed_by is not null and ${ended}`.execute(db);
  return ids.map((meetingId) => ({ meetingId, actorId: null }));
}
