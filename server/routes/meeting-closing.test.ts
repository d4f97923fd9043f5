import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_MEMBER_NAME, MEETING_CLOSING_NOTES } from '../../contract/meeting-notices';
import { parsePushPayload, type PushPayload } from '../../contract/push';
import type { Meeting } from '../../contract/meetings';
import { createLogger } from '../logger';
import { runMeetingPass } from '../services/meetings/meeting-pass';
import { pushSendsSettled } from '../services/push/in-flight';
import type { Member } from '../test/helpers/events-fixtures';
import { acceptedMeeting, askMeeting, meetingEvent } from '../test/helpers/meeting-fixtures';
import { startLocalPushService, subscribeThroughApi, type LocalPushService, type LocalSubscription } from '../test/helpers/push-service';
import { createTestContext, testConfig, type TestContext } from '../test/helpers/test-app';

/**
 * Meetings Mingle closes (docs/product.md, 'Meetings'): a member leaves the event, deletes their
 * account, or the event ends; the other side sees it cancelled with the reason and is told.
 */

const MINUTE = 60_000;
let t: TestContext;
let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTestContext({ PUSH_ALLOWED_ORIGINS: pushService.origin });
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});

interface Device extends Member {
  device: LocalSubscription;
  email: string;
}

async function withDevices(count: number, options: Parameters<typeof meetingEvent>[2] = {}) {
  const { event, people, at } = await meetingEvent(t, count, options);
  const devices: Device[] = [];
  for (const member of people) {
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow();
    devices.push({ ...member, email, device: await subscribeThroughApi(pushService, member.client) });
  }
  return { event, people: devices, at };
}

async function pushes(member: Device): Promise<PushPayload[]> {
  await pushSendsSettled();
  return (await pushService.messages(member.device)).map((text) => parsePushPayload(text)!);
}
const cancelPushes = async (member: Device) => (await pushes(member)).filter((payload) => payload.title === 'Meeting cancelled');
const meetingOf = async (member: Member, id: string) => (await member.client.get(`/api/meetings/${id}`)).body as Meeting;
const asked = async (from: Member, to: Member, eventId: string, startsAt: string) =>
  (await askMeeting(from, eventId, { inviteeId: to.id, startsAt })).body as Meeting;
/** The methods of the invitation mails `member` got about the meeting, oldest first. */
const mailedMethods = async (member: Device, meetingId: string) => {
  await pushSendsSettled();
  return t.mailer.meetingMails
    .filter((sent) => sent.to === member.email && sent.mail.calendar.content.includes(`meeting-${meetingId}@mingle`))
    .map((sent) => sent.mail.calendar.method);
};

describe('leaving the event', () => {
  it("cancels the member's open meetings there: the others see why and are told, the time is free, the calendar entry is cancelled", async () => {
    const { event, people, at } = await withDevices(4);
    const [ada, bob, cy, dee] = people as [Device, Device, Device, Device];
    const meeting = await acceptedMeeting(ada, bob, event.id, at(60));
    const request = await asked(ada, cy, event.id, at(120));
    const elsewhere = await acceptedMeeting(bob, dee, event.id, at(180));

    expect((await ada.client.request('DELETE', `/api/users/me/events/${event.id}`)).status).toBe(204);
    const note = MEETING_CLOSING_NOTES.leftEvent(ada.firstName);
    expect(await meetingOf(bob, meeting.id)).toMatchObject({ state: 'cancelled', note, closedByMe: false, sequence: 2 });
    expect(await meetingOf(ada, meeting.id)).toMatchObject({ state: 'cancelled', note, closedByMe: true });
    expect(await meetingOf(cy, request.id)).toMatchObject({ state: 'cancelled', note, awaitingMe: false });
    expect((await meetingOf(dee, elsewhere.id)).state).toBe('accepted');

    const [toBob] = await cancelPushes(bob);
    expect(toBob).toMatchObject({
      kind: 'meeting',
      url: `/meetings/${meeting.id}`,
      body: expect.stringMatching(/^Ada left the event: your meeting with Ada Lovelace on .+ is off\.$/),
    });
    expect(await cancelPushes(cy)).toHaveLength(1);
    expect(await cancelPushes(ada)).toEqual([]);
    expect(await mailedMethods(bob, meeting.id)).toEqual(['REQUEST', 'CANCEL']);
    expect(await mailedMethods(ada, meeting.id)).toEqual(['REQUEST', 'CANCEL']);
    expect(await mailedMethods(cy, request.id)).toEqual([]);

    const file = await bob.client.get(`/api/meetings/${meeting.id}/calendar.ics`);
    const entry = new ICAL.Event(new ICAL.Component(ICAL.parse(file.text)).getFirstSubcomponent('vevent')!);
    expect([entry.component.getFirstPropertyValue('status'), entry.sequence]).toEqual(['CANCELLED', 2]);
    // Bob's time is free again.
    await acceptedMeeting(dee, bob, event.id, at(60), 15);
  });
});

