import { standingOf } from './leaks';
import type { Actor, MatrixWorld } from './world';

/**
 * The rule 'who may see member X', stated here from the data alone, so that the matrix's
 * expectations for routes about a member follow from it rather than from the server's code: X,
 * X's connections, and the members registered for an event with X, at the moment of the request
 * (rows change registrations). A holder of X's share secret is the secret rows' own case.
 */
export async function seesMember(w: MatrixWorld, actor: Actor, memberId: string): Promise<boolean> {
  const standing = await standingOf(w, actor);
  if (standing.userId === null) return false;
  if (standing.userId === memberId || standing.connectedWith.has(memberId)) return true;
  const theirs = await w.t.db.selectFrom('event_attendees').select('event_id').where('user_id', '=', memberId).execute();
  return theirs.some((row) => standing.registeredAt.has(row.event_id));
}
