import { sql, type Kysely } from 'kysely';
import { EVENT_ERRORS } from '../../../contract/errors';
import { knownTimeZone, type Span } from '../../../contract/meeting-slots';
import type { MeetingAvailability, TimeSpan } from '../../../contract/meetings';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/path-ids';
import { eventOpenTo } from '../events/visibility';
import { completeProfileSql } from '../profiles/complete-profile-sql';
import { notBlockedBetween } from '../safety/blocks-sql';
import { mergedSpans } from './meeting-sessions';
import { rangeOf, windowsOf } from './meeting-times';

const asTimeSpan = (span: Span): TimeSpan => ({ startsAt: new Date(span.start).toISOString(), endsAt: new Date(span.end).toISOString() });

interface BusyRow {
  kind: 'meeting' | 'session' | 'theirs';
  starts_at: Date;
  ends_at: Date;
  meeting_id: string | null;
  with_name: string | null;
}

/**
 * What the time picker shows at one event (contract/meetings.ts, MeetingAvailability), in two
 * queries: the event (404 when the member may not see it) with whether `withId` may be asked
 * there, then the member's accepted meetings and sessions at the event and that member's busy
 * times within the event's span. Theirs only when both are registered there and they have a
 * complete profile, are networking and neither blocked the other (whom a request may name); merged, so nothing tells a meeting from a session.
 * That member's name and photo too, for the request form (a third query, only then).
 */
export async function availabilityOf(db: Kysely<Database>, me: string, eventId: string, now: Date, withId: string | null): Promise<MeetingAvailability> {
  const other = withId !== null && isUuid(withId) && withId.toLowerCase() !== me ? withId.toLowerCase() : null;
  const event = await db
    .selectFrom('events as e')
    .select(['e.date_time', 'e.end_date_time', 'e.time_zone'])
    .select(
      (other === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from event_attendees ea where ea.event_id = e.id and ea.user_id = ${me})
            and exists (select 1 from users u join event_attendees ta on ta.user_id = u.id
              where u.id = ${other} and ta.event_id = e.id and ${completeProfileSql} and not u.networking_paused
              and ${notBlockedBetween(me, sql.ref('u.id'))})`
      ).as('askable'),
    )
    .where('e.id', '=', eventId)
    .where(eventOpenTo(me, now))
    .executeTakeFirst();
  if (!event) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
  const windows = windowsOf(event);
  const span = windows.length === 0 ? null : rangeOf({ startsAt: new Date(windows[0]!.start), endsAt: new Date(windows.at(-1)!.end) });
  const theirs =
    event.askable && span !== null
      ? sql`union all select 'theirs', lower(h.during), upper(h.during), null, null from meeting_holds h
            where h.user_id = ${other} and h.during && ${span}::tstzrange
          union all select 'theirs', lower(s.during), upper(s.during), null, null from meeting_sessions s
            where s.user_id = ${other} and s.during && ${span}::tstzrange`
      : sql``;
  const { rows } = await sql<BusyRow>`
    select 'meeting' as kind, m.starts_at, m.ends_at, m.id as meeting_id, o.first_name as with_name
      from meetings m join users o on o.id = case when m.requester_id = ${me} then m.invitee_id else m.requester_id end
      where m.event_id = ${eventId} and m.state = 'accepted' and (m.requester_id = ${me} or m.invitee_id = ${me})
    union all select 'session', lower(s.during), upper(s.during), null, null from meeting_sessions s
      where s.user_id = ${me} and s.event_id = ${eventId}
    ${theirs}
    order by 2, 3`.execute(db);
  const person =
    event.askable && other !== null
      ? await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'image_url']).where('id', '=', other).executeTakeFirst()
      : undefined;
  const spanOf = (row: BusyRow): Span => ({ start: new Date(row.starts_at).getTime(), end: new Date(row.ends_at).getTime() });
  const opens = windows[0]?.start ?? 0;
  const closes = windows.at(-1)?.end ?? 0;
  const theirBusy = mergedSpans(rows.filter((row) => row.kind === 'theirs').map(spanOf))
    .map((busy) => ({ start: Math.max(busy.start, opens), end: Math.min(busy.end, closes) }))
    .filter((busy) => busy.end > busy.start);
  return {
    eventId,
    timeZone: knownTimeZone(event.time_zone),
    windows: windows.map(asTimeSpan),
    myMeetings: rows
      .filter((row) => row.kind === 'meeting')
      .map((row) => ({ ...asTimeSpan(spanOf(row)), meetingId: row.meeting_id!, withName: row.with_name! })),
    mySessions: rows.filter((row) => row.kind === 'session').map((row) => asTimeSpan(spanOf(row))),
    theirBusy: theirBusy.map(asTimeSpan),
    with: person ? { id: person.id, firstName: person.first_name, lastName: person.last_name, imageUrl: person.image_url } : null,
  };
}
