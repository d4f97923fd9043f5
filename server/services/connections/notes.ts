import type { Kysely } from 'kysely';
import type { ConnectionNote } from '../../../contract/connection-notes';
import type { Database } from '../../db/schema';
import { orderedPair } from './connection-write';

/** Whether the two members are connected. */
export async function areConnected(db: Kysely<Database>, one: string, other: string): Promise<boolean> {
  if (one === other) return false;
  const [a, b] = orderedPair(one, other);
  const row = await db.selectFrom('connections').select('id').where('user_a_id', '=', a).where('user_b_id', '=', b).executeTakeFirst();
  return row !== undefined;
}

/** The member's note on another member (null when none). */
export async function readConnectionNote(db: Kysely<Database>, userId: string, aboutUserId: string): Promise<ConnectionNote> {
  const row = await db
    .selectFrom('connection_notes')
    .select(['note', 'updated_at'])
    .where('user_id', '=', userId)
    .where('about_user_id', '=', aboutUserId)
    .executeTakeFirst();
  return { note: row?.note ?? null, updatedAt: row?.updated_at.toISOString() ?? null };
}

/** Writes the note ('' removes it); the last write wins. */
export async function writeConnectionNote(db: Kysely<Database>, userId: string, aboutUserId: string, note: string, now: Date): Promise<ConnectionNote> {
  if (note === '') {
    await db.deleteFrom('connection_notes').where('user_id', '=', userId).where('about_user_id', '=', aboutUserId).execute();
    return { note: null, updatedAt: null };
  }
  await db
    .insertInto('connection_notes')
    .values({ user_id: userId, about_user_id: aboutUserId, note, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'about_user_id']).doUpdateSet({ note, updated_at: now }))
    .execute();
  return { note, updatedAt: now.toISOString() };
}
