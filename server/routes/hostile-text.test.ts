import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../../contract/limits';
import { insertEvent, insertOrganizer, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, uniqueEmail, type TestContext } from '../test/helpers/test-app';
import type { TestResponse } from '../test/helpers/test-client';

/**
 * Two defects reproduced through the API: text that made the content check backtrack
 * for half a minute, and U+0000 that PostgreSQL cannot store (a 500 for every request that carried
 * one; an outbox goal edit with one would have been retried for ever).
 */

let t: TestContext;
let member: Member;
let eventId: string;
let organizerId: string;
beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
  organizerId = await insertOrganizer(t.db);
  eventId = (await insertEvent(t.db, { organizerId })).id;
  await registerAt(t.db, member.id, eventId);
});
afterAll(() => t.close());

/** The exploit of the audit: a firstName of 'select ' + spaces + 'x', 6,000 characters. */
const BACKTRACKING_NAME = `select ${' '.repeat(5992)}x`;

describe('text that made the content check backtrack (ReDoS)', () => {
  const names = { firstName: BACKTRACKING_NAME, lastName: 'L' };
  const requests: Array<[string, () => Promise<TestResponse>]> = [
    ['POST signup/pin/request', () => t.client().post('/api/signup/pin/request', { ...names, email: uniqueEmail() })],
    ['POST signup/pin/verify', () => t.client().post('/api/signup/pin/verify', { ...names, email: uniqueEmail(), pin: '123456' })],
    ['PATCH users/me', () => member.client.patch('/api/users/me', { story: BACKTRACKING_NAME })],
    ['PATCH events/{id}/attendee', () => member.client.patch(`/api/events/${eventId}/attendee`, { goal: BACKTRACKING_NAME })],
    ['POST events/user-added', () => member.client.post('/api/events/user-added', { name: BACKTRACKING_NAME })],
  ];

  it.each(requests)('%s answers 400 Input too long at once', async (_name, send) => {
    const started = Date.now();
    const res = await send();
    // A generous bound against the pathological case (it took 32 s); timings are benchmarked elsewhere.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Input too long' });
  });

  it('still flags code within the limit, quickly', async () => {
    const res = await member.client.patch('/api/users/me', { story: `select ${' '.repeat(FIELD_LIMITS.story - 20)}* from x` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid content detected', field: 'story' });
  });
});

describe('control characters in text (NUL and friends)', () => {
  const nul = 'a\u0000b';
  const refused = { error: 'Control characters are not allowed' };
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  };

  const bodies: Array<[string, string, () => Promise<TestResponse>]> = [
    ['PATCH users/me JSON', 'story', () => member.client.patch('/api/users/me', { story: nul })],
    ['PATCH users/me multipart', 'role', () => member.client.request('PATCH', '/api/users/me', { body: form({ role: nul }) })],
    [
      'PATCH users/me urlencoded',
      'location',
      () =>
        member.client.request('PATCH', '/api/users/me', {
          body: new URLSearchParams({ location: nul }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
    ],
    ['POST events/user-added', 'name', () => member.client.post('/api/events/user-added', { name: nul })],
    [
      'POST events/user-added eventUrl',
      'eventUrl',
      () => member.client.post('/api/events/user-added', { name: 'Meetup', dateTime: new Date().toISOString(), eventUrl: `https://x.se/${nul}` }),
    ],
    ['PATCH events/{id}/attendee', 'goal', () => member.client.patch(`/api/events/${eventId}/attendee`, { goal: nul })],
    ['POST events/{id}/join', 'goal', async () => (await newMember(t)).client.post(`/api/events/${eventId}/join`, { goal: nul })],
    ['POST signup/pin/request', 'firstName', () => t.client().post('/api/signup/pin/request', { firstName: nul, lastName: 'L', email: uniqueEmail() })],
    [
      'POST signup/pin/verify',
      'lastName',
      () => t.client().post('/api/signup/pin/verify', { firstName: 'A', lastName: nul, email: uniqueEmail(), pin: '123456' }),
    ],
    ['GET events?search', 'search', () => member.client.get(`/api/events?search=${encodeURIComponent(nul)}`)],
    ['GET organizers/{id}/events?search', 'search', () => member.client.get(`/api/organizers/${organizerId}/events?search=${encodeURIComponent(nul)}`)],
    ['GET locations?query', 'query', () => member.client.get(`/api/locations?query=${encodeURIComponent(nul)}`)],
  ];

  it.each(bodies)('%s answers 400 naming %s', async (_name, field, send) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ...refused, field });
  });

  it('refuses the other control characters too, and keeps tab and line breaks', async () => {
    for (const control of ['\u0001', '\u001b', '\u007f', '\u0085']) {
      const res = await member.client.patch('/api/users/me', { story: `a${control}b` });
      expect(res.status).toBe(400);
    }
    const ok = await member.client.patch('/api/users/me', { story: 'First line\r\nsecond\n\tindented' });
    expect(ok.status).toBe(200);
    expect(ok.body.story).toBe('First line\r\nsecond\n\tindented');
  });

  it('a refused goal edit changes nothing, and its key can be replayed', async () => {
    await member.client.patch(`/api/events/${eventId}/attendee`, { goal: 'Meet investors' });
    const key = crypto.randomUUID();
    const first = await member.client.patch(`/api/events/${eventId}/attendee`, { goal: nul }, { headers: { 'Idempotency-Key': key } });
    const again = await member.client.patch(`/api/events/${eventId}/attendee`, { goal: nul }, { headers: { 'Idempotency-Key': key } });
    expect([first.status, again.status]).toEqual([400, 400]);
    const row = await t.db.selectFrom('event_attendees').select('goal').where('event_id', '=', eventId).where('user_id', '=', member.id).executeTakeFirst();
    expect(row?.goal).toBe('Meet investors');
  });
});
