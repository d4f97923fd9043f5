import ICAL from 'ical.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePushPayload, type PushPayload } from '../../contract/push';
import type { Meeting } from '../../contract/meetings';
import { createSmtpMailer } from '../services/mail/mailer';
import { pushSendsSettled } from '../services/push/in-flight';
import type { Member } from '../test/helpers/events-fixtures';
import { meetingEvent } from '../test/helpers/meeting-fixtures';
import { startLocalPushService, subscribeThroughApi, type LocalPushService, type LocalSubscription } from '../test/helpers/push-service';
import { headerText, leavesOf, parseMime, startSmtpSink, type SmtpSink } from '../test/helpers/smtp-sink';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';

/**
 * What meetings tell their members (docs/product.md, 'Meetings'): pushes through a local push
 * service (RFC 8030/8291) and invitation mails through a local SMTP server, as a member receives them.
 */

let t: TestContext;
let pushService: LocalPushService;
let sink: SmtpSink;
let app: Hono<AppEnv>;
beforeAll(async () => {
  pushService = await startLocalPushService();
  sink = await startSmtpSink();
  t = await createTestContext({ PUSH_ALLOWED_ORIGINS: pushService.origin });
  app = t.makeApp({}, createSmtpMailer(sink.url, 'Mingle <no-reply@mingle.local>'));
});
afterAll(async () => {
  await pushService?.close();
  await sink?.close();
  await t?.close();
});

interface Person extends Member {
  email: string;
  device: LocalSubscription;
}

/** The event's attendees, signed in on the app that mails through SMTP, each with a device. */
async function people(count: number, timeZone = 'Europe/Oslo') {
  const { event, people: members, at } = await meetingEvent(t, count, { timeZone });
  const out: Person[] = [];
  for (const member of members) {
    const client = t.client({}, app);
    client.jar.set('sid', member.client.sid!);
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow();
    out.push({ ...member, client, email, device: await subscribeThroughApi(pushService, client) });
  }
  return { event, people: out, at };
}

/** Mails go out after the request answered, as pushes do: what arrived once every send settled. */
async function mailsTo(person: Person) {
  await pushSendsSettled();
  return sink.mailsTo(person.email);
}

async function pushes(person: Person): Promise<PushPayload[]> {
  await pushSendsSettled();
  return (await pushService.messages(person.device)).map((text) => parsePushPayload(text)!);
}

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo' }).format(
    new Date(iso),
  );

const act = async (member: Person, id: string, action: string, body: Record<string, unknown> = {}, key = randomUUID()) => {
  const res = await member.client.request('POST', `/api/meetings/${id}/${action}`, { json: body, headers: { 'Idempotency-Key': key } });
  expect(res.status, res.text).toBe(200);
  return res.body as Meeting;
};

