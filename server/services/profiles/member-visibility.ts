import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { areBlocked } from '../safety/blocks';
import { blockedBetween } from '../safety/blocks-sql';
import { connectedSql } from './profiles';

/**
 * Who may see member X: X, X's connections, the members registered for an event with X (who meet
 * X in the deck anyway), and whoever holds X's current share secret; never a member X blocked or
 * who blocked X (services/safety/blocks-sql.ts), whatever else they share. To anyone else X does
 * not exist: every route about a member answers them exactly as it answers an unknown id (404), so
 * ids cannot be probed. The one rule for every such route: the profile, Connect, the counts and
 * the member's events.
 */
export async function maySeeMember(db: Kysely<Database>, viewerId: string, memberId: string, secret?: string | null): Promise<boolean> {
  if (viewerId === memberId && secret === undefined) return true;
  if (secret !== undefined) {
    return secret !== null && (await shareSecretMatches(db, memberId, secret)) && (viewerId === memberId || !(await areBlocked(db, viewerId, memberId)));
  }
  const row = await db
    .selectNoFrom([
      connectedSql(viewerId, memberId).as('connected'),
      sql<boolean>`exists (select 1 from event_attendees mine join event_attendees theirs on theirs.event_id = mine.event_id
        where mine.user_id = ${viewerId} and theirs.user_id = ${memberId})`.as('met'),
      blockedBetween(viewerId, memberId).as('blocked'),
    ])
    .executeTakeFirstOrThrow();
  return !row.blocked && (Boolean(row.connected) || Boolean(row.met));
}

/** Whether `secret` is the member's current share secret (a rotated one no longer is). */
export async function shareSecretMatches(db: Kysely<Database>, memberId: string, secret: string): Promise<boolean> {
  if (secret.length === 0) return false;
  const row = await db.selectFrom('users').select('id').where('id', '=', memberId).where('share_secret', '=', secret).executeTakeFirst();
  return row !== undefined;
}
