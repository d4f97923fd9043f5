import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  PROFILE_EVENTS_MAX,
  type ConnectionProfile,
  type ProfileConnectResponse,
  type ProfileEvent,
  type PublicProfile,
  type SharedProfilePreview,
} from '../../../contract/profiles';
import type { Database } from '../../db/schema';
import { readConnectionNote } from '../connections/notes';
import { insertConnection, orderedPair, pairLockKey } from '../connections/connection-write';
import { connectedUserIds, eventOpenTo } from '../events/visibility';

/**
 * Other members' profiles (docs/product.md sections 2, 6 and 7): who may see one, the share secret, the
 * Connect from a profile, and the public counts.
 */

/** SQL: whether the two members are connected. */
export const connectedSql = (one: string, other: string) => {
  const [a, b] = orderedPair(one, other);
  return sql<boolean>`exists (select 1 from connections cn where cn.user_a_id = ${a} and cn.user_b_id = ${b})`;
};

/** The number of the member's connections ('Network'). */
export async function connectionCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectNoFrom(sql<string>`(select count(*) from (${connectedUserIds(userId)}) c)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The number of events the member attends that the viewer can see ('Events'). */
export async function eventCount(db: Kysely<Database>, userId: string, viewerId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('event_attendees as ea')
    .innerJoin('events as e', 'e.id', 'ea.event_id')
    .select(db.fn.countAll<string>().as('n'))
    .where('ea.user_id', '=', userId)
    .where(eventOpenTo(viewerId, now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's events that `viewerId` can see in full, latest start first (a locked one is left out, as in the count). */
async function visibleEvents(db: Kysely<Database>, userId: string, viewerId: string, now: Date): Promise<ProfileEvent[]> {
  const rows = await db
    .selectFrom('event_attendees as ea')
    .innerJoin('events as e', 'e.id', 'ea.event_id')
    .select(['e.id', 'e.name', 'e.date_time', 'e.end_date_time'])
    .where('ea.user_id', '=', userId)
    .where(eventOpenTo(viewerId, now))
    // docs/product.md section 2: events without a date are left out of the card.
    .where('e.date_time', 'is not', null)
    .orderBy('e.date_time', 'desc')
    .orderBy('e.id')
    .limit(PROFILE_EVENTS_MAX)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, dateTime: row.date_time!.toISOString(), endDateTime: row.end_date_time?.toISOString() ?? null }));
}

/** The member's public profile as `viewerId` sees it, or undefined when there is no such member. */
export async function loadPublicProfile(db: Kysely<Database>, ownerId: string, viewerId: string, now: Date): Promise<PublicProfile | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('locations as l', 'l.id', 'u.location_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.image_url',
      'u.role',
      'u.story',
      'u.location',
      'l.name as location_name',
      'l.country as location_country',
    ])
    .where('u.id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [connections, events, connected, eventList] = await Promise.all([
    connectionCount(db, ownerId),
    eventCount(db, ownerId, viewerId, now),
    viewerId === ownerId
      ? false
      : db
          .selectNoFrom(connectedSql(viewerId, ownerId).as('c'))
          .executeTakeFirstOrThrow()
          .then((r) => Boolean(r.c)),
    visibleEvents(db, ownerId, viewerId, now),
  ]);
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    imageUrl: row.image_url,
    role: row.role,
    story: row.story,
    location: row.location,
    locationDisplay: row.location_name && row.location_country ? { name: row.location_name, country: row.location_country } : null,
    connectionCount: connections,
    eventCount: events,
    connected,
    events: eventList,
  };
}

/** A share secret: 128 random bits, URL-safe. */
const newShareSecret = () => randomBytes(16).toString('base64url');

/** The member's share secret, made on first use; the same until rotated. */
export async function shareSecretOf(db: Kysely<Database>, userId: string): Promise<string> {
  const existing = await db.selectFrom('users').select('share_secret').where('id', '=', userId).executeTakeFirstOrThrow();
  if (existing.share_secret) return existing.share_secret;
  // Two first shares at once: the one that wrote first wins, the other reads its secret.
  await db.updateTable('users').set({ share_secret: newShareSecret() }).where('id', '=', userId).where('share_secret', 'is', null).execute();
  const row = await db.selectFrom('users').select('share_secret').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.share_secret!;
}

/** A new share secret: every link shared before stops working. */
export async function rotateShareSecret(db: Kysely<Database>, userId: string): Promise<string> {
  const secret = newShareSecret();
  await db.updateTable('users').set({ share_secret: secret }).where('id', '=', userId).execute();
  return secret;
}

/**
 * Connects the viewer with the owner of a shared profile link at once (the owner gave the link):
 * a connection without an event, a 'connection' feed entry each; connected already is no change.
 */
export async function connectByShare(db: Kysely<Database>, viewerId: string, ownerId: string, now: Date): Promise<ProfileConnectResponse> {
  const [a, b] = orderedPair(viewerId, ownerId);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`.execute(trx);
    const made = await insertConnection(trx, viewerId, ownerId, null, now);
    return { connected: true, newConnection: made };
  });
}

