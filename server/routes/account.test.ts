import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../contract/account';
import { API_ERRORS } from '../../contract/errors';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { connect, insertEvent, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const emailOf = async (id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

/** A member with a life in the product: an event, a goal, swipes both ways, a connection, consents, a community event. */
async function busyMember() {
  const event = await insertEvent(t.db, { name: 'Export Summit' });
  const ada = await swipingAttendee(t, [event.id]);
  const bob = await swipingAttendee(t, [event.id]);
  const cleo = await swipingAttendee(t, [event.id]);
  await t.db.updateTable('users').set({ phone: '+46700000001' }).where('id', '=', ada.id).execute();
  await t.db.updateTable('users').set({ phone: '+46700000002' }).where('id', '=', bob.id).execute();
  await t.db.updateTable('event_attendees').set({ goal: 'Meet climate founders' }).where('user_id', '=', ada.id).execute();
  expect((await ada.client.post('/api/users/interactions/positive', { toUserId: bob.id, eventId: event.id })).status).toBe(201);
  expect((await bob.client.post('/api/users/interactions/positive', { toUserId: ada.id, eventId: event.id })).status).toBe(201);
  expect((await cleo.client.post('/api/users/interactions/negative', { toUserId: ada.id, eventId: event.id })).status).toBe(201);
  expect((await ada.client.post('/api/users/consents', { consents: [{ type: 'terms' }, { type: 'privacy' }] })).status).toBe(201);
  const attended = (
    await ada.client.post('/api/events/user-added', {
      name: 'Ada meetup',
      dateTime: new Date(Date.now() + 86_400_000).toISOString(),
      eventUrl: 'https://ada.example/',
    })
  ).body as { id: string };
  const alone = (
    await ada.client.post('/api/events/user-added', {
      name: 'Ada alone',
      dateTime: new Date(Date.now() + 86_400_000).toISOString(),
      eventUrl: 'https://ada.example/alone',
    })
  ).body as { id: string };
  await registerAt(t.db, bob.id, attended.id);
  // Private notes both ways: Ada's is hers, Bob's about her is his.
  expect((await ada.client.request('PUT', `/api/users/${bob.id}/note`, { json: { note: 'Talked about the Lisbon office' } })).status).toBe(200);
  expect((await bob.client.request('PUT', `/api/users/${ada.id}/note`, { json: { note: 'Bob private thought' } })).status).toBe(200);
  // Bob asks Ada to meet; Ada is in a session for a while there.
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  await t.db
    .insertInto('meetings')
    .values({
      event_id: event.id,
      requester_id: bob.id,
      invitee_id: ada.id,
      state: 'requested',
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 30 * 60_000),
      place: 'Coffee bar',
      message: 'See you there',
      awaiting_id: ada.id,
      created_at: new Date(),
      updated_at: new Date(),
    })
    .execute();
  await t.db
    .insertInto('meeting_sessions')
    .values({ user_id: ada.id, event_id: event.id, during: `[${startsAt.toISOString()},${new Date(startsAt.getTime() + 3_600_000).toISOString()})` })
    .execute();
  return { event, ada, bob, cleo, attended: attended.id, alone: alone.id };
}

/** A fresh sign-in code for the member's own address, as the app asks for one before deleting. */
async function freshCode(member: Member): Promise<string> {
  const email = await emailOf(member.id);
  expect((await member.client.post('/api/login/pin/request', { email })).status).toBe(200);
  return t.mailer.lastCode(email);
}

/** Every row of every table that still holds `value` in a uuid or text column, as 'table.column'. */
async function placesHolding(value: string): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('uuid', 'text', 'character varying')`.execute(t.db);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const hit = await sql<{ n: string }>`select count(*) as n from ${sql.table(table_name)} where ${sql.ref(column_name)}::text = ${value}`.execute(t.db);
    if (Number(hit.rows[0]!.n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

describe('GET /api/users/me/export', () => {
  it('is a download of everything about the member, and nothing private of anyone else', async () => {
    const { event, ada, bob, cleo, attended } = await busyMember();
    const res = await ada.client.get('/api/users/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mingle-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body as AccountExport;
    expect(data.format).toBe('mingle-export-1');
    expect(data.profile).toMatchObject({ id: ada.id, email: await emailOf(ada.id), phone: '+46700000001', role: 'Engineer' });
    expect(data.consents.map((consent) => consent.type).sort()).toEqual(['privacy', 'terms']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.eventsAttended).toEqual(
      expect.arrayContaining([expect.objectContaining({ eventId: event.id, name: 'Export Summit', goal: 'Meet climate founders' })]),
    );
    expect(data.eventsCreated.map((e) => e.eventId)).toContain(attended);
    expect(data.interactionsMade).toEqual([expect.objectContaining({ toUserId: bob.id, eventId: event.id, type: 'POSITIVE' })]);
    expect(data.interactionsReceived.map((i) => [i.fromUserId, i.type]).sort()).toEqual(
      [
        [bob.id, 'POSITIVE'],
        [cleo.id, 'NEGATIVE'],
      ].sort(),
    );
    expect(data.connections).toEqual([expect.objectContaining({ userId: bob.id, eventId: event.id })]);
    expect(data.feed.some((entry) => entry.type === 'connection' && entry.subjectUserId === bob.id)).toBe(true);
    expect(data.connectionNotes).toEqual([{ aboutUserId: bob.id, note: 'Talked about the Lisbon office', updatedAt: expect.any(String) }]);
    expect(data.meetings).toEqual([
      expect.objectContaining({
        eventId: event.id,
        with: expect.objectContaining({ id: bob.id }),
        place: 'Coffee bar',
        message: 'See you there',
        awaitingMe: true,
      }),
    ]);
    expect(data.meetingSessions).toEqual([{ eventId: event.id, startsAt: expect.any(String), endsAt: expect.any(String) }]);
    // Never a session id, nor another member's e-mail, phone or note.
    const text = JSON.stringify(data);
    expect(text).not.toContain('Bob private thought');
    expect(text).not.toContain(await emailOf(bob.id));
    expect(text).not.toContain('+46700000002');
    expect(text).not.toMatch(/id_hash|code_hash/);
    expect((await t.client().get('/api/users/me/export')).status).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('needs a fresh sign-in code: none asked for, or a wrong one, deletes nothing', async () => {
    const { ada } = await busyMember();
    const without = await ada.client.request('DELETE', '/api/users/me', { json: { pin: '123456' } });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ error: API_ERRORS.pinExpired, field: 'pin' });
    const code = await freshCode(ada);
    const wrong = await ada.client.request('DELETE', '/api/users/me', { json: { pin: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: API_ERRORS.invalidPin, field: 'pin' });
    expect((await ada.client.request('DELETE', '/api/users/me', { json: {} })).status).toBe(400);
    expect((await ada.client.get('/api/users/me')).status).toBe(200);
  });

  it('erases the member: nothing about them is left in any table; events others attend stay without them', async () => {
    const { event, ada, bob, attended, alone } = await busyMember();
    const email = await emailOf(ada.id);
    await connect(t.db, ada.id, (await swipingAttendee(t)).id);
    // The check below finds the member where they are.
    expect(await placesHolding(ada.id)).toEqual(
      expect.arrayContaining([
        'users.id',
        'sessions.user_id',
        'interactions.from_user_id',
        'feed_activities.owner_user_id',
        'connection_notes.user_id',
        'connection_notes.about_user_id',
      ]),
    );
    const res = await ada.client.request('DELETE', '/api/users/me', { json: { pin: await freshCode(ada) } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/sid=;/);

    expect(await placesHolding(ada.id)).toEqual([]);
    expect(await placesHolding(email)).toEqual([]);
    // The community event Bob attends stays, created by no one now; the one only Ada attended is gone.
    const kept = await t.db.selectFrom('events').select(['id', 'created_by_user_id']).where('id', 'in', [attended, alone]).execute();
    expect(kept).toEqual([{ id: attended, created_by_user_id: null }]);
    expect((await bob.client.get(`/api/events/${attended}`)).status).toBe(200);
    // Bob's side: no connection, no swipe from Ada, the event still there.
    expect(((await bob.client.get('/api/users/connections')).body as unknown[]).length).toBe(0);
    expect((await bob.client.get(`/api/events/${event.id}`)).status).toBe(200);
    // The old session is gone with the account.
    expect((await ada.client.get('/api/users/me')).status).toBe(401);
  });
});
