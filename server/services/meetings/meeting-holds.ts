import { sql, type Transaction } from 'kysely';
import { MEETING_ERROR_CODES } from '../../../contract/meetings';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { clockTime, rangeOf, type MeetingSlot } from './meeting-times';

/** PostgreSQL's code for a row an exclusion constraint refuses. */
const EXCLUSION_VIOLATION = '23P01';

interface Holder {
  id: string;
  firstName: string;
}

/**
 * The first accepted meeting of `member`'s (other than `meetingId`) that overlaps `slot`, with the
 * other person's first name: what a refusal names.
 */
async function clashOf(trx: Transaction<Database>, member: string, slot: MeetingSlot, meetingId: string) {
  return trx
    .selectFrom('meeting_holds as h')
    .innerJoin('meetings as m', 'm.id', 'h.meeting_id')
    .innerJoin('users as o', (join) => join.on(sql<boolean>`o.id = case when m.requester_id = ${member} then m.invitee_id else m.requester_id end`))
    .select(['m.starts_at', 'o.first_name'])
    .where('h.user_id', '=', member)
    .where('h.meeting_id', '<>', meetingId)
    .where(sql<boolean>`h.during && ${rangeOf(slot)}::tstzrange`)
    .orderBy('m.starts_at')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Holds `slot` for both members of an accepted meeting (replacing what it held before, for a new
 * time). The exclusion constraint on meeting_holds is what keeps a member from two overlapping
 * meetings, whatever runs at the same time; the look beforehand only finds the meeting to name.
 * `me` is the member acting: a clash of theirs names the other person and the time, a clash of the
 * other's says only that they are not free (never what they do).
 */
export async function holdTime(trx: Transaction<Database>, meetingId: string, me: Holder, other: Holder, slot: MeetingSlot, timeZone: string): Promise<void> {
  const refuse = async () => {
    const mine = await clashOf(trx, me.id, slot, meetingId);
    if (mine) {
      const at = clockTime(mine.starts_at, timeZone);
      throw new ApiError(409, `You already have a meeting at ${at} with ${mine.first_name}`, { code: MEETING_ERROR_CODES.youAreBusy });
    }
    throw new ApiError(409, `${other.firstName} is not free at ${clockTime(slot.startsAt, timeZone)}`, { code: MEETING_ERROR_CODES.otherIsBusy });
  };
  if ((await clashOf(trx, me.id, slot, meetingId)) || (await clashOf(trx, other.id, slot, meetingId))) await refuse();
  await trx.deleteFrom('meeting_holds').where('meeting_id', '=', meetingId).execute();
  try {
    // A savepoint: a refused insert must leave the transaction usable to name the clash.
    await sql`savepoint meeting_hold`.execute(trx);
    await trx
      .insertInto('meeting_holds')
      .values([me.id, other.id].map((user_id) => ({ meeting_id: meetingId, user_id, during: rangeOf(slot) })))
      .execute();
  } catch (error) {
    if ((error as { code?: string }).code !== EXCLUSION_VIOLATION) throw error;
    await sql`rollback to savepoint meeting_hold`.execute(trx);
    await refuse();
  }
}

/** Frees the time a cancelled meeting held. */
export async function freeTime(trx: Transaction<Database>, meetingId: string): Promise<void> {
  await trx.deleteFrom('meeting_holds').where('meeting_id', '=', meetingId).execute();
}
