import { sql, type Kysely, type Transaction } from 'kysely';
import type { Interaction, InteractionResult, InteractionType, InteractionUser } from '../../../contract/attendees';
import type { Database } from '../../db/schema';
import { insertConnections, orderedPair, pairLockKey } from '../connections/connection-write';
import { interactionsQuery, toInteraction, type InteractionRow } from './own-interactions';

/**
 * Swipes (docs/product.md sections 3 and 4), written in one place: a single swipe is a batch of one
 * (createInteraction), the outbox's batch endpoint sends many (createInteractions). One interaction
 * per (member, target, event): the same type again returns the existing one; another type is a
 * conflict (undo first). A positive one facing a positive one from the other side at the same
 * event connects the pair once: a transaction-scoped advisory lock on the pair serializes the two
 * sides, so whichever commits second sees the other's like, and the ordered pair's unique key
 * (insert ... on conflict do nothing) keeps it to one row. The work of a batch is shared: one
 * statement each for the pair locks, the inserts, the mutual likes, the new connections, their feed
 * entries, the targets and the swipes that existed already.
 */

export interface SwipeRequest {
  toUserId: string;
  eventId: string;
  type: InteractionType;
}

export type CreateOutcome = { kind: 'created'; result: InteractionResult } | { kind: 'repeated'; result: InteractionResult } | { kind: 'conflict' };

const slot = (toUserId: string, eventId: string) => `${toUserId} ${eventId}`;

/** Records one swipe (callers check access first): a batch of one. */
export async function createInteraction(
  db: Kysely<Database>,
  fromUserId: string,
  toUserId: string,
  eventId: string,
  type: InteractionType,
  now: Date,
): Promise<CreateOutcome> {
  const [outcome] = await createInteractions(db, fromUserId, [{ toUserId, eventId, type }], now);
  return outcome!;
}

/**
 * Records the swipes (callers check access first), with the outcome of each exactly as it would be
 * had they been made one after another in this order, and, before the transaction commits, hands
 * the outcomes to `beforeCommit` (the batch stores its idempotency answers with the effect they
 * describe).
 */
export async function createInteractions(
  db: Kysely<Database>,
  fromUserId: string,
  swipes: SwipeRequest[],
  now: Date,
  beforeCommit: (trx: Transaction<Database>, outcomes: CreateOutcome[]) => Promise<void> = async () => {},
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
    // The pair locks, taken in one sorted order so two batches cannot deadlock.
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
        .where(
          'from_user_id',
          'in',
          likedTargets.map(({ swipe }) => swipe.toUserId),
        )
        .where('event_id', 'in', events)
        .execute();
      for (const row of rows) mutual.add(slot(row.from_user_id, row.event_id));
    }
    // One connection per pair: the first mutual like with a target in the batch makes it.
    const connecting = new Map<string, number>();
    for (const { index, swipe } of likedTargets) {
      if (mutual.has(slot(swipe.toUserId, swipe.eventId)) && !connecting.has(swipe.toUserId)) connecting.set(swipe.toUserId, index);
    }
    const madeWith = await insertConnections(
      trx,
      fromUserId,
      [...connecting.entries()].map(([toUserId, index]) => ({ toUserId, eventId: swipes[index]!.eventId })),
      now,
    );
    const connectedBy = new Set(madeWith.map((other) => connecting.get(other)!));

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
