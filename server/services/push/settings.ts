import type { Kysely } from 'kysely';
import type { PushKind, PushSettingsInput } from '../../../contract/push';
import type { Database } from '../../db/schema';

export type StoredPushSettings = Required<PushSettingsInput>;

/** Every kind is on until the member turns it off (no row: the defaults). */
export async function readPushSettings(db: Kysely<Database>, userId: string): Promise<StoredPushSettings> {
  const row = await db
    .selectFrom('push_settings')
    .select(['new_connection', 'event_reminder', 'meetings', 'messages'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    newConnection: row?.new_connection ?? true,
    eventReminder: row?.event_reminder ?? true,
    meetings: row?.meetings ?? true,
    messages: row?.messages ?? true,
  };
}

export async function writePushSettings(db: Kysely<Database>, userId: string, settings: PushSettingsInput, now: Date): Promise<void> {
  // A switch left out (a client that does not know it) keeps what is stored.
  const values = {
    new_connection: settings.newConnection,
    event_reminder: settings.eventReminder,
    ...(settings.meetings === undefined ? {} : { meetings: settings.meetings }),
    ...(settings.messages === undefined ? {} : { messages: settings.messages }),
    updated_at: now,
  };
  await db
    .insertInto('push_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function wantsPush(db: Kysely<Database>, userId: string, kind: PushKind): Promise<boolean> {
  const settings = await readPushSettings(db, userId);
  if (kind === 'new-connection') return settings.newConnection;
  if (kind === 'message') return settings.messages;
  return kind === 'event-reminder' ? settings.eventReminder : settings.meetings;
}
