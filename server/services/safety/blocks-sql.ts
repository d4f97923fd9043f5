import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { UserRef } from '../events/visibility';

/**
 * The one rule of a block (contract/safety.ts): from a block on, the two members never see each
 * other, whoever blocked whom. Every statement that selects another member for someone (a deck, a
 * profile, a feed, a connect, a meeting request, suggestions, conversations ...) asks it here, so
 * a new route with the same need reads the same rule. A member hidden this way is answered exactly
 * as one who does not exist.
 *
 * A member may be given as a value (an id) or as SQL (sql.ref('u.id')).
 */

const asSql = (user: UserRef) => (typeof user === 'string' ? sql`${user}::uuid` : user);

/**
 * SQL: the ids (column user_id) of the members `member` blocked or was blocked by. Both sides of
 * the pair are read through their own index (the primary key, and blocks_blocked_idx), as
 * connectedUserIds reads connections.
 */
export function blockedUserIds(member: UserRef): RawBuilder<{ user_id: string }> {
  const m = asSql(member);
  return sql<{ user_id: string }>`select blk.blocked_id as user_id from blocks blk where blk.blocker_id = ${m}
    union all select blk.blocker_id from blocks blk where blk.blocked_id = ${m}`;
}

/** SQL predicate: one of the two blocked the other. */
export function blockedBetween(one: UserRef, other: UserRef): RawBuilder<SqlBool> {
  const a = asSql(one);
  const b = asSql(other);
  return sql<SqlBool>`exists (select 1 from blocks blk where (blk.blocker_id = ${a} and blk.blocked_id = ${b}) or (blk.blocker_id = ${b} and blk.blocked_id = ${a}))`;
}

/** SQL predicate: `other` may reach `viewer` and the other way round (neither blocked the other). */
export function notBlockedBetween(viewer: UserRef, other: UserRef): RawBuilder<SqlBool> {
  return sql<SqlBool>`not ${blockedBetween(viewer, other)}`;
}
