import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { parsePushPayload, type PushPayload } from '../../contract/push';
import { MEETING_ERROR_CODES, MEETING_ERRORS, type Meeting } from '../../contract/meetings';
import type { AppEnv } from '../http/app-env';
import { createSmtpMailer } from '../services/mail/mailer';
import { pushSendsSettled } from '../services/push/in-flight';
import { swipingAttendee } from '../test/helpers/attendee-fixtures';
import { insertEvent, type Member } from '../test/helpers/events-fixtures';
import { meetingEvent } from '../test/helpers/meeting-fixtures';
import { startLocalPushService, subscribeThroughApi, type LocalPushService, type LocalSubscription } from '../test/helpers/push-service';
import { headerText, leavesOf, parseMime, startSmtpSink, type SmtpSink } from '../test/helpers/smtp-sink';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * A block, walked through every place one member's profile, name or photo could reach the other
 * (contract/safety.ts): each place is first seen to show the other, then, after Ada blocks Bob, to
 * show neither to the other, both ways. The meetings between them are cancelled, and Bob is told
 * only that (a push and the calendar's cancel, as for any cancel); Ada is told nothing more.
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

const keyed = () => ({ headers: { 'Idempotency-Key': randomUUID() } });
const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

/** Whom the member's events list names among the connections who attend them. */
async function attendingConnections(person: Person): Promise<string[]> {
  const res = await person.client.get('/api/events/my-events?includeAttendeeConnections=true');
  expect(res.status, res.text).toBe(200);
  const lists = Object.values((res.body.attendeeConnections ?? {}) as Record<string, Array<{ id: string }>>);
  return [...new Set(lists.flat().map((person) => person.id))];
}

async function pushes(person: Person): Promise<PushPayload[]> {
  await pushSendsSettled();
  return (await pushService.messages(person.device)).map((text) => parsePushPayload(text)!);
}

async function mailSubjects(person: Person): Promise<string[]> {
  await pushSendsSettled();
  return sink.mailsTo(person.email).map((mail) => headerText(parseMime(mail.raw).headers.get('subject') ?? ''));
}

function calendarMethods(person: Person): string[] {
  return sink.mailsTo(person.email).map((mail) => {
    const part = leavesOf(parseMime(mail.raw)).find((leaf) => /^text\/calendar/i.test(leaf.headers.get('content-type') ?? ''));
    return /method=([A-Z]+)/i.exec(part?.headers.get('content-type') ?? '')?.[1] ?? 'none';
  });
}

it(
  'hides the two from each other everywhere, both ways, and tells the blocked member only that their meetings were cancelled',
  { timeout: 60_000 },
  async () => {
    const { event, people: members, at } = await meetingEvent(t, 3);
    const people: Person[] = [];
    for (const member of members) {
      const client = t.client({}, app);
      client.jar.set('sid', member.client.sid!);
      const { email } = await t.db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow();
      people.push({ ...member, client, email, device: await subscribeThroughApi(pushService, client) });
    }
    const [ada, bob, cy] = people as [Person, Person, Person];
    const both: Array<[Person, Person]> = [
      [ada, bob],
      [bob, ada],
    ];

    // Before: Ada and Bob liked each other at the event (connected, a feed entry each), Ada keeps a
    // note on Bob, Bob goes to a second event (Ada's feed says so), each shared a profile link, Bob
    // asked Ada to meet and Ada's meeting with Bob was accepted.
    const later = await insertEvent(t.db, { start: new Date(t.clock.now().getTime() + 10 * 86_400_000) });
    const swipe = (from: Person, to: Person) =>
      from.client.request('POST', '/api/users/interactions/positive', { json: { toUserId: to.id, eventId: event.id }, ...keyed() });
    expect((await swipe(ada, bob)).status).toBe(201);
    expect((await swipe(bob, ada)).body.interaction.connected).toBe(true);
    expect((await ada.client.request('PUT', `/api/users/${bob.id}/note`, { json: { note: 'Ask about robots' }, ...keyed() })).status).toBe(200);
    expect((await bob.client.request('POST', `/api/events/${later.id}/join`, { json: { goal: '' }, ...keyed() })).status).toBe(201);
    const secretOf = async (person: Person) => (await person.client.post('/api/users/me/share')).body.shareUrl.split('/').at(-1) as string;
    const secrets = new Map([
      [ada.id, await secretOf(ada)],
      [bob.id, await secretOf(bob)],
    ]);
    const request = await bob.client.request('POST', `/api/events/${event.id}/meetings`, {
      json: { inviteeId: ada.id, startsAt: at(60), minutes: 30, place: 'Table 12' },
      ...keyed(),
    });
    expect(request.status, request.text).toBe(201);
    const meetingAsk = await ada.client.request('POST', `/api/events/${event.id}/meetings`, {
      json: { inviteeId: bob.id, startsAt: at(120), minutes: 30, place: 'Stand B4' },
      ...keyed(),
    });
    const accepted = await bob.client.request('POST', `/api/meetings/${meetingAsk.body.id}/accept`, { json: {}, ...keyed() });
    expect(accepted.status, accepted.text).toBe(200);
    const meetingIds = [request.body.id as string, meetingAsk.body.id as string];

    // Each place shows the other before the block: what is checked below is the block's doing.
    const adaFeedBefore = (await ada.client.get('/api/feed')).body.activities.map((a: { userId: string }) => a.userId);
    expect(adaFeedBefore).toContain(bob.id);
    for (const [me, other] of both) {
      expect(ids((await me.client.get('/api/users/connections')).body)).toContain(other.id);
      expect((await me.client.get(`/api/users/${other.id}/public`)).status).toBe(200);
      expect(ids((await me.client.get(`/api/events/${event.id}/attendees/my-connections`)).body)).toContain(other.id);
      expect(await attendingConnections(me)).toContain(other.id);
    }
    const pushesBefore = new Map([
      [ada.id, (await pushes(ada)).length],
      [bob.id, (await pushes(bob)).length],
    ]);
    const mailsBefore = new Map([
      [ada.id, (await mailSubjects(ada)).length],
      [bob.id, (await mailSubjects(bob)).length],
    ]);

    const blocked = await ada.client.request('PUT', `/api/users/${bob.id}/block`, keyed());
    expect(blocked.status, blocked.text).toBe(204);

    for (const [me, other] of both) {
      const as = `${me.firstName} about ${other.firstName}`;
      // The deck, both ways: they are neither connected nor have they swiped any more, and still the other is not there (Cy is).
      const deck = await me.client.get(`/api/events/${event.id}/attendees`);
      expect(ids(deck.body.attendees), as).toEqual([cy.id]);
      // The feed: no entry about the other.
      const feed = await me.client.get('/api/feed');
      expect(
        feed.body.activities.map((a: { userId: string }) => a.userId),
        as,
      ).not.toContain(other.id);
      // Connections: the connection ended, with its page, its card and the note.
      expect(ids((await me.client.get('/api/users/connections')).body), as).not.toContain(other.id);
      for (const path of [`/api/users/${other.id}/connection`, `/api/users/${other.id}/connection.vcf`]) {
        expect((await me.client.get(path)).status, `${as}: ${path}`).toBe(404);
      }
      expect((await me.client.get(`/api/events/${event.id}/attendees/my-connections`)).body, as).toEqual([]);
      expect(await attendingConnections(me), as).toEqual([]);
      // Their own swipes at each other are gone from their lists too.
      expect((await me.client.get(`/api/users/interactions/${event.id}`)).body, as).toEqual([]);
      // The profile, its counts, their events, the share link and its preview: as for nobody.
      const secret = secrets.get(other.id)!;
      for (const path of [
        `/api/users/${other.id}/public`,
        `/api/users/${other.id}/public/${secret}`,
        `/api/users/${other.id}/public/${secret}/preview`,
        `/api/users/${other.id}/connections/count`,
        `/api/users/${other.id}/events/count`,
        `/api/events/users/${other.id}`,
      ]) {
        const res = await me.client.get(path);
        expect([res.status, res.body], `${as}: ${path}`).toEqual([404, { error: API_ERRORS.userNotFound }]);
      }
      // QR and share-link connects, and a profile's Connect: refused as for a member who does not exist.
      for (const path of [`/api/users/${other.id}/connect/${secret}`, `/api/users/${other.id}/connect`]) {
        const res = await me.client.request('POST', path, keyed());
        expect([res.status, res.body], `${as}: ${path}`).toEqual([404, { error: API_ERRORS.userNotFound }]);
      }
      // A swipe at the other: as at someone who does not attend.
      const stranger = await swipingAttendee(t);
      const atStranger = await me.client.request('POST', '/api/users/interactions/positive', {
        json: { toUserId: stranger.id, eventId: event.id },
        ...keyed(),
      });
      const atOther = await me.client.request('POST', '/api/users/interactions/positive', { json: { toUserId: other.id, eventId: event.id }, ...keyed() });
      expect([atOther.status, atOther.body], as).toEqual([atStranger.status, atStranger.body]);
      // The assistant's attendees worth meeting at the event: as the deck, without the other.
      const chat = await me.client.request('POST', '/api/chat', { json: { journeyType: 'PREPARE_FOR_EVENT', eventId: event.id }, ...keyed() });
      expect(chat.status, chat.text).toBe(201);
      expect(
        chat.body.messages[0].metadata.attendees.map((a: { userId: string }) => a.userId),
        as,
      ).toEqual([cy.id]);
      // A meeting request, and the time picker about the other: as for someone who does not attend.
      const ask = await me.client.request('POST', `/api/events/${event.id}/meetings`, {
        json: { inviteeId: other.id, startsAt: at(240), minutes: 30, place: 'Table 1' },
        ...keyed(),
      });
      expect([ask.status, ask.body], as).toEqual([403, { error: MEETING_ERRORS.notAttendees, code: MEETING_ERROR_CODES.notAttendees }]);
      const picker = await me.client.get(`/api/events/${event.id}/meetings/availability?with=${other.id}`);
      expect([picker.body.with, picker.body.theirBusy], as).toEqual([null, []]);
      // Their meetings were cancelled, as the blocker's cancel without a note; they take no answer now.
      for (const id of meetingIds) {
        const meeting = (await me.client.get(`/api/meetings/${id}`)).body as Meeting;
        expect([meeting.state, meeting.note, meeting.closedByMe], `${as}: meeting`).toEqual(['cancelled', null, me.id === ada.id]);
        const propose = await me.client.request('POST', `/api/meetings/${id}/propose`, {
          json: { startsAt: at(300), minutes: 15, place: 'Lobby' },
          ...keyed(),
        });
        expect([propose.status, propose.body], `${as}: propose`).toEqual([404, { error: MEETING_ERRORS.notFound }]);
      }
    }
    // An attendee both know sees both as before: the block is theirs alone.
    expect(ids((await cy.client.get(`/api/events/${event.id}/attendees`)).body.attendees).sort()).toEqual([ada.id, bob.id].sort());
    // Without a session, the share link's preview still shows whose link it is.
    expect((await t.client().get(`/api/users/${bob.id}/public/${secrets.get(bob.id)}/preview`)).status).toBe(200);

    // What each was told: Bob, that his meetings with Ada were cancelled (a push each, the calendar's
    // cancel for the accepted one), in the words of any cancel; Ada, nothing.
    const toBob = (await pushes(bob)).slice(pushesBefore.get(bob.id));
    expect(toBob.map((push) => [push.title, push.body]).sort()).toEqual(
      [
        ['Meeting cancelled', expect.stringMatching(/^Ada Lovelace cancelled your meeting on /)],
        ['Meeting request cancelled', expect.stringMatching(/^Ada Lovelace cancelled the meeting request for /)],
      ].sort(),
    );
    for (const push of toBob) expect(`${push.title} ${push.body}`).not.toMatch(/block/i);
    expect((await pushes(ada)).length).toBe(pushesBefore.get(ada.id));
    const bobMails = (await mailSubjects(bob)).slice(mailsBefore.get(bob.id));
    expect(bobMails).toHaveLength(1);
    expect(calendarMethods(bob).at(-1)).toBe('CANCEL');
    for (const subject of bobMails) expect(subject).not.toMatch(/block/i);
    // Ada's own calendar entry of the accepted meeting is cancelled too; no other mail, and none about the block.
    const adaMails = (await mailSubjects(ada)).slice(mailsBefore.get(ada.id));
    expect(adaMails).toHaveLength(1);
    expect(calendarMethods(ada).at(-1)).toBe('CANCEL');
    // Nothing in Bob's feed or anywhere of his tells of the block.
    expect((await bob.client.get('/api/users/me/blocked')).body).toEqual([]);
  },
);
