import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { SAFETY_ERRORS, type BlockedMember } from '../../contract/safety';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { connect, insertEvent, newMember, type Member } from '../test/helpers/events-fixtures';
import { askMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** Block, unblock and the member's blocked list (contract/safety.ts): every answer and refusal, as a client sees them. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const block = (from: Member, id: string, key = randomUUID()) => from.client.request('PUT', `/api/users/${id}/block`, { headers: { 'Idempotency-Key': key } });
const unblock = (from: Member, id: string) => from.client.request('DELETE', `/api/users/${id}/block`, { headers: { 'Idempotency-Key': randomUUID() } });
const blockedList = async (member: Member) => {
  const res = await member.client.get('/api/users/me/blocked');
  expect(res.status, res.text).toBe(200);
  return res.body as BlockedMember[];
};

describe('PUT users/{id}/block', () => {
  it('blocks a member (204, no body), again 204, and lists them for the blocker only', async () => {
    const [ada, bob] = [await swipingAttendee(t), await swipingAttendee(t)];
    const first = await block(ada, bob.id);
    expect(first.status, first.text).toBe(204);
    expect(first.text).toBe('');
    expect((await block(ada, bob.id)).status).toBe(204);
    const list = await blockedList(ada);
    expect(list).toEqual([{ id: bob.id, firstName: bob.firstName, lastName: 'Lovelace', imageUrl: `/img/${bob.id}.jpg`, blockedAt: expect.any(String) }]);
    expect(Date.parse(list[0]!.blockedAt)).toBe(t.clock.now().getTime());
    // Who blocked them is never listed to the blocked member.
    expect(await blockedList(bob)).toEqual([]);
  });

  it('lists the latest block first', async () => {
    const [ada, bob, cy] = [await newMember(t), await newMember(t), await newMember(t)];
    expect((await block(ada, bob.id)).status).toBe(204);
    t.clock.advance(60_000);
    expect((await block(ada, cy.id)).status).toBe(204);
    expect((await blockedList(ada)).map((member) => member.id)).toEqual([cy.id, bob.id]);
  });

  it('refuses blocking oneself (400) and an unknown or malformed id (404), and asks for a session (401)', async () => {
    const ada = await newMember(t);
    const self = await block(ada, ada.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: SAFETY_ERRORS.blockSelf });
    for (const id of [randomUUID(), 'not-a-uuid', 'me']) {
      const res = await block(ada, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: SAFETY_ERRORS.notFound });
    }
    expect(await blockedList(ada)).toEqual([]);
    const anonymous = await t.client().request('PUT', `/api/users/${ada.id}/block`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: API_ERRORS.unauthorized });
  });

  it('replays an answer under the same Idempotency-Key, and refuses the key with another path', async () => {
    const [ada, bob, cy] = [await newMember(t), await newMember(t), await newMember(t)];
    const key = randomUUID();
    expect((await block(ada, bob.id, key)).status).toBe(204);
    const again = await block(ada, bob.id, key);
    expect(again.status).toBe(204);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await block(ada, cy.id, key)).status).toBe(422);
  });

  it('ends the connection, which unblocking does not bring back', async () => {
    const event = await insertEvent(t.db);
    const [ada, bob] = [await swipingAttendee(t, [event.id]), await swipingAttendee(t, [event.id])];
    await connect(t.db, ada.id, bob.id, event.id);
    expect((await block(bob, ada.id)).status).toBe(204);
    for (const member of [ada, bob]) expect((await member.client.get('/api/users/connections')).body).toEqual([]);
    expect((await unblock(bob, ada.id)).status).toBe(204);
    for (const member of [ada, bob]) expect((await member.client.get('/api/users/connections')).body).toEqual([]);
    // Strangers again who attend one event: each sees the other's profile and deck card again.
    expect((await ada.client.get(`/api/users/${bob.id}/public`)).status).toBe(200);
    const deck = await ada.client.get(`/api/events/${event.id}/attendees`);
    expect(deck.body.attendees.map((card: { id: string }) => card.id)).toEqual([bob.id]);
  });
});

it('a like racing a block never leaves the two connected, whoever blocks', async () => {
  for (let round = 0; round < 4; round++) {
    const event = await insertEvent(t.db);
    const [ada, bob] = [await swipingAttendee(t, [event.id]), await swipingAttendee(t, [event.id])];
    const like = (from: Member, to: Member) => from.client.post('/api/users/interactions/positive', { toUserId: to.id, eventId: event.id });
    expect((await like(bob, ada)).status).toBe(201);
    const [liked, blocked] = await Promise.all([like(ada, bob), round % 2 === 0 ? block(bob, ada.id) : block(ada, bob.id)]);
    expect([201, 404]).toContain(liked.status);
    expect(blocked.status).toBe(204);
    for (const member of [ada, bob]) expect((await member.client.get('/api/users/connections')).body, `round ${round}`).toEqual([]);
  }
});

it('an accept racing a block never leaves the two connected, and the meeting ends cancelled', async () => {
  for (let round = 0; round < 4; round++) {
    const { event, people, at } = await meetingEvent(t, 2);
    const [ada, bob] = people as [Member, Member];
    const asked = await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(60) });
    expect(asked.status, asked.text).toBe(201);
    const [accepted, blocked] = await Promise.all([
      bob.client.post(`/api/meetings/${asked.body.id}/accept`, {}),
      round % 2 === 0 ? block(ada, bob.id) : block(bob, ada.id),
    ]);
    // Accepted first, or after the block: not found, or no longer waiting (it was cancelled meanwhile).
    expect([200, 404, 409], accepted.text).toContain(accepted.status);
    expect(blocked.status).toBe(204);
    for (const member of [ada, bob]) {
      expect((await member.client.get('/api/users/connections')).body, `round ${round}`).toEqual([]);
      expect((await member.client.get(`/api/meetings/${asked.body.id}`)).body.state, `round ${round}`).toBe('cancelled');
    }
  }
});

describe('DELETE users/{id}/block', () => {
  it('lifts the member’s own block (204), also when there was none; a block the other made stays', async () => {
    const event = await insertEvent(t.db);
    const [ada, bob] = [await swipingAttendee(t, [event.id]), await swipingAttendee(t, [event.id])];
    expect((await block(ada, bob.id)).status).toBe(204);
    expect((await block(bob, ada.id)).status).toBe(204);
    expect((await unblock(ada, bob.id)).status).toBe(204);
    expect(await blockedList(ada)).toEqual([]);
    expect((await unblock(ada, bob.id)).status).toBe(204);
    // Bob's block still hides them from each other.
    expect((await ada.client.get(`/api/users/${bob.id}/public`)).status).toBe(404);
    expect((await blockedList(bob)).map((member) => member.id)).toEqual([ada.id]);
  });

  it('refuses oneself (400) and an unknown member (404)', async () => {
    const ada = await newMember(t);
    const self = await unblock(ada, ada.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: SAFETY_ERRORS.blockSelf });
    const unknown = await unblock(ada, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: SAFETY_ERRORS.notFound });
  });
});

it('GET users/me/blocked asks for a session', async () => {
  const res = await t.client().get('/api/users/me/blocked');
  expect(res.status).toBe(401);
});
