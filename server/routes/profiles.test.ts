import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, PROFILE_ERRORS } from '../../contract/errors';
import type { ProfileConnectResponse, PublicProfile, ShareResponse } from '../../contract/profiles';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { connect, insertEvent, insertLocation, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A member with a full profile: role, story, a picked location, a phone and a professional-network link. */
async function owner(): Promise<Member> {
  const member = await newMember(t);
  const locationId = await insertLocation(t.db, { name: 'Lisbon', country: 'PT' });
  await t.db
    .updateTable('users')
    .set({
      role: 'Product lead',
      story: 'I build event software.',
      location: 'Lisbon, Portugal',
      location_id: locationId,
      phone: '+46700000000',
      linkedin_url: 'https://www.linkedin.com/in/owner',
      image_url: `/img/${member.id}.jpg`,
    })
    .where('id', '=', member.id)
    .execute();
  return member;
}

const share = async (member: Member) => {
  const res = await member.client.post('/api/users/me/share');
  expect(res.status).toBe(200);
  return res.body as ShareResponse;
};
/** The secret at the end of a share link. */
const secretOf = (link: ShareResponse) => decodeURIComponent(link.shareUrl.split('/').at(-1)!);

async function connectionsBetween(a: string, b: string) {
  const [x, y] = a < b ? [a, b] : [b, a];
  return t.db.selectFrom('connections').selectAll().where('user_a_id', '=', x).where('user_b_id', '=', y).execute();
}

/** No contact detail of the owner anywhere in an answer. */
const expectNoContactDetails = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain('+46700000000');
  expect(text).not.toContain('linkedin.com');
  expect(text).not.toMatch(/"(email|phone|linkedinUrl)"/);
};

describe('GET /api/users/{id}/public', () => {
  it('shows the profile to a member who attends an event with the owner, without contact details', async () => {
    const ada = await owner();
    const event = await insertEvent(t.db);
    await registerAt(t.db, ada.id, event.id);
    const viewer = await swipingAttendee(t, [event.id]);
    const res = await viewer.client.get(`/api/users/${ada.id}/public`);
    expect(res.status).toBe(200);
    const profile = res.body as PublicProfile;
    expect(profile).toEqual({
      id: ada.id,
      firstName: ada.firstName,
      lastName: expect.any(String),
      imageUrl: `/img/${ada.id}.jpg`,
      role: 'Product lead',
      story: 'I build event software.',
      location: 'Lisbon, Portugal',
      locationDisplay: { name: 'Lisbon', country: 'PT' },
      connectionCount: 0,
      eventCount: 1,
      connected: false,
      events: [{ id: event.id, name: expect.any(String), dateTime: expect.any(String), endDateTime: null }],
    });
    expectNoContactDetails(res.body);
  });

  it('shows it to a connection and to the owner, and to nobody else without the secret (404, as for no one)', async () => {
    const ada = await owner();
    const friend = await newMember(t);
    await connect(t.db, ada.id, friend.id);
    const stranger = await newMember(t);

    const asFriend = await friend.client.get(`/api/users/${ada.id}/public`);
    expect(asFriend.status).toBe(200);
    expect((asFriend.body as PublicProfile).connected).toBe(true);
    expect((asFriend.body as PublicProfile).connectionCount).toBe(1);
    expect((await ada.client.get(`/api/users/${ada.id}/public`)).status).toBe(200);

    const asStranger = await stranger.client.get(`/api/users/${ada.id}/public`);
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toEqual({ error: API_ERRORS.userNotFound });
    expect((await stranger.client.get(`/api/users/${randomUUID()}/public`)).status).toBe(404);
    expect((await stranger.client.get('/api/users/not-an-id/public')).status).toBe(404);
    expect((await t.client().get(`/api/users/${ada.id}/public`)).status).toBe(401);
  });
});

