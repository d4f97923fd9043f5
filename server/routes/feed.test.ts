import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import type { FeedActivity, FeedPage } from '../../contract/feed';
import { connect, DAY, insertEvent, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** GET /api/feed (contract/feed.ts): what a member's network did, newest first, in cursor pages. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function feed(member: Member, query = ''): Promise<FeedPage> {
  const res = await member.client.get(`/api/feed${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Connects two members the way a visitor of a shared profile does. */
async function connectByShareLink(owner: Member, visitor: Member): Promise<void> {
  const link = (await owner.client.post('/api/users/me/share')).body.shareUrl as string;
  const res = await visitor.client.post(`/api/users/${owner.id}/connect/${link.split('/').at(-1)}`);
  expect(res.status).toBe(200);
}

const join = async (member: Member, eventId: string) => expect((await member.client.post(`/api/events/${eventId}/join`, { goal: '' })).status).toBe(201);

describe('the feed', () => {
  it("tells both sides of a new connection, with the other member's name and picture", async () => {
    const ada = await newMember(t);
    const bob = await newMember(t);
    await connectByShareLink(ada, bob);
    const adas = await feed(ada);
    expect(adas).toEqual({
      activities: [
        {
          id: expect.any(String),
          type: 'connection',
          createdAt: expect.any(String),
          userId: bob.id,
          firstName: bob.firstName,
          lastName: 'Lovelace',
          imageUrl: null,
        },
      ],
      nextCursor: null,
    });
    expect((await feed(bob)).activities.map((a) => [a.type, a.userId])).toEqual([['connection', ada.id]]);
  });

  it("tells a member's connections (only them) that the member registered for an event, and takes it back when they leave", async () => {
    const ada = await newMember(t);
    const bob = await newMember(t);
    const stranger = await newMember(t);
    await connect(t.db, ada.id, bob.id);
    const start = new Date(t.clock.now().getTime() + 3 * DAY);
    const event = await insertEvent(t.db, { name: 'Fintech Breakfast, Lisbon', start });
    await join(bob, event.id);

    const [item] = (await feed(ada)).activities;
    expect(item).toEqual({
      id: expect.any(String),
      type: 'connection-attending-event',
      createdAt: expect.any(String),
      userId: bob.id,
      firstName: bob.firstName,
      lastName: 'Lovelace',
      imageUrl: null,
      eventId: event.id,
      eventName: 'Fintech Breakfast, Lisbon',
      eventDateTime: start.toISOString(),
      eventEndDateTime: null,
    } satisfies FeedActivity);
    expect((await feed(stranger)).activities).toEqual([]);
    // A member's own registration is not news to themselves.
    expect((await feed(bob)).activities).toEqual([]);

    expect((await bob.client.request('DELETE', `/api/users/me/events/${event.id}`)).status).toBe(204);
    expect((await feed(ada)).activities).toEqual([]);
  });

  it("applies docs/product.md's 7-day rule: a past event shows only when it was within 7 days of the registration", async () => {
    const ada = await newMember(t);
    const bob = await newMember(t);
    await connect(t.db, ada.id, bob.id);
    const now = t.clock.now().getTime();
    const soon = await insertEvent(t.db, { name: 'Soon', start: new Date(now + 3 * DAY) });
    const later = await insertEvent(t.db, { name: 'Much later', start: new Date(now + 20 * DAY) });
    const undated = await insertEvent(t.db, { name: 'Undated', start: null });
    const farAway = await insertEvent(t.db, { name: 'Far away', start: new Date(now + 90 * DAY) });
    for (const event of [soon, later, undated, farAway]) await join(bob, event.id);
    const names = async () => (await feed(ada)).activities.map((a) => a.eventName);
    expect((await names()).sort()).toEqual(['Far away', 'Much later', 'Soon', 'Undated']);

    // 25 days on, 'Soon' and 'Much later' are over; 'Much later' began 20 days after the registration.
    t.clock.advance(25 * DAY);
    try {
      expect((await names()).sort()).toEqual(['Far away', 'Soon', 'Undated']);
    } finally {
      t.clock.advance(-25 * DAY);
    }
  });

  it('pages newest first with a cursor: every entry once, even entries written in the same microsecond', async () => {
    const ada = await newMember(t);
    const friends: Member[] = [];
    for (let i = 0; i < 3; i += 1) friends.push(await newMember(t));
    // 25 entries: some share a time exactly, others differ below the millisecond.
    const times = Array.from({ length: 25 }, (_, i) => `2026-11-0${1 + (i % 5)}T10:00:00.${String(123000 + (i % 3)).padStart(6, '0')}Z`);
    await t.db
      .insertInto('feed_activities')
      .values(times.map((created_at, i) => ({ owner_user_id: ada.id, subject_user_id: friends[i % 3]!.id, type: 'connection' as const, created_at })))
      .execute();
    const seen: FeedActivity[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: FeedPage = await feed(ada, `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.activities);
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(new Set(seen.map((a) => a.id)).size).toBe(25);
    const order = seen.map((a) => a.createdAt);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('refuses a cursor it did not write and a bad limit with 400, naming the field; needs a session', async () => {
    const ada = await newMember(t);
    for (const cursor of [
      'nonsense',
      Buffer.from(`2026-11-01T10:00:00.000000Z|${randomUUID()}|x`).toString('base64url'),
      Buffer.from('yesterday|abc').toString('base64url'),
    ]) {
      const res = await ada.client.get(`/api/feed?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid cursor', field: 'cursor' });
    }
    for (const limit of ['0', '101', 'ten', '-1']) {
      const res = await ada.client.get(`/api/feed?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.field).toBe('limit');
    }
    const anonymous = await t.client().get('/api/feed');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: API_ERRORS.unauthorized });
  });
});
