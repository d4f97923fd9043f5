import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { ACCESS_COLUMNS, hasProAccess, proAccessSql } from '../billing/access';

/**
 * Who may see which event: the one place every events endpoint asks.
 *
 * - Visible: an event is visible to member U when it is not a community event (USER_ADDED), or U
 *   created it, or its creator is connected with U, or U is registered at it. Anonymous readers
 *   see only events that are not USER_ADDED. What is not visible is answered exactly like what
 *   does not exist (404), so ids of hidden events cannot be probed.
 * - Locked: a visible PRO-only event is locked to a member without PRO access who is not
 *   registered at it; such a member gets previewData and never eventData (event-mapper.ts).
 * - Current vs past: past once coalesce(end, start) + 6 hours lies behind the request's clock
 *   (contract/event-currency.ts); events.current_until holds that moment (migration 0003).
 *
 * The SQL predicates below refer to the events table by an alias ('e' unless told otherwise).
 */

export interface Viewer {
  /** null for an anonymous reader. */
  userId: string | null;
  hasProAccess: boolean;
}

export const ANONYMOUS: Viewer = { userId: null, hasProAccess: false };

/** The reader of an answer: their id and whether their subscription gives PRO access now. */
export async function loadViewer(db: Kysely<Database>, userId: string | null, now: Date): Promise<Viewer> {
  if (!userId) return ANONYMOUS;
  const subscription = await db.selectFrom('subscriptions').select(ACCESS_COLUMNS).where('user_id', '=', userId).executeTakeFirst();
  return { userId, hasProAccess: hasProAccess(subscription, now) };
}

/** A user id as SQL: a string is bound as a value, an expression (sql.ref('c.id')) is used as is. */
export type UserRef = string | Expression<string>;

const asSql = (user: UserRef) => (typeof user === 'string' ? sql`${user}` : user);

/**
 * SQL: the ids (column user_id) of the users connected with `user`. A connection row stores the
 * pair once, smaller id first, so both columns are looked at.
 */
export function connectedUserIds(user: UserRef): RawBuilder<unknown> {
  const u = asSql(user);
  return sql`select cn.user_b_id as user_id from connections cn where cn.user_a_id = ${u}
    union all select cn.user_a_id from connections cn where cn.user_b_id = ${u}`;
}

/** SQL predicate: the event `alias` is visible to `viewer` (null: anonymous). */
export function eventVisibleTo(viewer: UserRef | null, alias = 'e'): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const open = sql<SqlBool>`${col('source_type')} <> 'USER_ADDED'`;
  if (viewer === null) return open;
  const u = asSql(viewer);
  // IN (subquery) rather than EXISTS: PostgreSQL evaluates each subquery once into a hash table.
  return sql<SqlBool>`(${open}
    or ${col('created_by_user_id')} = ${u}
    or ${col('created_by_user_id')} in (${connectedUserIds(viewer)})
    or ${col('id')} in (select va.event_id from event_attendees va where va.user_id = ${u}))`;
}

/**
 * SQL predicate: the viewer sees the event in full: visible to them and not locked (not PRO-only,
 * or they have PRO at `now`, or they are registered at it). Every answer that names events outside
 * the events endpoints (the feed, profiles, a connection's 'met at', contact exports) names only
 * these; a locked event is left out there, never named (its preview is for the events screens).
 */
export function eventOpenTo(viewer: UserRef, now: Date, alias = 'e'): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const u = asSql(viewer);
  return sql<SqlBool>`(${eventVisibleTo(viewer, alias)} and (not ${col('is_pro_only')}
    or ${col('id')} in (select oa.event_id from event_attendees oa where oa.user_id = ${u})
    or ${proAccessSql(u, now)}))`;
}

/** SQL predicate: the event has not passed at `now` (current_until is 'infinity' without dates). */
export function eventNotPassed(now: Date, alias = 'e'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.current_until`)} >= ${now}`;
}

/** Whether a visible event is locked to the viewer (previewData instead of eventData). */
export function isLockedFor(viewer: Viewer, event: { isProOnly: boolean; registered: boolean }): boolean {
  return event.isProOnly && !viewer.hasProAccess && !event.registered;
}

export interface EventAccess {
  exists: boolean;
  visible: boolean;
  registered: boolean;
  isProOnly: boolean;
  locked: boolean;
  sourceType: Database['events']['source_type'];
  createdByUserId: string | null;
  joinSecret: string;
}

/**
 * What the viewer may do with one event, in one query. `exists: false` for an unknown id; callers
 * answer 404 for `!visible` the same way, so existence never leaks.
 */
export async function eventAccess(db: Kysely<Database>, viewer: Viewer, eventId: string): Promise<EventAccess> {
  const row = await db
    .selectFrom('events as e')
    .select([
      'e.is_pro_only',
      'e.source_type',
      'e.created_by_user_id',
      'e.join_secret',
      eventVisibleTo(viewer.userId).as('visible'),
      (viewer.userId
        ? sql<boolean>`exists (select 1 from event_attendees ra where ra.event_id = e.id and ra.user_id = ${viewer.userId})`
        : sql<boolean>`false`
      ).as('registered'),
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!row) {
    return {
      exists: false,
      visible: false,
      registered: false,
      isProOnly: false,
      locked: false,
      sourceType: 'PARTNER',
      createdByUserId: null,
      joinSecret: '',
    };
  }
  const registered = Boolean(row.registered);
  return {
    exists: true,
    visible: Boolean(row.visible),
    registered,
    isProOnly: row.is_pro_only,
    locked: isLockedFor(viewer, { isProOnly: row.is_pro_only, registered }),
    sourceType: row.source_type,
    createdByUserId: row.created_by_user_id,
    joinSecret: row.join_secret,
  };
}