describe('GET /api/users/{id}/connection', () => {
  it("shows a connection's full profile with contact details and where they met, to that connection only", async () => {
    const ada = await owner();
    const event = await insertEvent(t.db, { name: 'Harbour Summit' });
    const friend = await newMember(t);
    await connect(t.db, ada.id, friend.id, event.id);
    const res = await friend.client.get(`/api/users/${ada.id}/connection`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ada.id,
      firstName: ada.firstName,
      role: 'Product lead',
      email: expect.stringContaining('@'),
      phone: '+46700000000',
      linkedinUrl: expect.stringContaining('linkedin.com/in/'),
      connected: true,
      eventId: event.id,
      eventName: 'Harbour Summit',
      connectedAt: expect.any(String),
    });
    // The other side sees theirs too; a stranger, an attendee who met her and she herself get 404.
    expect((await ada.client.get(`/api/users/${friend.id}/connection`)).status).toBe(200);
    const stranger = await newMember(t);
    for (const [who, id] of [
      [stranger, ada.id],
      [ada, ada.id],
      [friend, randomUUID()],
      [friend, 'not-an-id'],
    ] as const) {
      const refused = await who.client.get(`/api/users/${id}/connection`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: API_ERRORS.userNotFound });
    }
    expect((await t.client().get(`/api/users/${ada.id}/connection`)).status).toBe(401);
  });
});

describe('the share link', () => {
  it('stays the same until rotated, opens the profile for any member, and a rotated one stops working', async () => {
    const ada = await owner();
    const stranger = await newMember(t);
    const first = await share(ada);
    expect(first.shareUrl).toMatch(new RegExp(`^/users/${ada.id}/public/[\\w-]{22}$`));
    expect(await share(ada)).toEqual(first);

    const opened = await stranger.client.get(`/api/users/${ada.id}/public/${secretOf(first)}`);
    expect(opened.status).toBe(200);
    expect((opened.body as PublicProfile).role).toBe('Product lead');
    expectNoContactDetails(opened.body);
    expect((await stranger.client.get(`/api/users/${ada.id}/public/wrong-secret`)).status).toBe(404);
    // Another member's secret does not open this profile.
    const bea = await owner();
    expect((await stranger.client.get(`/api/users/${ada.id}/public/${secretOf(await share(bea))}`)).status).toBe(404);

    const rotated = (await ada.client.post('/api/users/me/share/rotate')).body as ShareResponse;
    expect(rotated.shareUrl).not.toBe(first.shareUrl);
    expect((await stranger.client.get(`/api/users/${ada.id}/public/${secretOf(first)}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/users/${ada.id}/connect/${secretOf(first)}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/users/${ada.id}/public/${secretOf(rotated)}`)).status).toBe(200);
    expect(await share(ada)).toEqual(rotated);
  });

  it('previews its owner signed out (name, photo, title only), and a rotated secret previews nobody', async () => {
    const ada = await owner();
    const link = await share(ada);
    const anonymous = t.client();
    const preview = await anonymous.get(`/api/users/${ada.id}/public/${secretOf(link)}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ firstName: ada.firstName, lastName: 'Lovelace', imageUrl: `/img/${ada.id}.jpg`, role: 'Product lead' });
    expect((await anonymous.get(`/api/users/${ada.id}/public/wrong-secret/preview`)).status).toBe(404);
    expect((await anonymous.get(`/api/users/not-an-id/public/${secretOf(link)}/preview`)).status).toBe(404);
    const rotated = (await ada.client.post('/api/users/me/share/rotate')).body as ShareResponse;
    expect((await anonymous.get(`/api/users/${ada.id}/public/${secretOf(link)}/preview`)).status).toBe(404);
    expect((await anonymous.get(`/api/users/${ada.id}/public/${secretOf(rotated)}/preview`)).status).toBe(200);
  });
});

describe('POST /api/users/{id}/connect/{secret}', () => {
  it('connects at once, with a feed entry for each side, and once only', async () => {
    const ada = await owner();
    const viewer = await newMember(t);
    const secret = secretOf(await share(ada));
    const first = await viewer.client.post(`/api/users/${ada.id}/connect/${secret}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual<ProfileConnectResponse>({ connected: true, newConnection: true });
    const again = await viewer.client.post(`/api/users/${ada.id}/connect/${secret}`);
    expect(again.body).toEqual<ProfileConnectResponse>({ connected: true, newConnection: false });
    expect(await connectionsBetween(ada.id, viewer.id)).toHaveLength(1);
    const feed = await t.db
      .selectFrom('feed_activities')
      .select(['owner_user_id', 'subject_user_id'])
      .where('type', '=', 'connection')
      .where((eb) => eb.or([eb('owner_user_id', '=', ada.id), eb('owner_user_id', '=', viewer.id)]))
      .execute();
    expect(feed).toHaveLength(2);
    // Now a connection: the profile opens without the secret.
    expect((await viewer.client.get(`/api/users/${ada.id}/public`)).status).toBe(200);
  });

  it('refuses connecting with oneself and a wrong secret', async () => {
    const ada = await owner();
    const secret = secretOf(await share(ada));
    const self = await ada.client.post(`/api/users/${ada.id}/connect/${secret}`);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: PROFILE_ERRORS.selfConnect });
    const viewer = await newMember(t);
    expect((await viewer.client.post(`/api/users/${ada.id}/connect/nope`)).status).toBe(404);
    expect(await connectionsBetween(ada.id, viewer.id)).toHaveLength(0);
  });
});

