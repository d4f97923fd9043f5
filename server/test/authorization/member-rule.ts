import { standingOf } from './leaks';
import type { Actor, MatrixWorld } from './world';

/**
 * The rule 'who may see member X', stated here from the data alone, so that the matrix's
 * expectations for routes about a member follow from it rather than from the server's code: X,
 * X's connections, and the members registered for an event with X, at the moment of the request
 * (rows change registrations), unless one of the two blocked the other. A holder of X's share secret is the secret rows' own case.
 */
export async function seesMember(w: MatrixWorld, actor: Actor, memberId: string): Promise<boolean> {
  const standing = await standingOf(w, actor);
  if (standing.userId === null) return false;
  if (standing.userId === memberId) return true;
  // A block either way hides them from each other, whatever else they share (contract/safety.ts).
  const blocked = await w.t.db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', standing.userId!), eb('blocked_id', '=', memberId)]),
        eb.and([eb('blocker_id', '=', memberId), eb('blocked_id', '=', standing.userId!)]),
      ]),
    )
    .execute();
  if (blocked.length > 0) return false;
  if (standing.connectedWith.has(memberId)) return true;
  const theirs = await w.t.db.selectFrom('event_attendees').select('event_id').where('user_id', '=', memberId).execute();
  return theirs.some((row) => standing.registeredAt.has(row.event_id));
}