/** Every uuid or text column of every table that still holds `value`, as 'table.column'. */
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

describe('deleting the account', () => {
  it("leaves the other member's meetings ahead cancelled, with a deleted member, and takes the rest with it", async () => {
    const { event, people, at } = await withDevices(3);
    const [ada, bob, cy] = people as [Device, Device, Device];
    const ahead = await acceptedMeeting(ada, bob, event.id, at(60));
    // A new time Ada proposed: it waits on Bob, and names her.
    expect((await ada.client.post(`/api/meetings/${ahead.id}/propose`, { startsAt: at(90), minutes: 15, place: 'Lobby' })).status).toBe(200);
    const withMessage = (await askMeeting(ada, event.id, { inviteeId: cy.id, startsAt: at(120), message: 'About your talk?' })).body as Meeting;
    const declined = await asked(cy, ada, event.id, at(240));
    expect((await cy.client.post(`/api/meetings/${declined.id}/decline`, {})).status).toBe(409);
    expect((await ada.client.post(`/api/meetings/${declined.id}/decline`, {})).status).toBe(200);

    expect((await ada.client.post('/api/login/pin/request', { email: ada.email })).status).toBe(200);
    expect((await ada.client.request('DELETE', '/api/users/me', { json: { pin: t.mailer.lastCode(ada.email) } })).status).toBe(204);

    const deleted = { id: null, firstName: DELETED_MEMBER_NAME, lastName: '', imageUrl: null };
    expect(await meetingOf(bob, ahead.id)).toMatchObject({
      state: 'cancelled',
      note: MEETING_CLOSING_NOTES.deletedAccount,
      closedByMe: null,
      with: deleted,
      sequence: 2,
    });
    expect(await meetingOf(cy, withMessage.id)).toMatchObject({ state: 'cancelled', with: deleted, message: null });
    expect((await cy.client.get(`/api/meetings/${declined.id}`)).status).toBe(404);
    expect((await cancelPushes(bob)).map((payload) => payload.body)).toEqual([
      expect.stringMatching(/^This member deleted their account: your meeting on .+ is off\.$/),
    ]);
    expect(await mailedMethods(bob, ahead.id)).toEqual(['REQUEST', 'CANCEL']);
    const file = await bob.client.get(`/api/meetings/${ahead.id}/calendar.ics`);
    expect(file.text).toContain('SUMMARY:Meeting with Deleted member');
    expect(file.text).toContain('STATUS:CANCELLED');
    // Nothing names the deleted member any more, in any column of any table.
    expect(await placesHolding(ada.id)).toEqual([]);
  });
});

describe('the event ending', () => {
  it('cancels what is still open there (both told) and drops a new time still waiting; an expired request stays expired', async () => {
    const { event, people, at } = await withDevices(4);
    const [ada, bob, cy, dee] = people as [Device, Device, Device, Device];
    const early = await acceptedMeeting(ada, bob, event.id, at(0), 15);
    const lapsed = await asked(cy, dee, event.id, at(30));
    const late = await acceptedMeeting(cy, dee, event.id, at(300));
    expect((await ada.client.post(`/api/meetings/${early.id}/propose`, { startsAt: at(60), minutes: 15, place: 'Lobby' })).status).toBe(200);
    // The organizer ends the day early: after the early meeting, before the late one.
    t.clock.advance(Date.parse(at(45)) - t.clock.now().getTime());
    await t.db
      .updateTable('events')
      .set({ end_date_time: new Date(Date.parse(at(40))) })
      .where('id', '=', event.id)
      .execute();
    const context = {
      db: t.db,
      config: testConfig({ PUSH_ALLOWED_ORIGINS: pushService.origin }),
      logger: createLogger('silent'),
      clock: t.clock.now,
      mailer: t.mailer,
      origin: 'http://localhost',
    };
    await Promise.all([runMeetingPass(context), runMeetingPass(context)]);

    for (const member of [cy, dee]) {
      expect(await meetingOf(member, late.id)).toMatchObject({ state: 'cancelled', note: MEETING_CLOSING_NOTES.eventEnded, closedByMe: null, sequence: 2 });
      expect((await cancelPushes(member)).map((payload) => payload.body)).toEqual([
        expect.stringMatching(/^The event ended: your meeting with \w+ Lovelace on .+ is off\.$/),
      ]);
      expect(await mailedMethods(member, late.id)).toEqual(['REQUEST', 'CANCEL']);
    }
    expect(await meetingOf(bob, early.id)).toMatchObject({ state: 'accepted', proposal: null, awaitingMe: false, sequence: 1 });
    expect((await meetingOf(cy, lapsed.id)).state).toBe('expired');
    expect(await cancelPushes(ada)).toEqual([]);
    t.clock.advance(MINUTE);
  });
});