describe('POST /api/users/{id}/connect (no secret)', () => {
  it('records interest only; the connection comes when the other side is interested too', async () => {
    const event = await insertEvent(t.db);
    const ada = await swipingAttendee(t, [event.id]);
    const bob = await swipingAttendee(t, [event.id]);
    const first = await bob.client.post(`/api/users/${ada.id}/connect`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual<ProfileConnectResponse>({ connected: false, newConnection: false });
    expect(await connectionsBetween(ada.id, bob.id)).toHaveLength(0);
    // Bob's interest alone shows him nothing more.
    expect((await bob.client.get(`/api/users/${ada.id}/public`)).body).toMatchObject({ connected: false });

    const back = await ada.client.post(`/api/users/${bob.id}/connect`);
    expect(back.body).toEqual<ProfileConnectResponse>({ connected: true, newConnection: true });
    expect(await connectionsBetween(ada.id, bob.id)).toHaveLength(1);
    expect((await bob.client.post(`/api/users/${ada.id}/connect`)).body).toEqual<ProfileConnectResponse>({ connected: true, newConnection: false });
  });

  it("counts the other side's right swipe at an event as their interest", async () => {
    const event = await insertEvent(t.db);
    const ada = await swipingAttendee(t, [event.id]);
    const bob = await swipingAttendee(t, [event.id]);
    expect((await ada.client.post('/api/users/interactions/positive', { toUserId: bob.id, eventId: event.id })).status).toBe(201);
    const res = await bob.client.post(`/api/users/${ada.id}/connect`);
    expect(res.body).toEqual<ProfileConnectResponse>({ connected: true, newConnection: true });
  });

  it('is 404 for a member the viewer may not see, and 400 for oneself', async () => {
    const ada = await owner();
    const stranger = await newMember(t);
    expect((await stranger.client.post(`/api/users/${ada.id}/connect`)).status).toBe(404);
    expect(await t.db.selectFrom('profile_interests').selectAll().where('from_user_id', '=', stranger.id).execute()).toHaveLength(0);
    expect((await ada.client.post(`/api/users/${ada.id}/connect`)).status).toBe(400);
  });
});

describe('the public counts', () => {
  it('counts connections, and the events the viewer can see (not a community event hidden from them), for whoever may see the member', async () => {
    const ada = await owner();
    const viewer = await newMember(t);
    const friend = await newMember(t);
    await connect(t.db, ada.id, friend.id);
    const open = await insertEvent(t.db);
    await registerAt(t.db, ada.id, open.id);
    const community = await insertEvent(t.db, { sourceType: 'USER_ADDED', createdBy: friend.id });
    await registerAt(t.db, ada.id, community.id);
    // Someone who shares nothing with ada does not learn that she exists.
    for (const kind of ['connections', 'events']) {
      const res = await viewer.client.get(`/api/users/${ada.id}/${kind}/count`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: API_ERRORS.userNotFound });
    }
    await registerAt(t.db, viewer.id, open.id);

    expect((await viewer.client.get(`/api/users/${ada.id}/connections/count`)).body).toEqual({ count: 1 });
    expect((await viewer.client.get(`/api/users/${ada.id}/events/count`)).body).toEqual({ count: 1 });
    // The creator's connection sees the community event too.
    expect((await friend.client.get(`/api/users/${ada.id}/events/count`)).body).toEqual({ count: 2 });
    // The profile's 'Events' card lists the same events as the count, for each viewer.
    const link = await share(ada);
    const listed = async (member: Member) =>
      ((await member.client.get(`/api/users/${ada.id}/public/${secretOf(link)}`)).body as PublicProfile).events.map((e) => e.id).sort();
    expect(await listed(viewer)).toEqual([open.id]);
    expect(await listed(friend)).toEqual([open.id, community.id].sort());
    expect((await viewer.client.get(`/api/users/${randomUUID()}/events/count`)).status).toBe(404);
    expect((await t.client().get(`/api/users/${ada.id}/connections/count`)).status).toBe(401);
  });
});
