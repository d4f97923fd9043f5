import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { connect, insertEvent, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, NAMES, uniqueEmail, type TestContext } from '../test/helpers/test-app';
import type { TestResponse } from '../test/helpers/test-client';

/**
 * One-line fields refuse line breaks (CR, LF, U+2028, U+2029) with 400 naming the field: a name,
 * a headline, a place or a title shown on one line (cards, calendar entries, vCards, mail) must
 * not carry a second line. Text areas (the story, a goal, a note) keep theirs.
 */

let t: TestContext;
let member: Member;
let friend: Member;
let eventId: string;
beforeAll(async () => {
  t = await createTestContext();
  member = await newMember(t);
  friend = await newMember(t);
  await connect(t.db, member.id, friend.id);
  eventId = (await insertEvent(t.db)).id;
  await registerAt(t.db, member.id, eventId);
});
afterAll(() => t.close());

const BREAKS = ['Ada\nLovelace', 'Ada\r\nLovelace', 'Ada\rLovelace', 'Ada\u2028Lovelace', 'Ada\u2029Lovelace'];
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

const ONE_LINE: Array<[string, string, (text: string) => Promise<TestResponse>]> = [
  ['PATCH users/me', 'firstName', (text) => member.client.patch('/api/users/me', { firstName: text })],
  ['PATCH users/me', 'lastName', (text) => member.client.patch('/api/users/me', { lastName: text })],
  ['PATCH users/me', 'role', (text) => member.client.patch('/api/users/me', { role: text })],
  ['PATCH users/me', 'location', (text) => member.client.patch('/api/users/me', { location: text })],
  ['POST signup/pin/request', 'firstName', (text) => t.client().post('/api/signup/pin/request', { ...NAMES, firstName: text, email: uniqueEmail() })],
  [
    'POST events/user-added',
    'name',
    (text) => member.client.post('/api/events/user-added', { name: text, dateTime: tomorrow(), eventUrl: 'https://meetup.example/' }),
  ],
  ['POST locations', 'name', (text) => member.client.post('/api/locations', { name: text, country: 'SE' })],
  ['POST chat', 'title', (text) => member.client.post('/api/chat', { journeyType: 'DISCOVER_EVENTS', title: text })],
];

describe.each(ONE_LINE)('%s %s', (_route, field, send) => {
  it.each(BREAKS.map((text) => [JSON.stringify(text), text]))('refuses %s with 400 naming the field', async (_label, text) => {
    const res = await send(text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: API_ERRORS.lineBreak, field });
  });
});

describe('text areas', () => {
  it('keep their line breaks: the story, a goal and a note', async () => {
    const text = 'First line\nSecond line';
    expect((await member.client.patch('/api/users/me', { story: text })).body.story).toBe(text);
    expect((await member.client.patch(`/api/events/${eventId}/attendee`, { goal: text })).status).toBeLessThan(300);
    const goal = await t.db
      .selectFrom('event_attendees')
      .select('goal')
      .where('user_id', '=', member.id)
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(goal.goal).toBe(text);
    expect((await member.client.put(`/api/users/${friend.id}/note`, { note: text })).body.note).toBe(text);
  });
});