/**
 * Records the viewer's interest in the owner (a profile's Connect without the owner's secret). It
 * connects the two only when the owner is interested in the viewer too: from a profile, or by a
 * right swipe at any event. A connection shows contact details, so it always takes both sides, or
 * the owner's shared link.
 */
export async function recordProfileInterest(db: Kysely<Database>, viewerId: string, ownerId: string, now: Date): Promise<ProfileConnectResponse> {
  const [a, b] = orderedPair(viewerId, ownerId);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`.execute(trx);
    await trx
      .insertInto('profile_interests')
      .values({ from_user_id: viewerId, to_user_id: ownerId, created_at: now })
      .onConflict((oc) => oc.columns(['from_user_id', 'to_user_id']).doNothing())
      .execute();
    const state = await trx
      .selectNoFrom([
        connectedSql(viewerId, ownerId).as('connected'),
        sql<boolean>`exists (select 1 from profile_interests pi where pi.from_user_id = ${ownerId} and pi.to_user_id = ${viewerId})
          or exists (select 1 from interactions i where i.from_user_id = ${ownerId} and i.to_user_id = ${viewerId} and i.type = 'POSITIVE')`.as('mutual'),
      ])
      .executeTakeFirstOrThrow();
    if (state.connected) return { connected: true, newConnection: false };
    if (!state.mutual) return { connected: false, newConnection: false };
    const made = await insertConnection(trx, viewerId, ownerId, null, now);
    return { connected: true, newConnection: made };
  });
}

/**
 * A connection's profile as the member sees it, contact details included; undefined when the two
 * are not connected (or either does not exist).
 */
export async function loadConnectionProfile(db: Kysely<Database>, ownerId: string, viewerId: string, now: Date): Promise<ConnectionProfile | undefined> {
  if (ownerId === viewerId) return undefined;
  const [a, b] = orderedPair(viewerId, ownerId);
  const connection = await db
    .selectFrom('connections as cn')
    .innerJoin('users as u', (join) => join.on('u.id', '=', ownerId))
    .leftJoin('events as e', 'e.id', 'cn.event_id')
    // Where they met, named only while the viewer may see that event in full.
    .select([
      'cn.event_id',
      sql<string | null>`case when ${eventOpenTo(viewerId, now)} then e.name end`.as('event_name'),
      sql<Date | null>`case when ${eventOpenTo(viewerId, now)} then e.date_time end`.as('event_starts_at'),
      'cn.created_at',
      'u.email',
      'u.phone',
      'u.linkedin_url',
    ])
    .where('cn.user_a_id', '=', a)
    .where('cn.user_b_id', '=', b)
    .executeTakeFirst();
  if (!connection) return undefined;
  const [profile, note] = await Promise.all([loadPublicProfile(db, ownerId, viewerId, now), readConnectionNote(db, viewerId, ownerId)]);
  if (!profile) return undefined;
  return {
    ...profile,
    email: connection.email,
    phone: connection.phone,
    linkedinUrl: connection.linkedin_url,
    eventId: connection.event_id,
    eventName: connection.event_name,
    eventStartsAt: connection.event_starts_at?.toISOString() ?? null,
    connectedAt: connection.created_at.toISOString(),
    note: note.note,
  };
}

/** The few fields a share link shows signed out, when `secret` is the member's current one. */
export async function loadSharedProfilePreview(db: Kysely<Database>, memberId: string, secret: string): Promise<SharedProfilePreview | undefined> {
  return db
    .selectFrom('users')
    .select(['first_name as firstName', 'last_name as lastName', 'image_url as imageUrl', 'role'])
    .where('id', '=', memberId)
    .where('share_secret', '=', secret)
    .executeTakeFirst();
}
