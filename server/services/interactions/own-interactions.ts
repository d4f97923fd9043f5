import { sql, type Kysely, type Transaction } from 'kysely';
import type { Interaction } from '../../../contract/attendees';
import type { Database } from '../../db/schema';
import { orderedPair, pairLockKey } from '../connections/connection-write';

/**
 * The member's own interactions (swipes, docs/product.md section 4): read, listed and undone. They
 * are made in swipes.ts.
 */

/** SQL: whether `from` and `to` (column refs) are connected. */
const pairConnected = (from: string, to: string) =>
  sql<boolean>`exists (select 1 from connections cn
    where cn.user_a_id = least(${sql.ref(from)}, ${sql.ref(to)}) and cn.user_b_id = greatest(${sql.ref(from)}, ${sql.ref(to)}))`;

/** The member's interactions, newest first, with the target's name and picture; filtered by the caller. */
export function interactionsQuery(db: Kysely<Database> | Transaction<Database>, userId: string) {
  return db
    .selectFrom('interactions as i')
    .innerJoin('users as t', 't.id', 'i.to_user_id')
    .select([
      'i.id',
      'i.type',
      'i.event_id',
      'i.created_at',
      't.id as to_id',
      't.first_name',
      't.last_name',
      't.image_url',
      sql<boolean>`(i.type = 'POSITIVE' and ${pairConnected('i.from_user_id', 'i.to_user_id')})`.as('connected'),
    ])
    .where('i.from_user_id', '=', userId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc');
}

export type InteractionRow = Awaited<ReturnType<ReturnType<typeof interactionsQuery>['executeTakeFirstOrThrow']>>;

export function toInteraction(row: InteractionRow): Interaction {
  return {
    id: row.id,
    type: row.type,
    eventId: row.event_id,
    toUser: { id: row.to_id, firstName: row.first_name, lastName: row.last_name, imageUrl: row.image_url },
    createdAt: row.created_at.toISOString(),
    connected: Boolean(row.connected),
  };
}

export async function listInteractions(db: Kysely<Database>, userId: string, eventId: string): Promise<Interaction[]> {
  const rows = await interactionsQuery(db, userId).where('i.event_id', '=', eventId).execute();
  return rows.map(toInteraction);
}

export type DeleteOutcome = 'deleted' | 'not-found' | 'connected';

/** Undoes the member's own interaction; a positive one that made a connection stays. */
export async function deleteInteraction(db: Kysely<Database>, userId: string, interactionId: string): Promise<DeleteOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await interactionsQuery(trx, userId).where('i.id', '=', interactionId).executeTakeFirst();
    if (!row) return 'not-found';
    if (row.connected) return 'connected';
    const [a, b] = orderedPair(userId, row.to_id);
    // The same lock as a swipe (swipes.ts): a like cannot complete a connection meanwhile.
    await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`.execute(trx);
    const again = await interactionsQuery(trx, userId).where('i.id', '=', interactionId).executeTakeFirst();
    if (!again) return 'not-found';
    if (again.connected) return 'connected';
    await trx.deleteFrom('interactions').where('id', '=', interactionId).execute();
    return 'deleted';
  });
}
