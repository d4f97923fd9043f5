import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePushPayload, type PushPayload } from '../../../contract/push';
import { openDatabase } from '../../db/database';
import type { Config } from '../../env';
import { createLogger } from '../../logger';
import type { Member } from '../../test/helpers/events-fixtures';
import { acceptedMeeting, askMeeting, meetingEvent } from '../../test/helpers/meeting-fixtures';
import { startLocalPushService, subscribeThroughApi, type LocalPushService, type LocalSubscription } from '../../test/helpers/push-service';
import { createTestContext, testConfig, type TestContext } from '../../test/helpers/test-app';
import { pushSendsSettled } from '../push/in-flight';
import { startPushScheduler } from '../push/reminder-scheduler';
import { runMeetingPass } from './meeting-pass';
import { createLogMailer } from '../mail/mailer';

/** The reminder 10 minutes before an accepted meeting: to both members, once, whatever the number of processes. */

const MINUTE = 60_000;
let t: TestContext;
let pushService: LocalPushService;
let config: Config;
beforeAll(async () => {
  pushService = await startLocalPushService();
  const env = { PUSH_ALLOWED_ORIGINS: pushService.origin };
  t = await createTestContext(env);
  config = testConfig(env);
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});

const logger = createLogger('silent');
const context = (db = t.db) => ({ db, config, logger, clock: t.clock.now, mailer: createLogMailer(() => {}), origin: 'http://localhost' });

interface Device extends Member {
  device: LocalSubscription;
}

async function withDevices(count: number) {
  const { event, people, at } = await meetingEvent(t, count);
  const devices: Device[] = [];
  for (const member of people) devices.push({ ...member, device: await subscribeThroughApi(pushService, member.client) });
  return { event, people: devices, at };
}

async function received(member: Device): Promise<PushPayload[]> {
  await pushSendsSettled();
  return (await pushService.messages(member.device)).map((text) => parsePushPayload(text)!);
}
const reminders = async (member: Device) => (await received(member)).filter((payload) => payload.kind === 'meeting-reminder');

/** Moves the test clock to `minutes` before `iso`. */
const moveTo = (iso: string, minutes: number) => t.clock.advance(Date.parse(iso) - minutes * MINUTE - t.clock.now().getTime());

describe('meeting reminders', () => {
  it('go to both members 10 minutes before an accepted meeting, once; not for a request, not with the switch off; again at a new time', async () => {
    const { event, people, at } = await withDevices(4);
    const [ada, bob, cy, dee] = people as [Device, Device, Device, Device];
    const meeting = await acceptedMeeting(ada, bob, event.id, at(60));
    const quiet = await acceptedMeeting(cy, dee, event.id, at(60));
    await dee.client.put('/api/push/settings', { newConnection: true, eventReminder: true, meetings: false });
    expect((await askMeeting(ada, event.id, { inviteeId: cy.id, startsAt: at(120) })).status).toBe(201);

    moveTo(at(60), 11);
    await runMeetingPass(context());
    expect(await reminders(ada)).toEqual([]);

    moveTo(at(60), 8);
    await runMeetingPass(context());
    await runMeetingPass(context());
    expect(await reminders(ada)).toEqual([
      {
        kind: 'meeting-reminder',
        title: 'Meeting with Bob Lovelace in 8 minutes',
        body: expect.stringMatching(/^\d{2}:\d{2} at Table 12\.$/),
        tag: `meeting-${meeting.id}`,
        url: `/meetings/${meeting.id}`,
      },
    ]);
    expect((await reminders(bob)).map((payload) => payload.title)).toEqual(['Meeting with Ada Lovelace in 8 minutes']);
    expect(await reminders(cy)).toHaveLength(1);
    expect(await reminders(dee)).toEqual([]);
    expect(quiet.state).toBe('accepted');

    // A new time accepted: reminded of again before it.
    expect((await ada.client.post(`/api/meetings/${meeting.id}/propose`, { startsAt: at(180), minutes: 15, place: 'Lobby' })).status).toBe(200);
    expect((await bob.client.post(`/api/meetings/${meeting.id}/accept`, {})).status).toBe(200);
    moveTo(at(180), 9);
    await runMeetingPass(context());
    expect((await reminders(ada)).map((payload) => payload.body)).toEqual([expect.stringContaining('Table 12'), expect.stringContaining('Lobby')]);
  });

  it('go once per member when passes run side by side', async () => {
    const { event, people, at } = await withDevices(12);
    for (let i = 0; i < people.length; i += 2) await acceptedMeeting(people[i]!, people[i + 1]!, event.id, at(30));
    moveTo(at(30), 5);
    await Promise.all([runMeetingPass(context()), runMeetingPass(context()), runMeetingPass(context())]);
    for (const member of people) expect(await reminders(member)).toHaveLength(1);
  });

  // Two server processes on one PostgreSQL server: each scheduler has its own connection pool.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('go once per member with two schedulers on two pools of one PostgreSQL', async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const second = await openDatabase({ databaseUrl: url.toString() });
    try {
      const { event, people, at } = await withDevices(20);
      const ids: string[] = [];
      for (let i = 0; i < people.length; i += 2) ids.push((await acceptedMeeting(people[i]!, people[i + 1]!, event.id, at(45))).id);
      moveTo(at(45), 7);
      const schedulers = [t.db, second.db].map((db) => startPushScheduler({ db, config, logger, clock: t.clock.now, intervalMs: 10 }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
      for (const member of people) expect(await reminders(member)).toHaveLength(1);
      const sent = await t.db.selectFrom('meeting_reminders').select('sent_at').where('meeting_id', 'in', ids).execute();
      expect(sent).toHaveLength(20);
      expect(sent.every((row) => row.sent_at !== null)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
