import { sql, type Kysely, type RawBuilder } from 'kysely';
import { FEED_EVENT_WINDOW_DAYS, type FeedActivity, type FeedPage } from '../../../contract/feed';
import { isoTimeText } from '../../db/iso-time-text';
import type { Database } from '../../db/schema';
import { isUuid } from '../../http/path-ids';
import { eventOpenTo, type UserRef } from '../events/visibility';
import { blockedUserIds } from '../safety/blocks-sql';

/**
 * Where a page ends: the last entry's time and id (ties on time are broken by id). The time is
 * PostgreSQL's own text to the microsecond: a JavaScript Date keeps milliseconds only, and a
 * rounded cursor would skip the entries written in the same millisecond.
 */
export interface FeedCursor {
  createdAt: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

export const encodeFeedCursor = (cursor: FeedCursor): string => Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');

/** Null when the text is not a cursor this server wrote. */
export function decodeFeedCursor(text: string): FeedCursor | null {
  const [createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !CURSOR_TIME.test(createdAt) || !isUuid(id)) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

/** A feed entry as its statement answers it (JSON): times are ISO text already. */
interface FeedRowJson {
  id: string;
  type: FeedActivity['type'];
  created_at: string;
  subject_user_id: string;
  first_name: string;
  last_name: string;
  image_url: string | null;
  event_id: string | null;
  event_name: string | null;
  event_date_time: string | null;
  event_end_date_time: string | null;
  cursor_time: string;
}

/**
 * SQL: one page of the member's feed (and one entry more, which says whether another page exists),
 * newest first, as a JSON array, for GET feed to read with the session in one statement
 * (http/signed-in-read.ts). docs/product.md's 7-day rule is applied here, before the limit, so that old
 * noise never reaches the client and a page is never emptied by a filter.
 */
export function feedRowsSql(db: Kysely<Database>, userId: UserRef, after: FeedCursor | null, limit: number, now: Date): RawBuilder<FeedRowJson[]> {
  let query = db
    .selectFrom('feed_activities as f')
    .innerJoin('users as u', 'u.id', 'f.subject_user_id')
    .leftJoin('events as e', 'e.id', 'f.event_id')
    .select([
      'f.id',
      'f.type',
      isoTimeText('f.created_at').as('created_at'),
      'f.subject_user_id',
      'u.first_name',
      'u.last_name',
      'u.image_url',
      'f.event_id',
      'e.name as event_name',
      isoTimeText('e.date_time').as('event_date_time'),
      isoTimeText('e.end_date_time').as('event_end_date_time'),
      sql<string>`to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_time'),
    ])
    .where('f.owner_user_id', '=', userId)
    // Nothing about a member blocked either way (services/safety/blocks-sql.ts).
    .where(sql<boolean>`f.subject_user_id not in (${blockedUserIds(userId)})`)
    // A connection at an event the member may not see in full: left out, never named.
    .where((eb) => eb.or([eb('f.type', '=', 'connection'), eb('e.id', 'is', null), eventOpenTo(userId, now)]))
    .where((eb) =>
      eb.or([
        eb('f.type', '=', 'connection'),
        eb('e.id', 'is', null),
        eb('e.date_time', 'is', null),
        eb('e.current_until', '>=', now),
        eb('e.date_time', '<=', sql<Date>`f.created_at + ${sql.lit(`${FEED_EVENT_WINDOW_DAYS} days`)}::interval`),
      ]),
    );
  if (after) {
    query = query.where(sql<boolean>`(f.created_at, f.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  const page = query
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(sql<number>`${limit}::int + 1`);
  return sql<FeedRowJson[]>`(select coalesce(json_agg(entry), '[]') from (${page}) entry)`;
}

/** The answer (FeedPage) from the rows of feedRowsSql. */
export function feedPageOf(rows: FeedRowJson[], limit: number): FeedPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    activities: page.map((row): FeedActivity => {
      const base = {
        id: row.id,
        type: row.type,
        createdAt: row.created_at,
        userId: row.subject_user_id,
        firstName: row.first_name,
        lastName: row.last_name,
        imageUrl: row.image_url,
      };
      if (row.type !== 'connection-attending-event' || !row.event_id) return base;
      return {
        ...base,
        eventId: row.event_id,
        eventName: row.event_name ?? undefined,
        eventDateTime: row.event_date_time,
        eventEndDateTime: row.event_end_date_time,
      };
    }),
    nextCursor: rows.length > limit && last ? encodeFeedCursor({ createdAt: last.cursor_time, id: last.id }) : null,
  };
}
