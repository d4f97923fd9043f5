import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, insertEvent, newMember } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** GET /api/users/connections: the member's connections, newest first, with where they met. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the connections list', () => {
  it('lists each connection once, newest first, from either side of the pair, with where and when they met', async () => {
    const me = await newMember(t);
    const others = [await newMember(t), await newMember(t), await newMember(t)];
    const event = await insertEvent(t.db, { name: 'Nordic Fintech Week, "Day 2"' });
    for (const [i, other] of others.entries()) await connect(t.db, me.id, other.id, i === 1 ? event.id : null);
    await t.db
      .updateTable('users')
      .set({ location: 'Lisbon, Portugal', role: 'CTO', phone: '+46701112233', linkedin_url: 'https://www.linkedin.com/in/ada-l' })
      .where('id', '=', others[1]!.id)
      .execute();
    // Spread the connections over three days, the second the newest.
    for (const [i, days] of [3, 1, 2].entries()) {
      await t.db
        .updateTable('connections')
        .set({ created_at: new Date(Date.now() - days * 86_400_000) })
        .where((eb) => eb.or([eb('user_a_id', '=', others[i]!.id), eb('user_b_id', '=', others[i]!.id)]))
        .execute();
    }

    const res = await me.client.get('/api/users/connections');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([others[1]!.id, others[2]!.id, others[0]!.id]);
    expect(res.body[0]).toEqual({
      id: others[1]!.id,
      firstName: others[1]!.firstName,
      lastName: 'Lovelace',
      imageUrl: null,
      role: 'CTO',
      story: null,
      location: 'Lisbon, Portugal',
      eventId: event.id,
      eventName: 'Nordic Fintech Week, "Day 2"',
      eventStartsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      connectedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      email: expect.stringContaining('@'),
      phone: '+46701112233',
      linkedinUrl: 'https://www.linkedin.com/in/ada-l',
    });
    expect(Math.round((Date.now() - Date.parse(res.body[0].connectedAt)) / 86_400_000)).toBe(1);
    expect(res.body[0].eventStartsAt).toBe(
      (await t.db.selectFrom('events').select('date_time').where('id', '=', event.id).executeTakeFirstOrThrow()).date_time?.toISOString(),
    );
    expect(res.body[1].eventId).toBeNull();
    expect(res.body[1].eventStartsAt).toBeNull();

    const lonely = await newMember(t);
    expect((await lonely.client.get('/api/users/connections')).body).toEqual([]);
  });

  it("shows a connection's profile edit at once, its text written as it was typed", async () => {
    const me = await newMember(t);
    const other = await newMember(t);
    await connect(t.db, me.id, other.id, null);
    const story = 'Builds "quiet" tools\\for Zoë & co.\nSecond line, tab\there 🚀';
    const edited = await other.client.patch('/api/users/me', { role: 'Head of <Data>', story, lastName: 'Ångström' });
    expect(edited.status).toBe(200);

    const res = await me.client.get('/api/users/connections');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([{ id: other.id, role: 'Head of <Data>', story, lastName: 'Ångström', eventId: null, eventName: null }]);
  });
});
