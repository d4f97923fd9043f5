import { sql, type Kysely, type Transaction } from 'kysely';
import type { Interaction, InteractionType, InteractionUser } from '../../../contract/attendees';
import type { Database } from '../../db/schema';
import { orderedPair, pairLockKey } from '../connections/connection-write';
import { interactionsQuery, toInteraction, type CreateOutcome, type InteractionRow } from './interactions';

/**
 * Many swipes of one member in one transaction (the batch endpoint), with the outcome of each
 * exactly as createInteraction would give it had they been made one after another in this order.
 * The work is shared: one statement each for the pair locks, the inserts, the mutual likes, the new
 * connections, their feed entries, the targets and the swipes that existed already.
 */

export interface SwipeRequest {
  toUserId: string;
  eventId: string;
  type: InteractionType;
}

const slot = (toUserId: string, eventId: string) => `${toUserId} ${eventId}`;

/**
 * Records the swipes (callers check access first) and, before the transaction commits, hands the
 * outcomes to `beforeCommit` (the idempotency answers are stored with the effect they describe).
 */
export async function createInteractions(
  db: Kysely<Database>,
  fromUserId: string,
  swipes: SwipeRequest[],
  now: Date,
  beforeCommit: (trx: Transaction<Database>, outcomes: CreateOutcome[]) => Promise<void>,
): Promise<CreateOutcome[]> {
  if (swipes.length === 0) {
    return db.transaction().execute(async (trx) => {
      await beforeCommit(trx, []);
      return [];
    });
  }
  // The first swipe at a (target, event) may insert; a later one in the batch meets it as existing.
  const firstAt = new Map<string, number>();
  swipes.forEach((s, index) => {
    if (!firstAt.has(slot(s.toUserId, s.eventId))) firstAt.set(slot(s.toUserId, s.eventId), index);
  });
  const targets = [...new Set(swipes.map((s) => s.toUserId))];
  const events = [...new Set(swipes.map((s) => s.eventId))];

  return db.transaction().execute(async (trx) => {
    // The pair locks of createInteraction, taken in one sorted order so two batches cannot deadlock.
    const locks = [...new Set(targets.map((t) => pairLockKey(...orderedPair(fromUserId, t))))].sort();
    await sql`select pg_advisory_xact_lock(hashtextextended(v.k, 0))
      from (values ${sql.join(locks.map((k) => sql`(${k}::text)`))}) as v(k)`.execute(trx);

    const fresh = [...firstAt.values()].map((index) => ({ index, swipe: swipes[index]! }));
    const inserted = await trx
      .insertInto('interactions')
      .values(
        // A microsecond apart: lists order by created_at, and this keeps the swipes' order there.
        fresh.map(({ swipe }, i) => ({
          from_user_id: fromUserId,
          to_user_id: swipe.toUserId,
          event_id: swipe.eventId,
          type: swipe.type,
          created_at: sql<Date>`${now}::timestamptz + ${i} * interval '1 microsecond'`,
        })),
      )
      .onConflict((oc) => oc.columns(['from_user_id', 'to_user_id', 'event_id']).doNothing())
      .returning(['id', 'to_user_id', 'event_id'])
      .execute();
    const insertedId = new Map(inserted.map((row) => [slot(row.to_user_id, row.event_id), row.id]));

    // Mutual likes: the new positive swipes that face a positive one from the other side.
    const likedTargets = fresh.filter(({ swipe }) => swipe.type === 'POSITIVE' && insertedId.has(slot(swipe.toUserId, swipe.eventId)));
    const mutual = new Set<string>();
    if (likedTargets.length > 0) {
      const rows = await trx
        .selectFrom('interactions')
        .select(['from_user_id', 'event_id'])
        .where('to_user_id', '=', fromUserId)
        .where('type', '=', 'POSITIVE')
        .where('from_user_id', 'in', likedTargets.map(({ swipe }) => swipe.toUserId))
        .where('event_id', 'in', events)
        .execute();
      for (const row of rows) mutual.add(slot(row.from_user_id, row.event_id));
    }
    // One connection per pair: the first mutual like with a target in the batch makes it.
    const connecting = new Map<string, number>();
    for (const { index, swipe } of likedTargets) {
      if (mutual.has(slot(swipe.toUserId, swipe.eventId)) && !connecting.has(swipe.toUserId)) connecting.set(swipe.toUserId, index);
    }
    const connectedBy = new Set<number>();
    if (connecting.size > 0) {
      const made = await trx
        .insertInto('connections')
        .values(
          [...connecting.entries()].map(([toUserId, index]) => {
            const [a, b] = orderedPair(fromUserId, toUserId);
            return { user_a_id: a, user_b_id: b, event_id: swipes[index]!.eventId, created_at: now };
          }),
        )
        .onConflict((oc) => oc.columns(['user_a_id', 'user_b_id']).doNothing())
        .returning(['user_a_id', 'user_b_id'])
        .execute();
      const madeWith = made.map((row) => (row.user_a_id === fromUserId ? row.user_b_id : row.user_a_id));
      for (const other of madeWith) connectedBy.add(connecting.get(other)!);
      if (madeWith.length > 0) {
        await trx
          .insertInto('feed_activities')
          .values(
            madeWith.flatMap((other) => [
              { owner_user_id: fromUserId, subject_user_id: other, type: 'connection', event_id: null, created_at: now },
              { owner_user_id: other, subject_user_id: fromUserId, type: 'connection', event_id: null, created_at: now },
            ]),
          )
          .execute();
      }
    }

    const users = new Map<string, { toUser: InteractionUser; paired: boolean }>();
    if (inserted.length > 0) {
      const rows = await trx
        .selectFrom('users as u')
        .select([
          'u.id',
          'u.first_name',
          'u.last_name',
          'u.image_url',
          sql<boolean>`exists (select 1 from connections cn
            where cn.user_a_id = least(u.id, ${fromUserId}) and cn.user_b_id = greatest(u.id, ${fromUserId}))`.as('paired'),
        ])
        .where('u.id', 'in', [...new Set(inserted.map((row) => row.to_user_id))])
        .execute();
      for (const row of rows) {
        users.set(row.id, {
          toUser: { id: row.id, firstName: row.first_name, lastName: row.last_name, imageUrl: row.image_url },
          paired: Boolean(row.paired),
        });
      }
    }

    // The swipes that met an interaction already there (before the batch or earlier in it).
    const existing = new Map<string, InteractionRow>();
    if (swipes.some((s, index) => firstAt.get(slot(s.toUserId, s.eventId)) !== index || !insertedId.has(slot(s.toUserId, s.eventId)))) {
      const rows = await interactionsQuery(trx, fromUserId).where('i.to_user_id', 'in', targets).where('i.event_id', 'in', events).execute();
      for (const row of rows) existing.set(slot(row.to_id, row.event_id), row);
    }

    const outcomes = swipes.map((swipe, index): CreateOutcome => {
      const at = slot(swipe.toUserId, swipe.eventId);
      const id = insertedId.get(at);
      if (id !== undefined && firstAt.get(at) === index) {
        const target = users.get(swipe.toUserId)!;
        const interaction: Interaction = {
          id,
          type: swipe.type,
          eventId: swipe.eventId,
          toUser: target.toUser,
          createdAt: now.toISOString(),
          connected: swipe.type === 'POSITIVE' && target.paired,
        };
        return { kind: 'created', result: { interaction, newConnection: connectedBy.has(index) ? target.toUser : null } };
      }
      const row = existing.get(at)!;
      if (row.type !== swipe.type) return { kind: 'conflict' };
      return { kind: 'repeated', result: { interaction: toInteraction(row), newConnection: null } };
    });
    await beforeCommit(trx, outcomes);
    return outcomes;
  });
}
