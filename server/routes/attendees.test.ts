import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ERRORS } from '../../contract/errors';
import { connect, insertEvent, insertLocation, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A member with role and story (a complete profile), registered at the given events. */
async function attendee(eventIds: string[] = [], profile: { role?: string | null; story?: string | null } = {}): Promise<Member> {
  const member = await newMember(t);
  await t.db
    .updateTable('users')
    .set({ role: profile.role === undefined ? 'Engineer' : profile.role, story: profile.story === undefined ? 'I build things.' : profile.story })
    .where('id', '=', member.id)
    .execute();
  for (const eventId of eventIds) await registerAt(t.db, member.id, eventId, `Goal of ${member.id}`);
  return member;
}

describe('GET /api/events/{id}/attendees', () => {
  it('lists other complete attendees, without those swiped at this event or connected, with their goal', async () => {
    const event = await insertEvent(t.db);
    const other = await insertEvent(t.db);
    const locationId = await insertLocation(t.db, { name: 'Lund', country: 'SE' });
    const me = await attendee([event.id, other.id]);
    const fresh = await attendee([event.id]);
    await t.db.updateTable('users').set({ location_id: locationId, location: 'Lund', image_url: '/p.jpg' }).where('id', '=', fresh.id).execute();
    const passed = await attendee([event.id, other.id]);
    const connected = await attendee([event.id]);
    await attendee([event.id], { story: '  ' });
    await attendee([event.id], { role: null });
    await attendee([other.id]);
    await connect(t.db, me.id, connected.id);
    expect((await me.client.post('/api/users/interactions/negative', { toUserId: passed.id, eventId: event.id })).status).toBe(201);

    const res = await me.client.get(`/api/events/${event.id}/attendees`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      attendees: [
        {
          id: fresh.id,
          firstName: 'Ada',
          lastName: 'Lovelace',
          imageUrl: '/p.jpg',
          role: 'Engineer',
          story: 'I build things.',
          location: 'Lund',
          locationDisplay: { name: 'Lund', country: 'SE' },
          goal: `Goal of ${fresh.id}`,
        },
      ],
      nextCursor: null,
    });
    // A swipe at another event does not hide the person here, and vice versa.
    const there = await me.client.get(`/api/events/${other.id}/attendees`);
    expect(there.body.attendees.map((a: { id: string }) => a.id)).toContain(passed.id);
  });

  it('pages through the deck in a stable order with an opaque cursor', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee([event.id]);
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => attendee([event.id])));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/events/${event.id}/attendees?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await me.client.get(path);
      expect(res.status).toBe(200);
      expect(res.body.attendees.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.attendees.map((a: { id: string }) => a.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    // Page by page, the same order as one page holding them all (the order is the ranking's, which
    // words the goals happen to share can change: it is not asserted here), each card once.
    const whole = await me.client.get(`/api/events/${event.id}/attendees?limit=50`);
    expect(seen).toEqual(whole.body.attendees.map((a: { id: string }) => a.id));
    expect([...seen].sort()).toEqual(others.map((o) => o.id).sort());
  });

  it('refuses bad paging parameters with 400 naming the field', async () => {
    const event = await insertEvent(t.db);
    const me = await attendee([event.id]);
    for (const [query, field] of [
      ['limit=501', 'limit'],
      ['limit=0', 'limit'],
      ['limit=x', 'limit'],
      ['cursor=bm9wZQ', 'cursor'],
    ]) {
      const res = await me.client.get(`/api/events/${event.id}/attendees?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
  });

  it('is 403 for a member not registered at a visible event and 404 for a hidden one', async () => {
    const event = await insertEvent(t.db);
    const outsider = await attendee();
    const res = await outsider.client.get(`/api/events/${event.id}/attendees`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: EVENT_ERRORS.attendeesOnly });

    const stranger = await attendee();
    const hidden = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: stranger.id });
    const notVisible = await outsider.client.get(`/api/events/${hidden.id}/attendees`);
    expect(notVisible.status).toBe(404);
    expect(notVisible.body).toEqual({ error: EVENT_ERRORS.eventNotFound });
    expect((await outsider.client.get('/api/events/not-a-uuid/attendees')).status).toBe(404);
    expect((await t.client().get(`/api/events/${event.id}/attendees`)).status).toBe(401);
  });
});
