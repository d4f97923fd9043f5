import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS } from '../../contract/errors';
import type { EventItem, EventListResponse } from '../../contract/events';
import type { MingleCompilation } from '../../contract/mingle-compilation';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { connect, insertEvent, newMember, type InsertedEvent, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import type { TestResponse } from '../test/helpers/test-client';

/**
 * The mingle compilation: GET api/events/{id}/mingle-compilation of a promoted event,
 * its figures from real swipes, the privacy rules (3 members per theme, nothing but counts under 5
 * attendees, no member named anywhere) and who may read it.
 */

const HOUR = 3_600_000;
let t: TestContext;

const tag = () => randomBytes(3).toString('hex');

/** Everything that would name a member: their id, names, e-mail and picture. */
const identities: string[] = [];

/** An attendee with a goal, and a name, address and picture of their own (so a leak shows). */
async function attendee(eventId: string, goal: string | null): Promise<Member> {
  const member = await swipingAttendee(t);
  const names = { first_name: `Fn${tag()}`, last_name: `Ln${tag()}` };
  await t.db.updateTable('users').set(names).where('id', '=', member.id).execute();
  const joined = await member.client.post(`/api/events/${eventId}/join`, { secret: '', goal: goal ?? '' });
  if (joined.status !== 201) throw new Error(`join ${joined.status} ${joined.text}`);
  const user = await t.db.selectFrom('users').select(['email', 'image_url']).where('id', '=', member.id).executeTakeFirstOrThrow();
  identities.push(member.id, names.first_name, names.last_name, user.email, user.image_url!);
  return member;
}

async function promote(eventId: string): Promise<void> {
  await t.db
    .insertInto('promotions')
    .values({
      slug: `week-${tag()}`,
      event_id: eventId,
      title: 'A week',
      description: 'Of events.',
      starts_at: new Date(),
      ends_at: new Date(Date.now() + 30 * 86_400_000),
    })
    .execute();
}

const swipe = async (from: Member, to: Member, eventId: string, kind: 'positive' | 'negative') => {
  const res = await from.client.post(`/api/users/interactions/${kind}`, { toUserId: to.id, eventId });
  expect(res.status, res.text).toBe(201);
};

const compilationOf = (client: Member['client'], eventId: string) => client.get(`/api/events/${eventId}/mingle-compilation`);

function expectNoIdentity(res: TestResponse) {
  const text = res.text;
  for (const identity of identities) expect(text).not.toContain(identity);
  expect(text).not.toMatch(/@/);
}

let festival: InsertedEvent;
let people: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g', Member>;
/** The UTC hour of the first round of swipes. */
let firstHour: number;

beforeAll(async () => {
  t = await createTestContext();
  festival = await insertEvent(t.db, { name: 'Compilation Festival' });
  await promote(festival.id);
  // Themes: 'investors' (a, b, c and f's 'investor': one stem), 'climate' (a, b, c), 'fintech'
  // (c, d, e; e's hyphenated 'fintech-heavy' counts by its part). 'engineers' and 'seed' have
  // fewer than 3 members; 'meet', 'find', 'talk' are filler and 'the', 'for', 'about' stop words;
  // e's e-mail address and URL are never words.
  people = {
    a: await attendee(festival.id, 'Meet investors in climate tech'),
    b: await attendee(festival.id, 'Find climate investors for our seed round'),
    c: await attendee(festival.id, 'Talk to investors about climate and FinTech'),
    d: await attendee(festival.id, 'Hiring engineers for fintech'),
    e: await attendee(festival.id, 'A fintech-heavy week: write to zed@mail.example or see https://zed.example/about'),
    f: await attendee(festival.id, 'Investor relations'),
    g: await attendee(festival.id, null),
  };
  const { a, b, c, d, e, f, g } = people;

  // Swipes at two hours of the day, two hours apart.
  const now = t.clock.now();
  t.clock.advance(HOUR - (now.getTime() % HOUR) + 5 * 60_000);
  firstHour = t.clock.now().getUTCHours();
  await swipe(a, b, festival.id, 'positive');
  await swipe(b, a, festival.id, 'positive'); // a connection at the festival
  await swipe(c, a, festival.id, 'negative');
  t.clock.advance(2 * HOUR);
  await swipe(c, d, festival.id, 'positive');
  await swipe(d, c, festival.id, 'positive'); // another
  await swipe(e, f, festival.id, 'negative');

  // Not counted: a connection of two attendees made elsewhere, and the swipes of a member who left.
  await connect(t.db, e.id, f.id, (await insertEvent(t.db)).id);
  const leaver = await attendee(festival.id, 'Climate investors fintech');
  await swipe(leaver, a, festival.id, 'positive');
  await swipe(leaver, g, festival.id, 'negative');
  expect((await leaver.client.request('DELETE', `/api/users/me/events/${festival.id}`)).status).toBe(204);
});
afterAll(() => t.close());

describe('GET /api/events/{id}/mingle-compilation', () => {
  it('answers an attendee the figures of the event', async () => {
    const res = await compilationOf(people.g.client, festival.id);
    expect(res.status, res.text).toBe(200);
    const body = res.body as MingleCompilation;
    const secondHour = (firstHour + 2) % 24;
    expect(body).toEqual({
      event: { id: festival.id, name: 'Compilation Festival', dateTime: expect.any(String), endDateTime: null },
      attendees: 7,
      swipers: 5,
      swipes: { total: 6, right: 4, left: 2 },
      connections: 2,
      connectedShare: 4 / 7,
      detailed: true,
      themes: [
        { word: 'investors', members: 4 },
        { word: 'climate', members: 3 },
        { word: 'fintech', members: 3 },
      ],
      busiestHours: [
        { hour: firstHour, swipes: 3 },
        { hour: secondHour, swipes: 3 },
      ].sort((x, y) => x.hour - y.hour),
      timeZone: 'UTC',
      computedAt: t.clock.now().toISOString(),
    });
  });

  it('names no member anywhere: no id, name, e-mail address or picture', async () => {
    const res = await compilationOf(people.a.client, festival.id);
    expect(res.status).toBe(200);
    expectNoIdentity(res);
  });

  it('shows a theme only when at least 3 members wrote it', async () => {
    const event = await insertEvent(t.db);
    await promote(event.id);
    const first = await attendee(event.id, 'Robotics and drones');
    await attendee(event.id, 'robotics hiring');
    for (let n = 0; n < 3; n += 1) await attendee(event.id, 'Sales leads');
    const twoOfThem = (await compilationOf(first.client, event.id)).body as MingleCompilation;
    expect(twoOfThem.attendees).toBe(5);
    expect(twoOfThem.themes).toEqual([
      { word: 'leads', members: 3 },
      { word: 'sales', members: 3 },
    ]);

    await attendee(event.id, 'Drones, robotics, anything that flies');
    const threeOfThem = (await compilationOf(first.client, event.id)).body as MingleCompilation;
    expect(threeOfThem.themes).toEqual([
      { word: 'leads', members: 3 },
      { word: 'robotics', members: 3 },
      { word: 'sales', members: 3 },
    ]);
  });

  it('answers only counts for fewer than 5 attendees: no themes, no hours', async () => {
    const event = await insertEvent(t.db);
    await promote(event.id);
    const [x, y, z, w] = [
      await attendee(event.id, 'Climate investors'),
      await attendee(event.id, 'Climate investors'),
      await attendee(event.id, 'Climate investors'),
      await attendee(event.id, 'Climate investors'),
    ] as [Member, Member, Member, Member];
    await swipe(x, y, event.id, 'positive');
    await swipe(y, x, event.id, 'positive');
    await swipe(z, w, event.id, 'negative');
    const res = await compilationOf(w.client, event.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      attendees: 4,
      swipers: 3,
      swipes: { total: 3, right: 2, left: 1 },
      connections: 1,
      connectedShare: 0.5,
      detailed: false,
      themes: [],
      busiestHours: [],
    });
    expectNoIdentity(res);
  });

  it('is for attendees only: 401 anonymous, 403 for another member, 404 for an event without one', async () => {
    expect((await t.client().get(`/api/events/${festival.id}/mingle-compilation`)).status).toBe(401);

    const stranger = await newMember(t);
    const refused = await compilationOf(stranger.client, festival.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: EVENT_ERRORS.compilationForAttendees });

    // An event no promotion points at, an unknown id and a malformed one: not found.
    const plain = await insertEvent(t.db);
    const plainAttendee = await attendee(plain.id, 'Climate');
    expect((await compilationOf(plainAttendee.client, plain.id)).status).toBe(404);
    expect((await compilationOf(stranger.client, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await compilationOf(stranger.client, 'not-an-id')).status).toBe(404);

    // A promoted community event the member may not see is not found either, as everywhere.
    const creator = await swipingAttendee(t);
    const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: creator.id });
    await promote(hidden.id);
    expect((await compilationOf(stranger.client, hidden.id)).status).toBe(404);
  });

  it('marks the fixed event on its own page, and nowhere in a list', async () => {
    const own = (await people.a.client.get(`/api/events/${festival.id}`)).body as EventItem;
    expect(own.eventData?.hasMingleCompilation).toBe(true);
    const plain = await insertEvent(t.db);
    const other = (await people.a.client.get(`/api/events/${plain.id}`)).body as EventItem;
    expect(other.eventData).toBeDefined();
    expect(other.eventData).not.toHaveProperty('hasMingleCompilation');

    const list = (await people.a.client.get('/api/events/my-events')).body as EventListResponse;
    expect(list.events.some((item) => item.id === festival.id)).toBe(true);
    for (const item of list.events) expect(item.eventData).not.toHaveProperty('hasMingleCompilation');
  });
});
