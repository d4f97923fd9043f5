import { sql, type Kysely, type Transaction } from 'kysely';
import { MEETING_ERROR_CODES, MEETING_ERRORS, type Meeting } from '../../../contract/meetings';
import type { MeetingAnswer, MeetingOutcomeInput, MeetingProposal } from '../../../contract/meeting-requests';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { insertConnection, orderedPair, pairLockKey } from '../connections/connection-write';
import { notBlockedBetween } from '../safety/blocks-sql';
import { freeTime, holdTime } from './meeting-holds';
import { meetingsOf } from './meeting-json';
import { refuseSessions } from './meeting-sessions';
import { actedAtOf, meetingSlot, type MeetingSlot } from './meeting-times';

/** The meeting row as an answer changes it, with what the checks need; locked for the transaction. */
async function lockedMeeting(trx: Transaction<Database>, meetingId: string, me: string) {
  const row = await trx
    .selectFrom('meetings as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .innerJoin('users as r', 'r.id', 'm.requester_id')
    .innerJoin('users as i', 'i.id', 'm.invitee_id')
    .selectAll('m')
    // The joined members' ids: both exist here (a side left empty by a deleted account finds no row).
    .select(['e.date_time', 'e.end_date_time', 'r.id as requester', 'i.id as invitee', 'r.first_name as requester_name', 'i.first_name as invitee_name'])
    .select(sql<string>`coalesce(e.time_zone, 'UTC')`.as('time_zone'))
    .where('m.id', '=', meetingId)
    .where((eb) => eb.or([eb('m.requester_id', '=', me), eb('m.invitee_id', '=', me)]))
    // Between members blocked either way a meeting takes no answer: for either of them it is not
    // found (services/safety/blocks-sql.ts), as their open ones were cancelled by the block.
    .where(notBlockedBetween(sql.ref('m.requester_id'), sql.ref('m.invitee_id')))
    .forUpdate('m')
    .executeTakeFirst();
  if (!row) throw new ApiError(404, MEETING_ERRORS.notFound);
  const mine = row.requester === me;
  return {
    row,
    me: { id: me, firstName: mine ? row.requester_name : row.invitee_name },
    other: { id: mine ? row.invitee : row.requester, firstName: mine ? row.invitee_name : row.requester_name },
  };
}

type Locked = Awaited<ReturnType<typeof lockedMeeting>>;

const notAwaiting = () => new ApiError(409, MEETING_ERRORS.notAwaiting, { code: MEETING_ERROR_CODES.notAwaiting });
const expired = () => new ApiError(409, MEETING_ERRORS.expired, { code: MEETING_ERROR_CODES.expired });

/** Runs `change` on the member's meeting in one transaction, then answers the meeting as they see it. */
async function answer(
  db: Kysely<Database>,
  meetingId: string,
  me: string,
  now: Date,
  change: (trx: Transaction<Database>, locked: Locked) => Promise<void>,
): Promise<Meeting> {
  await db.transaction().execute(async (trx) => change(trx, await lockedMeeting(trx, meetingId, me)));
  return (await meetingsOf(db, me, now, { meetingId }))[0]!;
}

/**
 * Accepts the request, or the new time proposed for an accepted meeting, when the answer is this
 * member's to give: the time is held for both (meeting-holds.ts refuses a clash), and two members
 * who were not connected are now (both said yes), with their feed entries. A request accepted
 * after its start, by the time the member acted, has expired.
 */
export function acceptMeeting(db: Kysely<Database>, meetingId: string, me: string, input: MeetingAnswer, now: Date): Promise<Meeting> {
  const acted = actedAtOf(input.actedAt, now);
  return answer(db, meetingId, me, now, async (trx, { row, me: self, other }) => {
    if (row.awaiting_id !== me) throw row.state === 'requested' && row.starts_at <= acted ? expired() : notAwaiting();
    if (row.state === 'requested') {
      if (row.starts_at <= acted) throw expired();
      await holdTime(trx, row.id, self, other, { startsAt: row.starts_at, endsAt: row.ends_at }, row.time_zone);
      const [a, b] = orderedPair(me, other.id);
      await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`.execute(trx);
      await insertConnection(trx, me, other.id, row.event_id, now);
      await trx
        .updateTable('meetings')
        .set({ state: 'accepted', awaiting_id: null, sequence: sql`sequence + 1`, updated_at: acted })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    if (row.state !== 'accepted' || row.proposed_starts_at === null || row.proposed_ends_at === null || row.proposed_place === null) throw notAwaiting();
    if (row.proposed_starts_at <= acted) throw expired();
    await holdTime(trx, row.id, self, other, { startsAt: row.proposed_starts_at, endsAt: row.proposed_ends_at }, row.time_zone);
    await trx
      .updateTable('meetings')
      .set({
        starts_at: row.proposed_starts_at,
        ends_at: row.proposed_ends_at,
        place: row.proposed_place,
        ...noProposal,
        sequence: sql`sequence + 1`,
        updated_at: acted,
      })
      .where('id', '=', row.id)
      .execute();
  });
}

const noProposal = { proposed_by: null, proposed_starts_at: null, proposed_ends_at: null, proposed_place: null, awaiting_id: null };

/** Declines the request (with an optional note), or the new time proposed for an accepted meeting (the accepted time stands). */
export function declineMeeting(db: Kysely<Database>, meetingId: string, me: string, input: MeetingAnswer, now: Date): Promise<Meeting> {
  const acted = actedAtOf(input.actedAt, now);
  return answer(db, meetingId, me, now, async (trx, { row }) => {
    if (row.awaiting_id !== me || (row.state !== 'requested' && row.state !== 'accepted')) throw notAwaiting();
    const closes = row.state === 'requested';
    if (closes && row.starts_at <= acted) throw expired();
    await trx
      .updateTable('meetings')
      .set(closes ? { state: 'declined', awaiting_id: null, closed_by: me, note: input.note || null, updated_at: acted } : { ...noProposal, updated_at: acted })
      .where('id', '=', row.id)
      .execute();
  });
}

/**
 * Another time or place: for a request, it replaces what was asked and the other member answers
 * next; for an accepted meeting, the accepted time stands until the other accepts the new one.
 * Like a request, never into a time either marked 'In a session'.
 */
export function proposeMeeting(db: Kysely<Database>, meetingId: string, me: string, input: MeetingProposal, now: Date): Promise<Meeting> {
  const acted = actedAtOf(input.actedAt, now);
  return answer(db, meetingId, me, now, async (trx, { row, other }) => {
    if (row.state === 'requested' && row.starts_at <= acted) throw expired();
    if (row.state !== 'requested' && row.state !== 'accepted') throw notAwaiting();
    const slot: MeetingSlot = meetingSlot(row, input.startsAt, input.minutes, now);
    await refuseSessions(trx, me, other, slot, row.time_zone);
    const change =
      row.state === 'requested'
        ? { starts_at: slot.startsAt, ends_at: slot.endsAt, place: input.place }
        : { proposed_by: me, proposed_starts_at: slot.startsAt, proposed_ends_at: slot.endsAt, proposed_place: input.place };
    await trx
      .updateTable('meetings')
      .set({ ...change, awaiting_id: other.id, updated_at: acted })
      .where('id', '=', row.id)
      .execute();
  });
}

/** Cancels a meeting (an accepted one frees its time and its calendar entry is cancelled) or withdraws a request. */
export function cancelMeeting(db: Kysely<Database>, meetingId: string, me: string, input: MeetingAnswer, now: Date): Promise<Meeting> {
  const acted = actedAtOf(input.actedAt, now);
  return answer(db, meetingId, me, now, async (trx, { row }) => {
    if (row.state !== 'requested' && row.state !== 'accepted') throw notAwaiting();
    const wasAccepted = row.state === 'accepted';
    if (wasAccepted) await freeTime(trx, row.id);
    await trx
      .updateTable('meetings')
      .set({
        state: 'cancelled',
        ...noProposal,
        closed_by: me,
        note: input.note || null,
        sequence: wasAccepted ? sql`sequence + 1` : row.sequence,
        updated_at: acted,
      })
      .where('id', '=', row.id)
      .execute();
  });
}

/** The member's own record, after an accepted meeting's end: 'met' or 'missed'. */
export function recordMeetingOutcome(db: Kysely<Database>, meetingId: string, me: string, input: MeetingOutcomeInput, now: Date): Promise<Meeting> {
  const acted = actedAtOf(input.actedAt, now);
  return answer(db, meetingId, me, now, async (trx, { row }) => {
    if (row.state !== 'accepted' || row.ends_at > acted) throw new ApiError(409, MEETING_ERRORS.notOver, { code: MEETING_ERROR_CODES.notAwaiting });
    await trx
      .insertInto('meeting_outcomes')
      .values({ meeting_id: row.id, user_id: me, outcome: input.outcome, updated_at: acted })
      .onConflict((oc) => oc.columns(['meeting_id', 'user_id']).doUpdateSet({ outcome: input.outcome, updated_at: acted }))
      .execute();
  });
}
