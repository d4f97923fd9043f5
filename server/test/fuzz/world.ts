import { randomUUID } from 'node:crypto';
import { eventWithAttendees, swipingAttendee } from '../helpers/attendee-fixtures';
import { connect, DAY, insertCategory, insertEvent, insertEventType, insertLocation, insertOrganizer, type Member } from '../helpers/events-fixtures';
import type { TestContext } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

export type IdKind = 'event' | 'user' | 'organizer' | 'consent' | 'interaction' | 'batch' | 'meeting' | 'message';

/** The rows the generated requests point at, and who sends them. */
export interface FuzzWorld {
  t: TestContext;
  member: Member;
  memberEmail: string;
  anonymous: TestClient;
  /** Ids of existing rows, by what they name; [0] is one the member may use. */
  ids: Record<IdKind, string[]>;
  /** Ids that filters take (categories, event types, locations). */
  filters: { category: string; eventType: string; location: string };
  /** The other attendee of ids.event[0], whom the member may swipe. */
  bob: Member;
  /** A time at ids.event[0] that a meeting may take. */
  meetingStartsAt: string;
}

/**
 * A member registered at an event with another attendee, whom they swiped; a PRO-only event, a
 * hidden community event of someone else, an organizer, filters and a consent of the member's.
 */
export async function buildFuzzWorld(t: TestContext): Promise<FuzzWorld> {
  const category = await insertCategory(t.db, 'Fuzz');
  const eventType = await insertEventType(t.db, 'Fuzz');
  const location = await insertLocation(t.db, { name: 'Fuzzholm', country: 'SE' });
  const organizer = await insertOrganizer(t.db, 'Fuzz Organizer');
  const { event, me, bob } = await eventWithAttendees(t, 'me', 'bob');
  await t.db.updateTable('events').set({ organizer_id: organizer, location_id: location }).where('id', '=', event.id).execute();
  await t.db.insertInto('event_categories').values({ event_id: event.id, category_id: category }).execute();
  await t.db.insertInto('event_event_types').values({ event_id: event.id, event_type_id: eventType }).execute();
  const proOnly = await insertEvent(t.db, { isProOnly: true, organizerId: organizer, categories: [category] });
  const stranger = await swipingAttendee(t);
  const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: stranger.id, start: new Date(Date.now() + 3 * DAY) });

  const swiped = await me.client.post('/api/users/interactions/negative', { toUserId: bob.id, eventId: event.id });
  const consents = await me.client.post('/api/users/consents', { consents: [{ type: 'terms' }, { type: 'privacy' }] });
  if (swiped.status !== 201 || consents.status !== 201) throw new Error(`fuzz world: ${swiped.text} ${consents.text}`);
  // Connected (as if by a meeting elsewhere), so the conversation's routes get past who may write.
  await connect(t.db, me.id, bob.id);
  const user = await t.db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow();
  const { date_time: starts } = await t.db.selectFrom('events').select('date_time').where('id', '=', event.id).executeTakeFirstOrThrow();
  const quarter = 15 * 60_000;
  const meetingStartsAt = new Date(Math.ceil(starts!.getTime() / quarter) * quarter + quarter).toISOString();
  // Bob asks the member to meet: the answers' routes act on it.
  const asked = await bob.client.post(`/api/events/${event.id}/meetings`, { inviteeId: me.id, startsAt: meetingStartsAt, minutes: 15, place: 'Table 12' });
  if (asked.status !== 201) throw new Error(`fuzz world: meeting ${asked.text}`);
  // An accepted one too, as the accept leaves it: its calendar file (meetings/:id/calendar.ics) answers 200.
  const accepted = await t.db
    .insertInto('meetings')
    .values({
      event_id: event.id,
      requester_id: me.id,
      invitee_id: bob.id,
      state: 'accepted',
      starts_at: new Date(Date.parse(meetingStartsAt) + 60 * 60_000),
      ends_at: new Date(Date.parse(meetingStartsAt) + 75 * 60_000),
      place: 'Table 5',
      sequence: 1,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  return {
    t,
    member: me,
    memberEmail: user.email,
    anonymous: t.client(),
    bob,
    ids: {
      event: [event.id, proOnly.id, hidden.id],
      user: [bob.id, me.id, stranger.id],
      organizer: [organizer],
      consent: (consents.body as Array<{ id: string }>).map((consent) => consent.id),
      interaction: [swiped.body.interaction.id as string, randomUUID()],
      // Recommendation batch numbers (ai-recommendations/pro/batch/:batch).
      batch: ['2', '1', '10'],
      meeting: [asked.body.id as string, randomUUID(), accepted.id],
      // Message ids are made on the device: any UUID names a new one.
      message: [randomUUID(), randomUUID()],
    },
    meetingStartsAt,
    filters: { category, eventType, location },
  };
}

/** What a path parameter names, from the route's pattern. */
export function idKindOf(path: string, param: string): IdKind {
  if (param === 'userId') return 'user';
  if (param === 'batch') return 'batch';
  if (path.includes('/organizers/')) return 'organizer';
  if (path.includes('/consents/')) return 'consent';
  if (path.includes('/interactions/') && param === 'id') return 'interaction';
  if (path.startsWith('/api/meetings/') && param === 'id') return 'meeting';
  if (/^\/api\/users\/:id\/(block|report)$/.test(path)) return 'user';
  if (path.startsWith('/api/conversations/') && param === 'id') return 'message';
  return 'event';
}
