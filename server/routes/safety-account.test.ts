import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * Blocks and reports in the member's data (contract/account.ts): the export holds the member's
 * blocks and the reports they made, never those about them; deleting the account deletes both,
 * and a report about the deleted member keeps the reporter's side only.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const block = (from: Member, to: Member) => from.client.request('PUT', `/api/users/${to.id}/block`, { headers: { 'Idempotency-Key': randomUUID() } });
const report = (from: Member, about: Member, body: Record<string, unknown>) => from.client.request('POST', `/api/users/${about.id}/report`, { json: body });
const say = async (from: Member, to: Member, text: string) => {
  t.clock.advance(1000);
  const res = await from.client.request('PUT', `/api/conversations/${to.id}/messages/${randomUUID()}`, { json: { text } });
  expect(res.status, res.text).toBe(201);
};
const emailOf = async (member: Member) => (await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow()).email;

it('exports the member’s blocks and the reports they made, not the blocks or reports of others about them', async () => {
  const [ada, bob, cy] = [await newMember(t), await newMember(t), await newMember(t)];
  await t.db.updateTable('users').set({ first_name: 'Bob', last_name: 'Stone' }).where('id', '=', bob.id).execute();
  expect((await block(ada, bob)).status).toBe(204);
  expect((await block(cy, ada)).status).toBe(204);
  const made = await report(ada, bob, { reason: 'spam', text: 'Sells courses' });
  expect((await report(cy, ada, { reason: 'other' })).status).toBe(201);

  const data = (await ada.client.get('/api/users/me/export')).body;
  expect(data.blocks).toEqual([{ userId: bob.id, name: 'Bob Stone', blockedAt: expect.any(String) }]);
  expect(data.reportsMade).toEqual([{ reportId: made.body.id, aboutUserId: bob.id, reason: 'spam', text: 'Sells courses', createdAt: expect.any(String) }]);
  expect(JSON.stringify(data)).not.toContain(cy.id);
  const theirs = (await bob.client.get('/api/users/me/export')).body;
  expect([theirs.blocks, theirs.reportsMade]).toEqual([[], []]);
});

it('deletes the member’s blocks and reports with the account; a report about them keeps the reporter’s words and messages only', async () => {
  const [ada, bob, cy] = [await newMember(t), await newMember(t), await newMember(t)];
  await connect(t.db, ada.id, bob.id);
  await say(ada, bob, 'Ada: hello');
  await say(bob, ada, 'Bob: something rude');
  await say(ada, bob, 'Ada: please stop');
  const aboutAda = await report(bob, ada, { reason: 'harassment', text: 'She said it first' });
  expect(aboutAda.status).toBe(201);
  expect((await report(ada, bob, { reason: 'harassment' })).status).toBe(201);
  expect((await block(ada, bob)).status).toBe(204);
  expect((await block(cy, ada)).status).toBe(204);

  const email = await emailOf(ada);
  expect((await ada.client.post('/api/login/pin/request', { email })).status).toBe(200);
  const erased = await ada.client.request('DELETE', '/api/users/me', { json: { pin: t.mailer.lastCode(email) } });
  expect(erased.status, erased.text).toBe(204);

  const blocks = await t.db
    .selectFrom('blocks')
    .selectAll()
    .where((eb) => eb.or([eb('blocker_id', '=', ada.id), eb('blocked_id', '=', ada.id)]))
    .execute();
  expect(blocks).toEqual([]);
  expect(await t.db.selectFrom('reports').select('id').where('reporter_id', '=', ada.id).execute()).toEqual([]);
  const kept = await t.db.selectFrom('reports').selectAll().where('id', '=', aboutAda.body.id).executeTakeFirstOrThrow();
  expect(kept).toMatchObject({ reporter_id: bob.id, reported_id: null, reason: 'harassment', text: 'She said it first' });
  expect(kept.evidence.map((message) => [message.fromReporter, message.text])).toEqual([[true, 'Bob: something rude']]);
  expect(JSON.stringify(kept.evidence)).not.toContain('Ada:');
  // Cy's list no longer names Ada; Bob's export still has his report, about no one now.
  expect((await cy.client.get('/api/users/me/blocked')).body).toEqual([]);
  const bobs = (await bob.client.get('/api/users/me/export')).body;
  expect(bobs.reportsMade).toEqual([
    { reportId: aboutAda.body.id, aboutUserId: null, reason: 'harassment', text: 'She said it first', createdAt: expect.any(String) },
  ]);
});
