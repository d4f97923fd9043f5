import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, IDEMPOTENCY_ERRORS } from '../../contract/errors';
import {
  MESSAGE_ERROR_CODES,
  MESSAGE_ERRORS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  MESSAGES_PER_DAY,
  MESSAGES_PER_MINUTE,
  MESSAGES_WITHOUT_ANSWER,
  type Conversation,
  type Message,
  type MessagePage,
} from '../../contract/messages';
import { writeBucket } from '../http/write-limits';
import { connect, DAY, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { MINUTE } from '../test/helpers/test-clock';

/** Messages between connections (contract/messages.ts): every route and refusal, as the two members see them. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function pair(): Promise<[Member, Member]> {
  const ada = await newMember(t);
  const bob = await newMember(t);
  await t.db.updateTable('users').set({ first_name: 'Bob', last_name: 'Berg', image_url: '/img/bob.jpg' }).where('id', '=', bob.id).execute();
  await connect(t.db, ada.id, bob.id);
  return [ada, { ...bob, firstName: 'Bob' }];
}

const put = (from: Member, to: string, body: Record<string, unknown>, id: string = randomUUID(), headers: Record<string, string> = {}) =>
  from.client.request('PUT', `/api/conversations/${to}/messages/${id}`, { json: body, headers });

async function send(from: Member, to: Member, text: string, id: string = randomUUID()): Promise<Message> {
  const res = await put(from, to.id, { text }, id);
  expect(res.status, res.text).toBe(201);
  return res.body as Message;
}

const conversations = async (member: Member) => (await member.client.get('/api/conversations')).body as Conversation[];
const page = async (member: Member, other: string, query = '') => {
  const res = await member.client.get(`/api/conversations/${other}/messages${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as MessagePage;
};
const readUpTo = (member: Member, other: string, upTo: string) => member.client.post(`/api/conversations/${other}/read`, { upTo });
const unread = async (member: Member) => ((await member.client.get('/api/users/me/messages/unread')).body as { count: number }).count;

describe('a message', () => {
  it('is stored once under its id, shown to both, and moves from sent to delivered to read', async () => {
    const [ada, bob] = await pair();
    const id = randomUUID();
    const res = await put(ada, bob.id, { text: '  Coffee at the stand?\nAround 3  ' }, id);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id, fromMe: true, text: 'Coffee at the stand?\nAround 3', sentAt: t.clock.now().toISOString(), state: 'sent' });

    // Sent again (the outbox after a lost answer): the same message, not a second one.
    const again = await put(ada, bob.id, { text: 'Coffee at the stand?\nAround 3' }, id);
    expect([again.status, again.body]).toEqual([200, res.body]);
    const other = await put(ada, bob.id, { text: 'Something else' }, id);
    expect([other.status, other.body]).toEqual([409, { error: MESSAGE_ERRORS.idTaken, field: 'id' }]);
    expect((await page(ada, bob.id)).messages).toHaveLength(1);

    expect(await unread(bob)).toBe(1);
    const [theirs] = await conversations(bob);
    expect(theirs).toEqual({
      userId: ada.id,
      with: { id: ada.id, firstName: 'Ada', lastName: 'Lovelace', imageUrl: null },
      lastMessage: { id, fromMe: false, text: 'Coffee at the stand?\nAround 3', sentAt: res.body.sentAt, state: 'delivered' },
      unread: 1,
      updatedAt: res.body.sentAt,
    });
    // Bob's app read the list: Ada's message was delivered.
    const [mine] = await conversations(ada);
    expect(mine).toMatchObject({ userId: bob.id, with: { id: bob.id, firstName: 'Bob', lastName: 'Berg', imageUrl: '/img/bob.jpg' }, unread: 0 });
    expect(mine!.lastMessage!.state).toBe('delivered');

    expect((await readUpTo(bob, ada.id, id)).status).toBe(204);
    expect(await unread(bob)).toBe(0);
    expect((await conversations(bob))[0]!.unread).toBe(0);
    expect((await page(ada, bob.id)).messages[0]!.state).toBe('read');
    expect((await page(bob, ada.id)).messages[0]).toMatchObject({ fromMe: false, state: 'read' });
  });

  it('keeps the time it was written when the outbox sends it later, within the bounds meetings accept', async () => {
    const [ada, bob] = await pair();
    const now = t.clock.now().getTime();
    const written = new Date(now - 3 * 60 * MINUTE).toISOString();
    expect((await put(ada, bob.id, { text: 'Written offline', actedAt: written })).body.sentAt).toBe(written);
    t.clock.advance(1000);
    const future = new Date(now + MINUTE).toISOString();
    expect((await put(ada, bob.id, { text: 'From a fast clock', actedAt: future })).body.sentAt).toBe(t.clock.now().toISOString());
    t.clock.advance(1000);
    const ancient = new Date(now - 8 * DAY).toISOString();
    expect((await put(bob, ada.id, { text: 'Too old', actedAt: ancient })).body.sentAt).toBe(t.clock.now().toISOString());
    // Shown by the time written: the offline one first.
    expect((await page(bob, ada.id)).messages.map((m) => m.text)).toEqual(['Written offline', 'From a fast clock', 'Too old']);
    const bad = await put(ada, bob.id, { text: 'x', actedAt: 'yesterday' });
    expect([bad.status, bad.body.field]).toEqual([400, 'actedAt']);
  });

  it('is plain text: snippets pass, line breaks stay, control characters and empty or long texts are refused', async () => {
    const [ada, bob] = await pair();
    const snippet = '<script>alert(1)</script>\nSELECT * FROM users; -- and {{template}}';
    expect((await put(ada, bob.id, { text: snippet })).body.text).toBe(snippet);
    expect((await put(ada, bob.id, { text: 'x'.repeat(MESSAGE_MAX_LENGTH) })).status).toBe(201);
    expect((await put(ada, bob.id, { text: ` ${'y'.repeat(MESSAGE_MAX_LENGTH)} ` })).status).toBe(201);
    const refusals: Array<[unknown, number, Record<string, string>]> = [
      [{ text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 400, { error: API_ERRORS.inputTooLong, field: 'text' }],
      [{ text: '   \n ' }, 400, { error: MESSAGE_ERRORS.empty, field: 'text' }],
      [{}, 400, { error: API_ERRORS.invalidInput, field: 'text' }],
      [{ text: 42 }, 400, { error: MESSAGE_ERRORS.empty, field: 'text' }],
      [{ text: 'bell \u0007' }, 400, { error: API_ERRORS.controlCharacter, field: 'text' }],
    ];
    for (const [body, status, answer] of refusals) {
      const res = await ada.client.request('PUT', `/api/conversations/${bob.id}/messages/${randomUUID()}`, { json: body });
      expect([res.status, res.body], JSON.stringify(body)).toEqual([status, answer]);
    }
    const notUuid = await put(ada, bob.id, { text: 'hi' }, 'not-a-uuid');
    expect([notUuid.status, notUuid.body]).toEqual([400, { error: API_ERRORS.invalidInput, field: 'id' }]);
    const badKey = await put(ada, bob.id, { text: 'hi' }, randomUUID(), { 'Idempotency-Key': 'nope' });
    expect([badKey.status, badKey.body.error]).toEqual([400, IDEMPOTENCY_ERRORS.invalidKey]);
    const form = await ada.client.request('PUT', `/api/conversations/${bob.id}/messages/${randomUUID()}`, {
      body: 'text=hi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('goes only between connected members', async () => {
    const [ada, bob] = await pair();
    const stranger = await newMember(t);
    const notFound = { error: MESSAGE_ERRORS.notFound };
    for (const to of [stranger.id, ada.id, randomUUID(), 'not-a-uuid']) {
      const res = await put(ada, to, { text: 'Hello' });
      expect([res.status, res.body], to).toEqual([404, notFound]);
    }
    const message = await send(ada, bob, 'Hello Bob');
    // A stranger cannot read or mark the pair's conversation, and sees it nowhere.
    expect((await stranger.client.get(`/api/conversations/${ada.id}/messages`)).status).toBe(404);
    expect((await readUpTo(stranger, ada.id, message.id)).status).toBe(404);
    expect(await conversations(stranger)).toEqual([]);
    // Another member reusing the id gets 'taken', never the message.
    await connect(t.db, stranger.id, bob.id);
    const reused = await put(stranger, bob.id, { text: 'Hello Bob' }, message.id);
    expect([reused.status, reused.body]).toEqual([409, { error: MESSAGE_ERRORS.idTaken, field: 'id' }]);

    expect((await t.client().get('/api/conversations')).status).toBe(401);
    expect((await t.client().request('PUT', `/api/conversations/${bob.id}/messages/${randomUUID()}`, { json: { text: 'x' } })).status).toBe(401);
  });

  it('ends with the connection: the conversation is hidden and closed, its unread messages no longer counted', async () => {
    const [ada, bob] = await pair();
    const message = await send(ada, bob, 'Before the end');
    expect(await unread(bob)).toBe(1);
    await t.db
      .deleteFrom('connections')
      .where((eb) =>
        eb.or([eb.and([eb('user_a_id', '=', ada.id), eb('user_b_id', '=', bob.id)]), eb.and([eb('user_a_id', '=', bob.id), eb('user_b_id', '=', ada.id)])]),
      )
      .execute();
    expect(await conversations(ada)).toEqual([]);
    expect(await conversations(bob)).toEqual([]);
    expect(await unread(bob)).toBe(0);
    // Bob's app reading its list tells Ada nothing any more.
    const stored = await t.db.selectFrom('messages').select('delivered_at').where('id', '=', message.id).executeTakeFirstOrThrow();
    expect(stored.delivered_at).toBeNull();
    expect((await bob.client.get(`/api/conversations/${ada.id}/messages`)).status).toBe(404);
    expect((await readUpTo(bob, ada.id, message.id)).status).toBe(404);
    expect((await put(ada, bob.id, { text: 'After' })).status).toBe(404);
  });
});

describe('the conversations', () => {
  it('are listed newest first, each with its last message, and only once they hold a message', async () => {
    const ada = await newMember(t);
    const people: Member[] = [];
    for (let i = 0; i < 3; i++) {
      const person = await newMember(t);
      await connect(t.db, ada.id, person.id);
      people.push(person);
    }
    await send(ada, people[0]!, 'First');
    t.clock.advance(MINUTE);
    await send(people[1]!, ada, 'Second');
    t.clock.advance(MINUTE);
    await send(ada, people[0]!, 'Third');
    const list = await conversations(ada);
    expect(list.map((c) => [c.userId, c.lastMessage?.text, c.unread])).toEqual([
      [people[0]!.id, 'Third', 0],
      [people[1]!.id, 'Second', 1],
    ]);
  });

  it('page backwards from a message, oldest first in each page', async () => {
    const [ada, bob] = await pair();
    const sent: Message[] = [];
    for (let i = 0; i < MESSAGE_PAGE_SIZE + 10; i++) {
      sent.push(await send(i % 2 ? bob : ada, i % 2 ? ada : bob, `Message ${i}`));
      t.clock.advance(1000);
    }
    const latest = await page(ada, bob.id);
    expect(latest.hasMore).toBe(true);
    expect(latest.messages.map((m) => m.text)).toEqual(sent.slice(10).map((m) => m.text));
    const older = await page(ada, bob.id, `?before=${latest.messages[0]!.id}`);
    expect([older.messages.map((m) => m.id), older.hasMore]).toEqual([sent.slice(0, 10).map((m) => m.id), false]);
    const small = await page(bob, ada.id, `?limit=3&before=${sent[5]!.id}`);
    expect([small.messages.map((m) => m.text), small.hasMore]).toEqual([['Message 2', 'Message 3', 'Message 4'], true]);

    for (const query of [`?limit=${MESSAGE_PAGE_SIZE + 1}`, '?limit=0', '?limit=x', '?before=nope', `?before=${randomUUID()}`]) {
      const res = await ada.client.get(`/api/conversations/${bob.id}/messages${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('read receipts', () => {
  it('tell the sender only when both have them on; reading still clears the unread count', async () => {
    const [ada, bob] = await pair();
    expect((await bob.client.get('/api/users/me/message-settings')).body).toEqual({ readReceipts: true });
    const off = await bob.client.put('/api/users/me/message-settings', { readReceipts: false });
    expect([off.status, off.body]).toEqual([200, { readReceipts: false }]);
    expect((await bob.client.get('/api/users/me/message-settings')).body).toEqual({ readReceipts: false });
    expect((await bob.client.put('/api/users/me/message-settings', { readReceipts: 'no' })).status).toBe(400);

    const first = await send(ada, bob, 'One');
    expect((await readUpTo(bob, ada.id, first.id)).status).toBe(204);
    expect(await unread(bob)).toBe(0);
    expect((await page(ada, bob.id)).messages[0]!.state).toBe('delivered');
    // Turning them on later does not tell what was read while they were off.
    await bob.client.put('/api/users/me/message-settings', { readReceipts: true });
    expect((await page(ada, bob.id)).messages[0]!.state).toBe('delivered');

    // A sender with them off sees no 'read' either.
    t.clock.advance(1000);
    const second = await send(ada, bob, 'Two');
    await readUpTo(bob, ada.id, second.id);
    expect((await page(ada, bob.id)).messages[1]!.state).toBe('read');
    await ada.client.put('/api/users/me/message-settings', { readReceipts: false });
    expect((await page(ada, bob.id)).messages[1]!.state).toBe('delivered');
  });

  it('read up to a message by time; an id the server does not have reads nothing', async () => {
    const [ada, bob] = await pair();
    const first = await send(ada, bob, 'One');
    t.clock.advance(1000);
    await send(ada, bob, 'Two');
    expect((await readUpTo(bob, ada.id, randomUUID())).status).toBe(204);
    expect(await unread(bob)).toBe(2);
    await readUpTo(bob, ada.id, first.id);
    expect(await unread(bob)).toBe(1);
    expect((await page(ada, bob.id)).messages.map((m) => m.state)).toEqual(['read', 'sent']);
    expect((await readUpTo(bob, ada.id, 'not-a-uuid')).status).toBe(400);
  });
});

describe('limits', () => {
  it(`refuse the message after ${MESSAGES_WITHOUT_ANSWER} in a row until the other answers`, async () => {
    const [ada, bob] = await pair();
    for (let i = 0; i < MESSAGES_WITHOUT_ANSWER; i++) await send(ada, bob, `Hello ${i}`);
    const refused = await put(ada, bob.id, { text: 'Anyone there?' });
    expect([refused.status, refused.body]).toEqual([409, { error: MESSAGE_ERRORS.waitForAnswer, code: MESSAGE_ERROR_CODES.waitForAnswer }]);
    await send(bob, ada, 'Hi!');
    await send(ada, bob, 'Great');
  });

  it(`answer 429 with Retry-After past ${MESSAGES_PER_MINUTE} a minute and ${MESSAGES_PER_DAY} a day`, async () => {
    const app = t.makeApp({ WRITE_LIMIT_FACTOR: '1' });
    const [ada, bob] = await pair();
    const client = t.client({}, app);
    client.jar.set('sid', ada.client.sid!);
    const carol = await newMember(t);
    await connect(t.db, ada.id, carol.id);
    let last = 201;
    // Spread over two conversations, so the rule of five in a row does not stop it first.
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      if (i % 4 === 0) for (const other of [bob, carol]) await send(other, ada, 'Go on');
      last = (await client.request('PUT', `/api/conversations/${i % 2 ? bob.id : carol.id}/messages/${randomUUID()}`, { json: { text: `n${i}` } })).status;
    }
    expect(last).toBe(201);
    const refused = await client.request('PUT', `/api/conversations/${bob.id}/messages/${randomUUID()}`, { json: { text: 'one more' } });
    expect([refused.status, refused.body]).toEqual([429, { error: API_ERRORS.tooManyRequests }]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // A new minute, but the day's count is full.
    t.clock.advance(MINUTE);
    const now = t.clock.now().getTime();
    await t.db
      .insertInto('write_quotas')
      .values({ bucket: writeBucket('messages', DAY, ada.id), window_ends_at: new Date((Math.floor(now / DAY) + 1) * DAY), hits: MESSAGES_PER_DAY })
      .onConflict((oc) => oc.columns(['bucket', 'window_ends_at']).doUpdateSet({ hits: MESSAGES_PER_DAY }))
      .execute();
    const daily = await client.request('PUT', `/api/conversations/${bob.id}/messages/${randomUUID()}`, { json: { text: 'tomorrow then' } });
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get('retry-after'))).toBe(Math.ceil(((Math.floor(now / DAY) + 1) * DAY - now) / 1000));
  });
});

describe("a member's own data", () => {
  async function deleteAccount(member: Member) {
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect((await member.client.post('/api/login/pin/request', { email })).status).toBe(200);
    const res = await member.client.request('DELETE', '/api/users/me', { json: { pin: t.mailer.lastCode(email) } });
    expect(res.status, res.text).toBe(204);
  }

  it('is in their export: both sides of each conversation and their settings', async () => {
    const [ada, bob] = await pair();
    const one = await send(ada, bob, 'From Ada');
    t.clock.advance(1000);
    const two = await send(bob, ada, 'From Bob');
    await bob.client.put('/api/users/me/message-settings', { readReceipts: false });
    const exported = (await bob.client.get('/api/users/me/export')).body;
    expect(exported.messageSettings).toEqual({ readReceipts: false });
    expect(exported.conversations).toEqual([
      {
        userId: ada.id,
        name: 'Ada Lovelace',
        messages: [
          { ...one, fromMe: false, state: 'delivered' },
          { ...two, fromMe: true, state: 'sent' },
        ],
      },
    ]);
  });

  it("goes with their account: the other keeps their own messages in a conversation with 'Deleted member'", async () => {
    const [ada, bob] = await pair();
    await send(ada, bob, 'Hello Bob');
    t.clock.advance(1000);
    const kept = await send(bob, ada, 'Hello Ada');
    t.clock.advance(1000);
    await send(ada, bob, 'Goodbye');
    await ada.client.put('/api/users/me/message-settings', { readReceipts: false });
    await deleteAccount(ada);

    const [conversation, ...others] = await conversations(bob);
    expect(others).toEqual([]);
    expect(conversation).toEqual({ userId: ada.id, with: null, lastMessage: { ...kept, state: 'sent' }, unread: 0, updatedAt: kept.sentAt });
    expect((await page(bob, ada.id)).messages.map((m) => m.text)).toEqual(['Hello Ada']);
    expect(await unread(bob)).toBe(0);
    // Read, but no longer written to.
    expect((await readUpTo(bob, ada.id, kept.id)).status).toBe(204);
    expect((await put(bob, ada.id, { text: 'Are you there?' })).status).toBe(404);
    const exported = (await bob.client.get('/api/users/me/export')).body;
    expect(exported.conversations).toEqual([{ userId: ada.id, name: null, messages: [{ ...kept, state: 'sent' }] }]);

    // Nothing of Ada's own is left.
    const left = await Promise.all([
      t.db.selectFrom('messages').select('id').where('sender_id', '=', ada.id).execute(),
      t.db.selectFrom('message_conversations').select('other_id').where('user_id', '=', ada.id).execute(),
      t.db.selectFrom('message_settings').select('user_id').where('user_id', '=', ada.id).execute(),
      t.db.selectFrom('stream_events').select('id').where('user_id', '=', ada.id).execute(),
    ]);
    expect(left).toEqual([[], [], [], []]);
  });
});
