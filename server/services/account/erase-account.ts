import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { closeMeetingsOfErasedMember, type ClosedMeeting } from '../meetings/meeting-closing';
import { keepReportersSideOnly } from '../safety/report-erasure';

/**
 * Erases a member (GDPR art. 17). Deleting the user row takes, through the foreign keys' cascades,
 * their sessions, consents, subscription, registrations, swipes made and received, connections,
 * profile interests, feed entries owned and about them, idempotency records, photos, their chats with
 * the assistant and their
 * calendar feed's secret (its URL stops working at once). Kept, without them: the community events
 * they created that other members attend (created by no one from then on; those nobody else attends
 * go with them), and the places they created (a place is not about them). Codes and rate-limit
 * entries keyed by their address go too, and so do the entries naming them in the deck's change log.
 * Their meetings still ahead stay for the other member, cancelled (services/meetings/meeting-closing.ts);
 * returned, for the caller to tell those members once this committed. Their messages, conversations,
 * message settings and stream events go with the user row; the messages others sent them stay in
 * those members' conversations, still named by the deleted member's id and shown as 'Deleted
 * member' (migration 0027).
 */
export async function eraseAccount(trx: Transaction<Database> | Kysely<Database>, userId: string, now: Date): Promise<ClosedMeeting[]> {
  const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) return [];
  const closed = await closeMeetingsOfErasedMember(trx, userId, now);
  await trx
    .updateTable('events')
    .set({ created_by_user_id: null })
    .where('created_by_user_id', '=', userId)
    .where(sql<boolean>`exists (select 1 from event_attendees ea where ea.event_id = events.id and ea.user_id <> ${userId})`)
    .execute();
  await trx.updateTable('locations').set({ created_by_user_id: null }).where('created_by_user_id', '=', userId).execute();
  await trx.deleteFrom('pin_codes').where('email', '=', user.email).execute();
  await trx
    .deleteFrom('rate_limit_hits')
    .where('bucket', 'in', [`pin-request:email:${user.email}`, `pin-verify-failures:email:${user.email}`])
    .execute();
  // Reports about them keep the reporter's side only; those they made and their blocks go with the row.
  await keepReportersSideOnly(trx, userId);
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  // The deck's change log names them (deleting their registrations just wrote it): without their
  // rows the log is incomplete, and each deck is read anew, which is what leaving calls for anyway.
  await trx.deleteFrom('deck_changes').where('user_id', '=', userId).execute();
  return closed;
}
