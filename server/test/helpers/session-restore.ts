import { SESSION_COOKIE } from '../../http/session-cookie';
import { createSession } from '../../services/sign-in/sessions';
import type { Member } from './events-fixtures';
import type { TestContext } from './test-app';

/**
 * Gives the member a new session when theirs is gone (a logout among generated requests), straight
 * in the database: signing in again through the API would soon meet the per-address code limit.
 */
export async function keepSignedIn(t: TestContext, member: Member): Promise<void> {
  if (member.client.sid) return;
  member.client.jar.set(SESSION_COOKIE, await createSession(t.db, member.id, t.clock.now()));
}
