import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { COMMUNITY_EVENT_IMAGE_URL } from '../../db/seed/media';
import { closeMeetingsOfLeaver, type ClosedMeeting } from '../meetings/meeting-closing';
import { connectedUserIds, eventVisibleTo } from './visibility';

/** Registrations, goals and community events (docs/product.md sections 2, 3 and 4). */

/** docs/product.md section 3: the fixed location text of a community event. */
export const COMMUNITY_EVENT_LOCATION = 'See event details';

/** docs/product.md section 3: the fixed description of a community event. */
export const COMMUNITY_EVENT_DESCRIPTION =
  '<p>This event was added by a community member. It is not endorsed by the host company, and the ' +
  'attendee list may be inaccurate. It is here for coordination only.</p>';

/** 128 random bits, base64url: the secret of a join link. */
export function newJoinSecret(): string {
  return randomBytes(16).toString('base64url');
}

/** Compares a join secret without leaking through timing how much of it matched. */
export function joinSecretMatches(given: string, actual: string): boolean {
  if (!given || !actual) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * 'connection-attending-event' feed entries about the member and the event, one for each of the
 * member's connections who can see the event (a community event of a stranger stays hidden).
 */
async function writeAttendingFeed(trx: Transaction<Database>, userId: string, eventId: string, now: Date): Promise<void> {
  await trx
    .insertInto('feed_activities')
    .columns(['owner_user_id', 'subject_user_id', 'type', 'event_id', 'created_at'])
    .expression(
      trx
        .selectFrom('events as e')
        .innerJoin(sql<{ user_id: string }>`(${connectedUserIds(userId)})`.as('friend'), (join) => join.onTrue())
        .where('e.id', '=', eventId)
        .where(eventVisibleTo(sql.ref('friend.user_id')))
        .select([
          'friend.user_id as owner_user_id',
          sql<string>`${userId}::uuid`.as('subject_user_id'),
          sql<'connection-attending-event'>`'connection-attending-event'`.as('type'),
          'e.id as event_id',
          sql<Date>`${now}::timestamptz`.as('created_at'),
        ]),
    )
    .execute();
}

/**
 * Registers the member; false when they were registered already (also under a concurrent join).
 * Their connections' feeds hear about it.
 */
export async function registerAttendee(db: Kysely<Database>, userId: string, eventId: string, goal: string | null, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('event_attendees')
      .values({ event_id: eventId, user_id: userId, goal, joined_at: now })
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await writeAttendingFeed(trx, userId, eventId, now);
    return true;
  });
}

/**
 * Leaves the event; when the member created that community event, the event is deleted with
 * everything that hangs off it. The member's 'is attending' feed entries about it go too, and
 * their open meetings there are cancelled ('Ada left the event'), which the caller tells the
 * other members about. Null when the member was not registered.
 */
export async function leaveEvent(db: Kysely<Database>, userId: string, eventId: string, now: Date): Promise<ClosedMeeting[] | null> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('event_attendees')
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .returning('event_id')
      .executeTakeFirst();
    if (!removed) return null;
    const closed = await closeMeetingsOfLeaver(trx, userId, eventId, now);
    const deleted = await trx
      .deleteFrom('events')
      .where('id', '=', eventId)
      .where('source_type', '=', 'USER_ADDED')
      .where('created_by_user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) {
      await trx
        .deleteFrom('feed_activities')
        .where('subject_user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('type', '=', 'connection-attending-event')
        .execute();
    }
    return closed;
  });
}

/** Sets the member's goal ('' clears it); false when the member is not registered. */
export async function updateGoal(db: Kysely<Database>, userId: string, eventId: string, goal: string | null): Promise<boolean> {
  const row = await db
    .updateTable('event_attendees')
    .set({ goal })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewCommunityEvent {
  name: string;
  dateTime: Date;
  endDateTime: Date | null;
  eventUrl: string;
  /** The creator's IANA time zone, in which meeting times there are offered ('UTC' when the app sent none). */
  timeZone: string;
}

/**
 * A community event (USER_ADDED): the member's name, dates and URL; the image, location and
 * description are the server's fixed values. The creator is registered at it, and their
 * connections (who can see it) hear about it in their feed.
 */
export async function createCommunityEvent(
  db: Kysely<Database>,
  userId: string,
  event: NewCommunityEvent,
  now: Date,
): Promise<{ id: string; joinSecret: string }> {
  const joinSecret = newJoinSecret();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('events')
      .values({
        name: event.name,
        description: COMMUNITY_EVENT_DESCRIPTION,
        image_url: COMMUNITY_EVENT_IMAGE_URL,
        date_time: event.dateTime,
        end_date_time: event.endDateTime,
        event_url: event.eventUrl,
        time_zone: event.timeZone,
        location: COMMUNITY_EVENT_LOCATION,
        source_type: 'USER_ADDED',
        is_pro_only: false,
        join_secret: joinSecret,
        created_by_user_id: userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('event_attendees').values({ event_id: row.id, user_id: userId, goal: null, joined_at: now }).execute();
    await writeAttendingFeed(trx, userId, row.id, now);
    return row.id;
  });
  return { id, joinSecret };
}
