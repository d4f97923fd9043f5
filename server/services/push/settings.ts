import type { Kysely } from 'kysely';
import type { PushKind, PushSettingsInput } from '../../../contract/push';
import type { Database } from '../../db/schema';

/** Both kinds are on until the member turns one off (no row: the defaults). */
export async function readPushSettings(db: Kysely<Database>, userId: string): Promise<PushSettingsInput> {
  const row = await db.selectFrom('push_settings').select(['new_connection', 'event_reminder']).where('user_id', '=', userId).executeTakeFirst();
  return { newConnection: row?.new_connection ?? true, eventReminder: row?.event_reminder ?? true };
}

export async function writePushSettings(db: Kysely<Database>, userId: string, settings: PushSettingsInput, now: Date): Promise<void> {
  const values = { new_connection: settings.newConnection, event_reminder: settings.eventReminder, updated_at: now };
  await db
    .insertInto('push_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function wantsPush(db: Kysely<Database>, userId: string, kind: PushKind): Promise<boolean> {
  const settings = await readPushSettings(db, userId);
  return kind === 'new-connection' ? settings.newConnection : settings.eventReminder;
}
