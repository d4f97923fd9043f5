import type { Kysely } from 'kysely';
import { countryName } from '../../../contract/countries';
import type { Database } from '../../db/schema';
import type { CalendarEvent } from './ics-files';
import { eventNotPassed } from '../events/visibility';

/** The events with what a calendar entry shows, and `userId`'s goal at each. */
function calendarQuery(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('events as e')
    .leftJoin('organizers as o', 'o.id', 'e.organizer_id')
    .leftJoin('locations as l', 'l.id', 'e.location_id')
    .leftJoin('event_attendees as ea', (join) => join.onRef('ea.event_id', '=', 'e.id').on('ea.user_id', '=', userId))
    .select([
      'e.id',
      'e.name',
      'e.date_time',
      'e.end_date_time',
      'e.location',
      'e.updated_at',
      'o.name as organizer_name',
      'l.name as location_name',
      'l.country as location_country',
      'ea.goal',
    ]);
}

type CalendarRow = Awaited<ReturnType<ReturnType<typeof calendarQuery>['execute']>>[number];

function toCalendarEvent(row: CalendarRow & { date_time: Date }): CalendarEvent {
  const place = row.location_name && row.location_country ? `${row.location_name}, ${countryName(row.location_country)}` : null;
  return {
    id: row.id,
    name: row.name,
    start: row.date_time,
    end: row.end_date_time,
    // The event's own text first, as the detail page shows it.
    location: row.location ?? place,
    organizerName: row.organizer_name,
    goal: row.goal,
    updatedAt: row.updated_at,
  };
}

const dated = <R extends { date_time: Date | null }>(row: R): row is R & { date_time: Date } => row.date_time !== null;

/**
 * One event as a calendar entry for `userId` (who may see it: the caller checked), or 'undated'
 * when it has no start yet, or null when it does not exist.
 */
export async function calendarEventFor(db: Kysely<Database>, userId: string, eventId: string): Promise<CalendarEvent | 'undated' | null> {
  const row = await calendarQuery(db, userId).where('e.id', '=', eventId).executeTakeFirst();
  if (!row) return null;
  return dated(row) ? toCalendarEvent(row) : 'undated';
}

/** The member's feed: events they are registered at that have a start and have not passed, soonest first. */
export async function upcomingCalendarEvents(db: Kysely<Database>, userId: string, now: Date): Promise<CalendarEvent[]> {
  const rows = await calendarQuery(db, userId)
    .where('ea.user_id', '=', userId)
    .where('e.date_time', 'is not', null)
    .where(eventNotPassed(now))
    .orderBy('e.date_time')
    .orderBy('e.id')
    .execute();
  return rows.filter(dated).map(toCalendarEvent);
}