async function ask(from: Person, to: Person, eventId: string, startsAt: string): Promise<Meeting> {
  const res = await from.client.request('POST', `/api/events/${eventId}/meetings`, {
    json: { inviteeId: to.id, startsAt, minutes: 30, place: 'Table 12' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as Meeting;
}

/** The invitation of a mail: its METHOD (in the part's type and in the calendar) and its one VEVENT. */
function invitationOf(raw: string) {
  const mail = parseMime(raw);
  const calendarPart = leavesOf(mail).find((part) => /^text\/calendar/i.test(part.headers.get('content-type') ?? ''));
  expect(calendarPart, 'a text/calendar part').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(calendarPart!.text));
  const [vevent, ...more] = calendar.getAllSubcomponents('vevent');
  expect(more).toEqual([]);
  const entry = new ICAL.Event(vevent!);
  return {
    subject: headerText(mail.headers.get('subject') ?? ''),
    partMethod: /method=([A-Z]+)/i.exec(calendarPart!.headers.get('content-type')!)?.[1],
    method: calendar.getFirstPropertyValue('method'),
    uid: entry.uid,
    sequence: entry.sequence,
    status: entry.component.getFirstPropertyValue('status'),
    start: entry.startDate.toJSDate().toISOString(),
    organizer: entry.component.getFirstPropertyValue('organizer'),
    attendees: entry.attendees.map((attendee) => attendee.getFirstValue()),
    text: leavesOf(mail).find((part) => /^text\/plain/i.test(part.headers.get('content-type') ?? ''))?.text ?? '',
  };
}

describe('pushes about meetings', () => {
  it('go to the member who did not act: a request, an answer, a new time, a cancel; not again on a replay; not with the switch off', async () => {
    const { event, people: list, at } = await people(3);
    const [ada, bob, cy] = list as [Person, Person, Person];
    const meeting = await ask(ada, bob, event.id, at(60));
    const url = `/meetings/${meeting.id}`;
    expect(await pushes(bob)).toEqual([
      { kind: 'meeting', title: 'Meeting request', body: `Ada Lovelace asks to meet: ${when(at(60))} at Table 12.`, tag: `meeting-${meeting.id}`, url },
    ]);
    expect(await pushes(ada)).toEqual([]);

    const key = randomUUID();
    await act(bob, meeting.id, 'accept', {}, key);
    await act(bob, meeting.id, 'accept', {}, key);
    expect((await pushes(ada)).map((p) => [p.title, p.body, p.url])).toEqual([
      ['Meeting accepted', `Bob Lovelace accepted: ${when(at(60))} at Table 12.`, url],
    ]);

    await act(ada, meeting.id, 'propose', { startsAt: at(120), minutes: 15, place: 'Lobby' });
    expect((await pushes(bob)).at(-1)).toMatchObject({ title: 'Another time proposed', body: `Ada Lovelace proposes ${when(at(120))} at Lobby.` });
    await act(bob, meeting.id, 'accept');
    expect((await pushes(ada)).at(-1)).toMatchObject({ title: 'New time accepted', body: `Bob Lovelace accepted the new time: ${when(at(120))} at Lobby.` });

    // Cy turned meeting notices off: Ada's request reaches Cy only in the app.
    const off = await cy.client.put('/api/push/settings', { newConnection: true, eventReminder: true, meetings: false });
    expect(off.body.meetings).toBe(false);
    const toCy = await ask(ada, cy, event.id, at(240));
    expect(await pushes(cy)).toEqual([]);
    await act(cy, toCy.id, 'decline');
    expect((await pushes(ada)).at(-1)).toMatchObject({ title: 'Meeting declined', body: `Cy Lovelace declined the meeting on ${when(at(240))}.` });

    await act(ada, meeting.id, 'cancel', { note: 'Sorry' });
    expect((await pushes(bob)).map((p) => p.title)).toEqual(['Meeting request', 'Another time proposed', 'Meeting cancelled']);
    expect(await pushes(ada)).toHaveLength(3);
  });
});

describe('invitation mails', () => {
  it('go to both members on an accept, a new time accepted and a cancel, each with the calendar entry of the same UID and SEQUENCE', async () => {
    const { event, people: list, at } = await people(2);
    const [ada, bob] = list as [Person, Person];
    const meeting = await ask(ada, bob, event.id, at(60));
    await act(bob, meeting.id, 'decline');
    const again = await ask(bob, ada, event.id, at(90));
    expect([...(await mailsTo(ada)), ...(await mailsTo(bob))]).toEqual([]);

    const key = randomUUID();
    await act(ada, again.id, 'accept', {}, key);
    await act(ada, again.id, 'accept', {}, key);
    const [toAda] = await mailsTo(ada);
    const [toBob] = await mailsTo(bob);
    const accepted = invitationOf(toAda!.raw);
    expect(accepted).toMatchObject({
      subject: 'Meeting with Bob Lovelace',
      partMethod: 'REQUEST',
      method: 'REQUEST',
      uid: `meeting-${again.id}@mingle`,
      sequence: 1,
      status: 'CONFIRMED',
      start: at(90),
      organizer: expect.stringMatching(/^mailto:no-reply@mingle\.local$/i),
      attendees: [`mailto:${ada.email}`],
    });
    expect(accepted.text).toContain(`You meet Bob Lovelace on ${when(at(90))} (Europe/Oslo) at Table 12`);
    // Bob's names Ada and only Bob's address; the download is the same entry.
    expect(invitationOf(toBob!.raw)).toMatchObject({
      subject: 'Meeting with Ada Lovelace',
      uid: accepted.uid,
      sequence: 1,
      attendees: [`mailto:${bob.email}`],
    });
    const file = new ICAL.Event(
      new ICAL.Component(ICAL.parse((await ada.client.get(`/api/meetings/${again.id}/calendar.ics`)).text)).getFirstSubcomponent('vevent')!,
    );
    expect([file.uid, file.sequence]).toEqual([accepted.uid, accepted.sequence]);

    await act(bob, again.id, 'propose', { startsAt: at(180), minutes: 30, place: 'Lobby' });
    expect(await mailsTo(ada)).toHaveLength(1);
    await act(ada, again.id, 'accept');
    const moved = invitationOf((await mailsTo(bob))[1]!.raw);
    expect(moved).toMatchObject({ subject: 'New time: meeting with Ada Lovelace', method: 'REQUEST', uid: accepted.uid, sequence: 2, start: at(180) });

    await act(ada, again.id, 'cancel', { note: 'My flight moved' });
    for (const person of [ada, bob]) {
      const cancelled = invitationOf((await mailsTo(person))[2]!.raw);
      expect(cancelled).toMatchObject({ partMethod: 'CANCEL', method: 'CANCEL', uid: accepted.uid, sequence: 3, status: 'CANCELLED', start: at(180) });
      expect(cancelled.subject).toMatch(/^Cancelled: meeting with (Ada|Bob) Lovelace$/);
      expect(cancelled.text).toContain('My flight moved');
    }
  });

  it('that cannot be sent fail nothing: the accept answers and the push still goes', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const unreachable = t.makeApp({}, createSmtpMailer(closed.url, 'Mingle <no-reply@mingle.local>'));
    const { event, people: list, at } = await people(2);
    const [ada, bob] = list as [Person, Person];
    const meeting = await ask(ada, bob, event.id, at(60));
    const client = t.client({}, unreachable);
    client.jar.set('sid', bob.client.sid!);
    const res = await client.post(`/api/meetings/${meeting.id}/accept`, {});
    expect(res.status).toBe(200);
    expect((await pushes(ada)).map((payload) => payload.title)).toEqual(['Meeting accepted']);
  });
});
