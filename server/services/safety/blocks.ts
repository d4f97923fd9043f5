import { sql, type Kysely } from 'kysely';
import type { BlockedMember } from '../../../contract/safety';
import type { Database } from '../../db/schema';
import { orderedPair, pairLockKey } from '../connections/connection-write';
import { closeMeetingsOfBlock, type ClosedMeeting } from '../meetings/meeting-closing';
import { blockedBetween } from './blocks-sql';
import { removeConnection } from './connection-removal';

/**
 * Blocking and unblocking (contract/safety.ts). What a block hides is one rule, blocks-sql.ts;
 * what it ends is written here, in one transaction under the pair's advisory lock (the lock of
 * their swipes and Connects, so none of those lands half before and half after): the block, the
 * connection and what hangs off it (connection-removal.ts), and the open meetings between them
 * (meeting-closing.ts), which the caller tells the blocked member about as cancelled.
 */

/** Whether a member with this id exists. */
export async function memberExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Whether one of the two blocked the other (the rule of blocks-sql.ts, asked alone). */
export async function areBlocked(db: Kysely<Database>, one: string, other: string): Promise<boolean> {
  const row = await db.selectNoFrom(blockedBetween(one, other).as('blocked')).executeTakeFirstOrThrow();
  return Boolean(row.blocked);
}

/**
 * `blockerId` blocks `blockedId`. A block already there is no change, but whatever it ended is
 * ended again (nothing, unless something slipped in).
 */
export async function blockMember(db: Kysely<Database>, blockerId: string, blockedId: string, now: Date): Promise<BlockOutcome> {
  const [a, b] = orderedPair(blockerId, blockedId);
  return db.transaction().execute(async (trx) => {
    // Their open meetings first, then the pair's lock: the order an accept takes them in (its
    // meeting, then the pair it connects), so a block and an accept never wait on each other.
    await trx
      .selectFrom('meetings')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('requester_id', '=', blockerId), eb('invitee_id', '=', blockedId)]),
          eb.and([eb('requester_id', '=', blockedId), eb('invitee_id', '=', blockerId)]),
        ]),
      )
      .where('state', 'in', ['requested', 'accepted'])
      // In one order: two blocks of the same pair at once lock them alike.
      .orderBy('id')
      .forUpdate()
      .execute();
    await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`.execute(trx);
    await trx
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    const wereConnected = await removeConnection(trx, blockerId, blockedId);
    return { closedMeetings: await closeMeetingsOfBlock(trx, blockerId, blockedId, now), wereConnected };
  });
}

export interface BlockOutcome {
  /** The open meetings between them that the block cancelled. */
  closedMeetings: ClosedMeeting[];
  /** Whether it ended their connection (and so the conversation the blocked member could see). */
  wereConnected: boolean;
}

/**
 * Lifts the member's own block (a block the other made stays). Nothing it ended comes back: the
 * two are strangers again, who may meet in a deck and connect anew.
 */
export async function unblockMember(db: Kysely<Database>, blockerId: string, blockedId: string): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** The members the member blocked, latest first (those who blocked the member are never listed). */
export async function blockedMembers(db: Kysely<Database>, blockerId: string): Promise<BlockedMember[]> {
  const rows = await db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.image_url', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    imageUrl: row.image_url,
    blockedAt: row.created_at.toISOString(),
  }));
}
