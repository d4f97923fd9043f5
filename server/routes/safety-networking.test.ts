import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { MEETING_ERROR_CODES } from '../../contract/meetings';
import { notNetworkingError } from '../../contract/safety';
import { connect, type Member } from '../test/helpers/events-fixtures';
import { acceptedMeeting, askMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/** 'Not networking right now' (contract/safety.ts): GET and PUT users/me/networking, and what a pause changes for others. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const setPaused = (member: Member, body: unknown) =>
  member.client.request('PUT', '/api/users/me/networking', { json: body, headers: { 'Idempotency-Key': randomUUID() } });
const deckIds = async (member: Member, eventId: string) => {
  const res = await member.client.get(`/api/events/${eventId}/attendees`);
  expect(res.status, res.text).toBe(200);
  return res.body.attendees.map((card: { id: string }) => card.id) as string[];
};

describe('users/me/networking', () => {
  it('is networking until paused; the pause shows in GET, in users/me and is lifted the same way', async () => {
    const { people } = await meetingEvent(t, 1);
    const [ada] = people as [Member];
    expect((await ada.client.get('/api/users/me/networking')).body).toEqual({ paused: false });
    expect((await ada.client.get('/api/users/me')).body.networkingPaused).toBe(false);
    const paused = await setPaused(ada, { paused: true });
    expect([paused.status, paused.body]).toEqual([200, { paused: true }]);
    expect((await ada.client.get('/api/users/me/networking')).body).toEqual({ paused: true });
    expect((await ada.client.get('/api/users/me')).body.networkingPaused).toBe(true);
    expect((await setPaused(ada, { paused: true })).body).toEqual({ paused: true });
    expect((await setPaused(ada, { paused: false })).body).toEqual({ paused: false });
    expect((await ada.client.get('/api/users/me')).body.networkingPaused).toBe(false);
  });

  it('refuses a body without a true or false paused (400 naming paused), and asks for a session (401)', async () => {
    const { people } = await meetingEvent(t, 1);
    const [ada] = people as [Member];
    for (const body of [{}, { paused: 'yes' }, { paused: 1 }, { paused: null }]) {
      const res = await setPaused(ada, body);
      expect([res.status, res.body], JSON.stringify(body)).toEqual([400, { error: API_ERRORS.invalidInput, field: 'paused' }]);
    }
    expect((await ada.client.get('/api/users/me/networking')).body).toEqual({ paused: false });
    for (const method of ['GET', 'PUT']) {
      const res = await t.client().request(method, '/api/users/me/networking', method === 'PUT' ? { json: { paused: true } } : {});
      expect(res.status, method).toBe(401);
    }
  });
});

describe('a member not networking right now', () => {
  it('shows in no deck and cannot be asked to meet, stays registered with their connections and meetings, and comes back', async () => {
    const { event, people, at } = await meetingEvent(t, 3);
    const [ada, bob, cy] = people as [Member, Member, Member];
    await connect(t.db, bob.id, cy.id, event.id);
    const meeting = await acceptedMeeting(bob, cy, event.id, at(60));
    expect((await deckIds(ada, event.id)).sort()).toEqual([bob.id, cy.id].sort());

    expect((await setPaused(bob, { paused: true })).status).toBe(200);
    // In no deck; the others still see each other.
    expect(await deckIds(ada, event.id)).toEqual([cy.id]);
    expect(await deckIds(cy, event.id)).toEqual([ada.id]);
    // Asked to meet: refused with their name and a code the app words; the time picker names nobody.
    const ask = await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(180) });
    expect([ask.status, ask.body]).toEqual([409, { error: notNetworkingError('Bob'), code: MEETING_ERROR_CODES.notNetworking }]);
    const picker = await ada.client.get(`/api/events/${event.id}/meetings/availability?with=${bob.id}`);
    expect([picker.body.with, picker.body.theirBusy]).toEqual([null, []]);
    // Nor among the assistant's attendees worth meeting there.
    const chat = await ada.client.post('/api/chat', { journeyType: 'PREPARE_FOR_EVENT', eventId: event.id });
    expect(chat.status, chat.text).toBe(201);
    expect(chat.body.messages[0].metadata.attendees.map((a: { userId: string }) => a.userId)).toEqual([cy.id]);
    // Still registered, still connected, the accepted meeting stands, their profile is there.
    const eventPage = await bob.client.get(`/api/events/${event.id}`);
    expect(eventPage.body.eventData.isRegistered).toBe(true);
    expect((await bob.client.get('/api/users/connections')).body.map((c: { id: string }) => c.id)).toEqual([cy.id]);
    expect((await cy.client.get(`/api/meetings/${meeting.id}`)).body.state).toBe('accepted');
    expect((await ada.client.get(`/api/users/${bob.id}/public`)).status).toBe(200);
    // They may still ask others themselves, and see their own deck.
    expect((await askMeeting(bob, event.id, { inviteeId: ada.id, startsAt: at(240) })).status).toBe(201);
    expect(await deckIds(bob, event.id)).toEqual([ada.id]);

    expect((await setPaused(bob, { paused: false })).status).toBe(200);
    expect((await deckIds(ada, event.id)).sort()).toEqual([bob.id, cy.id].sort());
    expect((await askMeeting(ada, event.id, { inviteeId: bob.id, startsAt: at(300) })).status).toBe(201);
  });
});
