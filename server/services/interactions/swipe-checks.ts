import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { eventAccess, type Viewer } from '../events/visibility';
import { blockedUserIds } from '../safety/blocks-sql';
import type { SwipeRequest } from './swipes';

/** Why a swipe is refused, in the order it is checked. */
export type SwipeRefusal = 'self' | 'event-not-found' | 'attendees-only' | 'target-not-found';

/**
 * The checks before a swipe, for one or many (docs/product.md section 4): not at oneself, at an
 * event the member may see and is registered at, at someone registered there and not blocked
 * either way. Each event's access
 * is looked up once, and who attends is one statement for all of them. Undefined: may swipe.
 */
export async function swipeRefusals(db: Kysely<Database>, viewer: Viewer, swipes: readonly SwipeRequest[]): Promise<Array<SwipeRefusal | undefined>> {
  const refusals: Array<SwipeRefusal | undefined> = swipes.map((swipe) => (swipe.toUserId === viewer.userId ? 'self' : undefined));
  const others = swipes.filter((_, index) => refusals[index] === undefined);
  if (others.length === 0) return refusals;
  const eventIds = [...new Set(others.map((swipe) => swipe.eventId))];
  const access = new Map(await Promise.all(eventIds.map(async (id) => [id, await eventAccess(db, viewer, id)] as const)));
  const rows = await db
    .selectFrom('event_attendees')
    .select(['event_id', 'user_id'])
    .where('event_id', 'in', eventIds)
    .where(
      'user_id',
      'in',
      others.map((swipe) => swipe.toUserId),
    )
    .execute();
  const attending = new Set(rows.map((row) => `${row.user_id} ${row.event_id}`));
  // A member blocked either way is not there to swipe (services/safety/blocks-sql.ts).
  const { rows: blockedRows } = await sql<{ user_id: string }>`${blockedUserIds(viewer.userId!)}`.execute(db);
  const blocked = new Set(blockedRows.map((row) => row.user_id));
  return swipes.map((swipe, index) => {
    if (refusals[index]) return refusals[index];
    const at = access.get(swipe.eventId)!;
    if (!at.visible) return 'event-not-found';
    if (!at.registered) return 'attendees-only';
    if (!attending.has(`${swipe.toUserId} ${swipe.eventId}`) || blocked.has(swipe.toUserId)) return 'target-not-found';
    return undefined;
  });
}
