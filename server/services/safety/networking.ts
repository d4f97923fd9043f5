import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { NetworkingStatus } from '../../../contract/safety';
import type { Database } from '../../db/schema';
import type { UserRef } from '../events/visibility';

/**
 * 'Not networking right now' (contract/safety.ts): a paused member shows in no deck and cannot be
 * asked to meet; they stay registered at their events and keep their connections and meetings.
 */

/**
 * SQL: the ids (column user_id) of the event's attendees who are not networking right now: the
 * paused members (a partial index of few rows, migration 0029) registered at the event, which
 * need not read each of the event's thousands of registrations in that index.
 */
export function pausedAttendeeIds(eventId: string): RawBuilder<{ user_id: string }> {
  return sql<{ user_id: string }>`select p.id as user_id from users p
    where p.networking_paused and exists (select 1 from event_attendees pa where pa.event_id = ${eventId} and pa.user_id = p.id)`;
}

/** SQL predicate: the member is networking (not paused). */
export function networkingSql(member: UserRef): RawBuilder<boolean> {
  const m = typeof member === 'string' ? sql`${member}::uuid` : member;
  return sql<boolean>`not exists (select 1 from users np where np.id = ${m} and np.networking_paused)`;
}

export async function networkingStatus(db: Kysely<Database>, userId: string): Promise<NetworkingStatus> {
  const row = await db.selectFrom('users').select('networking_paused').where('id', '=', userId).executeTakeFirstOrThrow();
  return { paused: row.networking_paused };
}

export async function setNetworkingPaused(db: Kysely<Database>, userId: string, paused: boolean): Promise<NetworkingStatus> {
  await db.updateTable('users').set({ networking_paused: paused }).where('id', '=', userId).execute();
  return { paused };
}
