import type { Kysely } from 'kysely';
import type { MessageSettings } from '../../../contract/messages';
import type { Database } from '../../db/schema';

/** Read receipts are on until the member turns them off (no row: on). */
export async function readMessageSettings(db: Kysely<Database>, userId: string): Promise<MessageSettings> {
  const row = await db.selectFrom('message_settings').select('read_receipts').where('user_id', '=', userId).executeTakeFirst();
  return { readReceipts: row?.read_receipts ?? true };
}

/** Each member's read receipts setting. */
export async function readReceiptsOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, boolean>> {
  const rows =
    userIds.length === 0 ? [] : await db.selectFrom('message_settings').select(['user_id', 'read_receipts']).where('user_id', 'in', userIds).execute();
  const settings = new Map(userIds.map((id) => [id, true]));
  for (const row of rows) settings.set(row.user_id, row.read_receipts);
  return settings;
}

export async function writeMessageSettings(db: Kysely<Database>, userId: string, settings: MessageSettings, now: Date): Promise<MessageSettings> {
  await db
    .insertInto('message_settings')
    .values({ user_id: userId, read_receipts: settings.readReceipts, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ read_receipts: settings.readReceipts, updated_at: now }))
    .execute();
  return readMessageSettings(db, userId);
}
