import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ERRORS } from '../../contract/errors';
import { REPORT_EVIDENCE_MESSAGES, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH, SAFETY_ERRORS } from '../../contract/safety';
import { createApp } from '../app';
import { createLogger } from '../logger';
import { pushSendsSettled } from '../services/push/in-flight';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { connect, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, testConfig, type TestContext } from '../test/helpers/test-app';

/**
 * Reports (contract/safety.ts): stored with their evidence, mailed to REPORTS_EMAIL through the
 * mailer, or logged as one JSON line without the member's words; the reported member is never told.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const REPORTS = 'safety@mingle.example';

/** A member's client on an app that mails reports to REPORTS (the test's capturing mailer). */
function onMailingApp(member: Member) {
  const client = t.client({}, t.makeApp({ REPORTS_EMAIL: REPORTS }));
  client.jar.set('sid', member.client.sid!);
  return client;
}

const report = (client: Member['client'], id: string, body: unknown) =>
  client.request('POST', `/api/users/${id}/report`, { json: body, headers: { 'Idempotency-Key': randomUUID() } });

describe('POST users/{id}/report', () => {
  it('stores a report (201 {id}) and mails it to REPORTS_EMAIL with the reason and the words; the reported member hears nothing', async () => {
    const [ada, bob] = [await swipingAttendee(t), await swipingAttendee(t)];
    await t.db.updateTable('users').set({ first_name: 'Bob', last_name: 'Bad' }).where('id', '=', bob.id).execute();
    const res = await report(onMailingApp(ada), bob.id, { reason: 'harassment', text: 'Kept asking for my number <b>again</b>' });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id']);
    await pushSendsSettled();
    const mails = t.mailer.reports.filter((sent) => sent.mail.reportId === res.body.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(REPORTS);
    expect(mails[0]!.mail.subject).toBe(`Mingle report: Harassment (${res.body.id})`);
    expect(mails[0]!.mail.text).toContain(`Reported member: Bob Bad (${bob.id})`);
    expect(mails[0]!.mail.text).toContain(`Reported by: Ada Lovelace (${ada.id})`);
    expect(mails[0]!.mail.text).toContain('What they wrote: Kept asking for my number <b>again</b>');
    expect(mails[0]!.mail.html).toContain('Kept asking for my number &lt;b&gt;again&lt;/b&gt;');
    const stored = await t.db.selectFrom('reports').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ reporter_id: ada.id, reported_id: bob.id, reason: 'harassment', text: 'Kept asking for my number <b>again</b>' });
    // Bob is told nothing and blocked by nobody: his profile, his list of blocks, Ada in his reach.
    expect(t.mailer.reports.some((sent) => sent.to !== REPORTS)).toBe(false);
    expect((await bob.client.get('/api/users/me/blocked')).body).toEqual([]);
    expect((await ada.client.get('/api/users/me/blocked')).body).toEqual([]);
  });

  it('takes every reason, text optional; the same member may be reported again (a new report)', async () => {
    const [ada, bob] = [await newMember(t), await newMember(t)];
    const ids = new Set<string>();
    for (const reason of REPORT_REASONS) {
      const res = await report(ada.client, bob.id, { reason });
      expect(res.status, `${reason}: ${res.text}`).toBe(201);
      ids.add(res.body.id);
    }
    expect(ids.size).toBe(REPORT_REASONS.length);
    const rows = await t.db.selectFrom('reports').select(['reason', 'text']).where('reporter_id', '=', ada.id).execute();
    expect(rows.map((row) => row.reason).sort()).toEqual([...REPORT_REASONS].sort());
    expect(rows.every((row) => row.text === null)).toBe(true);
  });

  it('without REPORTS_EMAIL logs one JSON line with the report’s id and reason and none of its words', async () => {
    const [ada, bob] = [await newMember(t), await newMember(t)];
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    const config = testConfig({ LOG_LEVEL: 'info' });
    const app = createApp({ db: t.db, mailer: t.mailer, config, clock: t.clock.now, logger: createLogger('info', 'json') });
    const client = t.client({}, app);
    client.jar.set('sid', ada.client.sid!);
    const res = await report(client, bob.id, { reason: 'spam', text: 'Selling crypto courses to everyone' });
    expect(res.status, res.text).toBe(201);
    const reportLines = lines.filter((line) => line.includes('[safety] report'));
    expect(reportLines).toHaveLength(1);
    expect(JSON.parse(reportLines[0]!)).toMatchObject({
      level: 'info',
      msg: '[safety] report',
      reportId: res.body.id,
      reason: 'spam',
      reporterId: ada.id,
      reportedId: bob.id,
      evidenceMessages: 0,
      withText: true,
    });
    expect(lines.join('\n')).not.toContain('crypto');
    expect(t.mailer.reports.some((sent) => sent.mail.reportId === res.body.id)).toBe(false);
  });

  it('refuses a missing or unknown reason (400 naming reason), text past its limit or with code (400 naming text)', async () => {
    const [ada, bob] = [await newMember(t), await newMember(t)];
    for (const body of [{}, { reason: 'rude' }, { reason: 7 }, { reason: null }]) {
      const res = await report(ada.client, bob.id, body);
      expect([res.status, res.body], JSON.stringify(body)).toEqual([400, { error: SAFETY_ERRORS.reason, field: 'reason' }]);
    }
    const long = await report(ada.client, bob.id, { reason: 'other', text: 'x'.repeat(REPORT_TEXT_MAX_LENGTH + 1) });
    expect([long.status, long.body]).toEqual([400, { error: API_ERRORS.inputTooLong, field: 'text' }]);
    const code = await report(ada.client, bob.id, { reason: 'other', text: '<script>alert(1)</script>' });
    expect([code.status, code.body.field]).toEqual([400, 'text']);
    // Exactly the limit, over several lines, is a report.
    const full = await report(ada.client, bob.id, { reason: 'other', text: `${'y'.repeat(REPORT_TEXT_MAX_LENGTH - 2)}\n\n` });
    expect(full.status, full.text).toBe(201);
    const stored = await t.db.selectFrom('reports').select('id').where('reporter_id', '=', ada.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses reporting oneself (400) and an unknown member (404), and asks for a session (401)', async () => {
    const ada = await newMember(t);
    const self = await report(ada.client, ada.id, { reason: 'spam' });
    expect([self.status, self.body]).toEqual([400, { error: SAFETY_ERRORS.reportSelf }]);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await report(ada.client, id, { reason: 'spam' });
      expect([res.status, res.body], id).toEqual([404, { error: SAFETY_ERRORS.notFound }]);
    }
    expect((await t.client().request('POST', `/api/users/${ada.id}/report`, { json: { reason: 'spam' } })).status).toBe(401);
  });

  it('reports a member who blocked the reporter: a block hides them, it does not shield them from a report', async () => {
    const [ada, bob] = [await newMember(t), await newMember(t)];
    expect((await bob.client.request('PUT', `/api/users/${ada.id}/block`)).status).toBe(204);
    expect((await report(ada.client, bob.id, { reason: 'harassment' })).status).toBe(201);
  });

  it('keeps the conversation’s last messages with the report, oldest first, also once the two are blocked', async () => {
    const [ada, bob, cy] = [await newMember(t), await newMember(t), await newMember(t)];
    await connect(t.db, ada.id, bob.id);
    await connect(t.db, ada.id, cy.id);
    const texts: string[] = [];
    for (let i = 0; i < REPORT_EVIDENCE_MESSAGES + 2; i++) {
      const [from, to] = i % 2 === 0 ? [bob, ada] : [ada, bob];
      const text = `Message ${i} from ${from === bob ? 'Bob' : 'Ada'}`;
      t.clock.advance(1000);
      const sent = await from.client.request('PUT', `/api/conversations/${to.id}/messages/${randomUUID()}`, { json: { text } });
      expect(sent.status, sent.text).toBe(201);
      texts.push(text);
    }
    expect((await cy.client.request('PUT', `/api/conversations/${ada.id}/messages/${randomUUID()}`, { json: { text: 'Not about Bob' } })).status).toBe(201);
    const res = await report(onMailingApp(ada), bob.id, { reason: 'harassment' });
    expect(res.status, res.text).toBe(201);
    const stored = await t.db.selectFrom('reports').select('evidence').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(stored.evidence.map((message) => message.text)).toEqual(texts.slice(2));
    expect(stored.evidence.map((message) => message.fromReporter)).toEqual(texts.slice(2).map((text) => text.endsWith('Ada')));
    await pushSendsSettled();
    const mail = t.mailer.reports.find((sent) => sent.mail.reportId === res.body.id)!.mail;
    expect(mail.text).toContain(`Their conversation, the last ${REPORT_EVIDENCE_MESSAGES} messages:`);
    expect(mail.text).toContain(`: ${texts.at(-1)}`);
    expect(mail.text).not.toContain(texts[1]);
    expect(mail.text).not.toContain('Not about Bob');
    // A block hides the conversation from both; a report made after it still carries it.
    expect((await ada.client.request('PUT', `/api/users/${bob.id}/block`)).status).toBe(204);
    const after = await report(ada.client, bob.id, { reason: 'harassment', text: 'And then he kept going' });
    const kept = await t.db.selectFrom('reports').select('evidence').where('id', '=', after.body.id).executeTakeFirstOrThrow();
    expect(kept.evidence).toEqual(stored.evidence);
  });

  it('replays the answer under the same Idempotency-Key: one report', async () => {
    const [ada, bob] = [await newMember(t), await newMember(t)];
    const key = randomUUID();
    const send = () => ada.client.request('POST', `/api/users/${bob.id}/report`, { json: { reason: 'fake_profile' }, headers: { 'Idempotency-Key': key } });
    const first = await send();
    const again = await send();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await t.db.selectFrom('reports').select('id').where('reporter_id', '=', ada.id).execute()).toHaveLength(1);
  });
});
