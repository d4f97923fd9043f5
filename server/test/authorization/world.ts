import { randomBytes } from 'node:crypto';
import { swipingAttendee } from '../helpers/attendee-fixtures';
import {
  connect,
  DAY,
  givePro,
  insertCategory,
  insertEvent,
  insertEventType,
  insertLocation,
  insertOrganizer,
  newMember,
  registerAt,
  type EventFixture,
  type Member,
} from '../helpers/events-fixtures';
import type { TestContext } from '../helpers/test-app';
import type { TestClient } from '../helpers/test-client';

export const ACTORS = ['anonymous', 'stranger', 'free', 'pro', 'connection', 'attendee', 'creator'] as const;
export type Actor = (typeof ACTORS)[number];
export type MemberActor = Exclude<Actor, 'anonymous'>;

/**
 * The events the rows point at. E, P and C are read; the others exist for one row that changes
 * them (joining J*, leaving L*), so that no row depends on the order of the others.
 */
export const EVENT_NAMES = ['E', 'P', 'C', 'J', 'JP', 'JC', 'L', 'LC'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export interface FixtureEvent {
  id: string;
  joinSecret: string;
  /** Texts only a reader who sees the event in full may get: its name, description and URL. */
  marks: string[];
}

export interface MatrixWorld {
  t: TestContext;
  clients: Record<Actor, TestClient>;
  members: Record<MemberActor, Member>;
  /** Other attendees of E, whom the attendee swipes in the rows (one each, so each swipe is new). */
  targets: Record<'bob' | 'dave' | 'erin' | 'frank' | 'gina', Member>;
  events: Record<EventName, FixtureEvent>;
  /** A member with a complete profile at an event of their own, who shares nothing with anyone. */
  loner: Member;
  /** An attendee of E whom the attendee blocked: as hidden from the attendee as from a stranger (contract/safety.ts). */
  blockedByAttendee: Member;
  /** The attendee's swipe at gina, which the DELETE row undoes. */
  interactionToUndo: string;
  /** Meetings at E: asked by the attendee of dave (read), and asked of the attendee by the targets, one per answering row. */
  meetings: Record<'asked' | 'toAccept' | 'toDecline' | 'toPropose' | 'toCancel' | 'accepted', string>;
  /** A time at E on the quarter hour that meeting requests may take. */
  meetingStartsAt: string;
  /** A consent of the creator's, which the PUT row changes. */
  creatorConsent: string;
  /** The share secret of dave (an attendee of E) whose profile the profile rows open. */
  daveShareSecret: string;
  /** A promotional page of E, whose window covers every fixture event. */
  promotionSlug: string;
  organizer: string;
  category: string;
  eventType: string;
  location: string;
}

const tag = () => randomBytes(3).toString('hex');

async function markedEvent(t: TestContext, label: string, fixture: EventFixture): Promise<FixtureEvent> {
  const marks = [`${label} name ${tag()}`, `${label}-description-${tag()}`, `https://${label.toLowerCase()}-${tag()}.example/page`];
  const event = await insertEvent(t.db, { ...fixture, name: marks[0], description: `<p>${marks[1]}</p>` });
  await t.db.updateTable('events').set({ event_url: marks[2]! }).where('id', '=', event.id).execute();
  return { ...event, marks };
}

/**
 * Actors: a stranger (no relation to anything), a free member (a PRO subscription that has ended),
 * a PRO member, the creator of community events, a connection of the creator, and an attendee
 * of E and of the PRO-only P (invited). Every member has a phone number, so a leak of contact
 * data shows.
 */
export async function buildMatrixWorld(t: TestContext): Promise<MatrixWorld> {
  const organizer = await insertOrganizer(t.db, `Matrix Organizer ${tag()}`);
  const category = await insertCategory(t.db, 'Matrix');
  const eventType = await insertEventType(t.db, 'Matrix');
  const location = await insertLocation(t.db, { name: `Matrixholm ${tag()}`, country: 'SE' });

  const members: Record<MemberActor, Member> = {
    stranger: await newMember(t),
    free: await newMember(t),
    pro: await newMember(t),
    connection: await swipingAttendee(t),
    attendee: await swipingAttendee(t),
    creator: await swipingAttendee(t),
  };
  await givePro(t.db, members.pro.id);
  await givePro(t.db, members.free.id);
  await t.db
    .updateTable('subscriptions')
    .set({ ends_at: new Date(Date.now() - DAY) })
    .where('user_id', '=', members.free.id)
    .execute();
  await connect(t.db, members.creator.id, members.connection.id);
  // Every member has turned AI recommendations on, so those answers hold events to check.
  await t.db
    .insertInto('consents')
    .values(Object.values(members).map((m) => ({ user_id: m.id, type: 'ai_recommendations', ai_enabled: true, created_at: new Date() })))
    .execute();

  const soon = (days: number) => new Date(Date.now() + days * DAY);
  const shared = { organizerId: organizer, categories: [category], eventTypes: [eventType], locationId: location };
  const community = { sourceType: 'USER_ADDED' as const, createdBy: members.creator.id };
  const events: Record<EventName, FixtureEvent> = {
    E: await markedEvent(t, 'E', { ...shared, start: soon(4) }),
    P: await markedEvent(t, 'P', { ...shared, isProOnly: true, start: soon(5) }),
    C: await markedEvent(t, 'C', { ...shared, ...community, start: soon(6) }),
    J: await markedEvent(t, 'J', { start: soon(7) }),
    JP: await markedEvent(t, 'JP', { isProOnly: true, start: soon(8) }),
    JC: await markedEvent(t, 'JC', { ...community, start: soon(9) }),
    L: await markedEvent(t, 'L', { start: soon(10) }),
    LC: await markedEvent(t, 'LC', { ...community, start: soon(11) }),
  };
  const { attendee, creator } = members;
  for (const name of ['E', 'P', 'J', 'JP', 'JC', 'L'] as const) await registerAt(t.db, attendee.id, events[name].id);
  for (const name of ['C', 'JC', 'LC'] as const) await registerAt(t.db, creator.id, events[name].id);

  // The free member met the attendee at P, which is PRO-only and locked to them, and their feed
  // says the attendee goes there: answers about the attendee (the feed, the profile, the
  // connection's page, its vCard and exports) must never name P to them.
  await connect(t.db, members.free.id, attendee.id, events.P.id);
  await t.db
    .insertInto('feed_activities')
    .values({ owner_user_id: members.free.id, subject_user_id: attendee.id, type: 'connection-attending-event', event_id: events.P.id, created_at: new Date() })
    .execute();

  const targets = {
    bob: await swipingAttendee(t, [events.E.id]),
    dave: await swipingAttendee(t, [events.E.id]),
    erin: await swipingAttendee(t, [events.E.id]),
    frank: await swipingAttendee(t, [events.E.id]),
    gina: await swipingAttendee(t, [events.E.id]),
  };
  const loner = await swipingAttendee(t, [(await insertEvent(t.db, { start: soon(12) })).id]);
  const daveShareSecret = `matrix-${tag()}`;
  await t.db.updateTable('users').set({ share_secret: daveShareSecret }).where('id', '=', targets.dave.id).execute();
  const promotionSlug = `matrix-week-${tag()}`;
  await t.db
    .insertInto('promotions')
    .values({
      slug: promotionSlug,
      event_id: events.E.id,
      title: 'Matrix week',
      description: 'A week of fixtures.',
      starts_at: new Date(Date.now() - 365 * 86_400_000),
      ends_at: new Date(Date.now() + 365 * 86_400_000),
    })
    .execute();
  const blockedByAttendee = await swipingAttendee(t, [events.E.id]);
  const blocked = await attendee.client.request('PUT', `/api/users/${blockedByAttendee.id}/block`);
  if (blocked.status !== 204) throw new Error(`matrix world: block ${blocked.status} ${blocked.text}`);
  const everyone = [...Object.values(members), ...Object.values(targets), loner, blockedByAttendee];
  for (const [index, member] of everyone.entries()) {
    await t.db
      .updateTable('users')
      .set({ phone: `+4670555${String(index).padStart(4, '0')}` })
      .where('id', '=', member.id)
      .execute();
  }

  // Interactions to and from the attendee: only their own may ever be shown to them.
  const swipe = async (from: Member, to: Member, kind: 'positive' | 'negative') => {
    const res = await from.client.post(`/api/users/interactions/${kind}`, { toUserId: to.id, eventId: events.E.id });
    if (res.status !== 201) throw new Error(`matrix world: swipe ${res.status} ${res.text}`);
    return res.body.interaction.id as string;
  };
  await swipe(attendee, targets.bob, 'negative');
  await swipe(targets.bob, attendee, 'positive');
  const interactionToUndo = await swipe(attendee, targets.gina, 'negative');
  const { date_time: eStarts } = await t.db.selectFrom('events').select('date_time').where('id', '=', events.E.id).executeTakeFirstOrThrow();
  const quarter = 15 * 60_000;
  const meetingStartsAt = new Date(Math.ceil(eStarts!.getTime() / quarter) * quarter + quarter).toISOString();
  const ask = async (from: Member, to: Member) => {
    const res = await from.client.post(`/api/events/${events.E.id}/meetings`, { inviteeId: to.id, startsAt: meetingStartsAt, minutes: 15, place: 'Table 12' });
    if (res.status !== 201) throw new Error(`matrix world: meeting ${res.status} ${res.text}`);
    return res.body.id as string;
  };
  const meetings = {
    asked: await ask(attendee, targets.dave),
    // From the free member, a connection already: accepting connects nobody new, so the rows that
    // list the attendee's connections stay true whatever order they run in.
    toAccept: (
      await t.db
        .insertInto('meetings')
        .values({
          event_id: events.E.id,
          requester_id: members.free.id,
          invitee_id: attendee.id,
          state: 'requested',
          starts_at: meetingStartsAt,
          ends_at: new Date(Date.parse(meetingStartsAt) + 15 * 60_000),
          place: 'Table 3',
          awaiting_id: attendee.id,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    toDecline: await ask(targets.erin, attendee),
    toPropose: await ask(targets.frank, attendee),
    toCancel: await ask(targets.gina, attendee),
    // Accepted by dave (written as the accept leaves it): its calendar file is the attendee's and dave's.
    accepted: (
      await t.db
        .insertInto('meetings')
        .values({
          event_id: events.E.id,
          requester_id: attendee.id,
          invitee_id: targets.dave.id,
          state: 'accepted',
          starts_at: new Date(Date.parse(meetingStartsAt) + 60 * 60_000),
          ends_at: new Date(Date.parse(meetingStartsAt) + 75 * 60_000),
          place: 'Table 5',
          sequence: 1,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  };
  const consents = await creator.client.post('/api/users/consents', { consents: [{ type: 'terms' }] });
  if (consents.status !== 201) throw new Error(`matrix world: consents ${consents.status} ${consents.text}`);

  return {
    t,
    clients: { anonymous: t.client(), ...Object.fromEntries(Object.entries(members).map(([name, m]) => [name, m.client])) } as Record<Actor, TestClient>,
    members,
    targets,
    loner,
    blockedByAttendee,
    events,
    interactionToUndo,
    meetings,
    meetingStartsAt,
    creatorConsent: consents.body[0].id,
    daveShareSecret,
    promotionSlug,
    organizer,
    category,
    eventType,
    location,
  };
}
