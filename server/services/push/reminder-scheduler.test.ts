import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePushPayload, type PushPayload } from '../../../contract/push';
import { openDatabase } from '../../db/database';
import type { Config } from '../../env';
import { createLogger } from '../../logger';
import { HOUR, insertEvent, newMember, registerAt, type Member } from '../../test/helpers/events-fixtures';
import { startLocalPushService, subscribeThroughApi, type LocalPushService, type LocalSubscription } from '../../test/helpers/push-service';
import { createTestContext, testConfig, type TestContext } from '../../test/helpers/test-app';
import type { PushContext } from './deliver';
import { REMINDER_LEASE_MS } from './reminders';
import { runReminderTick, startPushScheduler } from './reminder-scheduler';

/**
 * The event reminders: due an hour before the start, sent once to each registered member
 * with a device, through passes that may run in several processes and after restarts.
 */

const MINUTE = 60 * 1000;
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
const context = (db = t.db): PushContext => ({ db, config, logger, clock: t.clock.now });

interface Device {
  member: Member;
  subscription: LocalSubscription;
}

/** A member with a device, registered at the event with the goal (no event: not registered). */
async function attendee(eventId: string | null, goal: string | null = null): Promise<Device> {
  const member = await newMember(t);
  if (eventId) await registerAt(t.db, member.id, eventId, goal);
  return { member, subscription: await subscribeThroughApi(pushService, member.client) };
}

async function received(device: Device): Promise<PushPayload[]> {
  return (await pushService.messages(device.subscription)).map((text) => parsePushPayload(text)!);
}

const startingIn = async (ms: number, name?: string) => insertEvent(t.db, { start: new Date(t.clock.now().getTime() + ms), ...(name ? { name } : {}) });

/** A scheduler started as a new server process would start it; stopped after its first pass. */
async function restartedPass(db = t.db): Promise<void> {
  const scheduler = startPushScheduler({ db, config, logger, clock: t.clock.now, intervalMs: 60 * 60 * 1000 });
  await scheduler.stop();
}

describe('event reminders', () => {
  it('go once to each registered member with a device, with their goal, an hour before; not again on later passes or after a restart', async () => {
    const event = await startingIn(40 * MINUTE, 'Growth Summit');
    const withGoal = await attendee(event.id, 'Meet two founders in fintech');
    const withoutGoal = await attendee(event.id);
    const remindersOff = await attendee(event.id, 'Listen');
    await remindersOff.member.client.put('/api/push/settings', { newConnection: true, eventReminder: false });
    const notRegistered = await attendee(null);
    const later = await startingIn(2 * HOUR);
    const laterAttendee = await attendee(later.id, 'Later goal');

    await runReminderTick(context());
    expect(await received(withGoal)).toEqual([
      {
        kind: 'event-reminder',
        title: 'Growth Summit',
        body: 'Starts in 40 minutes. Your goal: Meet two founders in fintech',
        tag: `event-${event.id}`,
        url: `/events/${event.id}`,
      },
    ]);
    expect((await received(withoutGoal)).map((message) => message.body)).toEqual(['Starts in 40 minutes. Set a goal and meet the attendees.']);
    expect(await received(remindersOff)).toEqual([]);
    expect(await received(notRegistered)).toEqual([]);
    expect(await received(laterAttendee)).toEqual([]);

    await runReminderTick(context());
    await restartedPass();
    expect(await received(withGoal)).toHaveLength(1);
    expect(await received(withoutGoal)).toHaveLength(1);

    // An hour before the later event, its attendee's turn comes.
    t.clock.advance(61 * MINUTE);
    await restartedPass();
    expect((await received(laterAttendee)).map((message) => message.body)).toEqual(['Starts in an hour. Your goal: Later goal']);
    expect(await received(withGoal)).toHaveLength(1);
  });

  it('are not sent for an event that has started, and a rescheduled event is reminded of again', async () => {
    const started = await startingIn(-5 * MINUTE);
    const late = await attendee(started.id);
    const event = await startingIn(30 * MINUTE);
    const device = await attendee(event.id);
    await runReminderTick(context());
    expect(await received(late)).toEqual([]);
    expect(await received(device)).toHaveLength(1);
    await t.db
      .updateTable('events')
      .set({ date_time: new Date(t.clock.now().getTime() + 50 * MINUTE) })
      .where('id', '=', event.id)
      .execute();
    await runReminderTick(context());
    expect((await received(device)).map((message) => message.body)).toEqual([
      'Starts in 30 minutes. Set a goal and meet the attendees.',
      'Starts in 50 minutes. Set a goal and meet the attendees.',
    ]);
  });

  it('left claimed but unsent by a process that died are sent by another once the lease is over, not before', async () => {
    const event = await startingIn(30 * MINUTE);
    const [orphan, fresh] = [await attendee(event.id), await attendee(event.id)];
    const now = t.clock.now().getTime();
    const claim = (userId: string, ago: number) => ({
      event_id: event.id,
      user_id: userId,
      starts_at: new Date(now + 30 * MINUTE),
      claimed_at: new Date(now - ago),
      sent_at: null,
    });
    await t.db
      .insertInto('push_reminders')
      .values([claim(orphan.member.id, REMINDER_LEASE_MS + MINUTE), claim(fresh.member.id, MINUTE / 2)])
      .execute();
    await runReminderTick(context());
    expect(await received(orphan)).toHaveLength(1);
    expect(await received(fresh)).toEqual([]);
  });

  it('remove a device the push service calls gone (410)', async () => {
    const event = await startingIn(20 * MINUTE);
    const device = await attendee(event.id);
    await pushService.expire(device.subscription);
    await runReminderTick(context());
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', device.member.id).execute()).toEqual([]);
  });

  it('go once per member when passes run side by side', async () => {
    const event = await startingIn(45 * MINUTE);
    const devices = await Promise.all(Array.from({ length: 12 }, () => attendee(event.id)));
    await Promise.all([runReminderTick(context()), runReminderTick(context()), runReminderTick(context())]);
    for (const device of devices) expect(await received(device)).toHaveLength(1);
  });

  // Two server processes on one PostgreSQL server: each has its own connection pool.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('go once per member with two server processes on one PostgreSQL', async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const second = await openDatabase({ databaseUrl: url.toString() });
    try {
      const event = await startingIn(50 * MINUTE);
      const devices = await Promise.all(Array.from({ length: 30 }, () => attendee(event.id)));
      const schedulers = [t.db, second.db].map((db) => startPushScheduler({ db, config, logger, clock: t.clock.now, intervalMs: 10 }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
      for (const device of devices) expect(await received(device)).toHaveLength(1);
      const sent = await t.db.selectFrom('push_reminders').select('sent_at').where('event_id', '=', event.id).execute();
      expect(sent).toHaveLength(30);
      expect(sent.every((row) => row.sent_at !== null)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
