import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deliver, type PushContext } from './deliver';
import { eventReminderPayload } from './payloads';
import { subscriptionsOf } from './subscriptions';

/** How long before an event's start its reminder is due. */
export const REMINDER_LEAD_MS = 60 * 60 * 1000;
/** A claim not marked sent after this long belonged to a process that died mid-send: another takes it. */
export const REMINDER_LEASE_MS = 2 * 60 * 1000;
/** Sent reminders are kept this long after the start (a record that it went), then deleted. */
const KEEP_SENT_MS = 2 * 24 * 60 * 60 * 1000;

export interface ReminderClaim {
  event_id: string;
  user_id: string;
  starts_at: Date;
}

/**
 * Claims up to `limit` due reminders for this process: members registered at an event that starts
 * within the lead time, who have a device and have not turned reminders off. The insert is the
 * claim: the primary key lets one process of several have each row, whichever inserts first.
 */
export async function claimDueReminders(db: Kysely<Database>, now: Date, limit: number): Promise<ReminderClaim[]> {
  const until = new Date(now.getTime() + REMINDER_LEAD_MS);
  const { rows } = await sql<ReminderClaim>`
    insert into push_reminders (event_id, user_id, starts_at, claimed_at)
    select ea.event_id, ea.user_id, e.date_time, ${now}
    from events e
    join event_attendees ea on ea.event_id = e.id
    where e.date_time > ${now} and e.date_time <= ${until}
      and exists (select 1 from push_subscriptions s where s.user_id = ea.user_id)
      and not exists (select 1 from push_settings ps where ps.user_id = ea.user_id and not ps.event_reminder)
      and not exists (select 1 from push_reminders r where r.event_id = ea.event_id and r.user_id = ea.user_id and r.starts_at = e.date_time)
    order by e.date_time, ea.event_id, ea.user_id
    limit ${limit}
    on conflict do nothing
    returning event_id, user_id, starts_at`.execute(db);
  return rows;
}

/** Claims whose lease ran out unsent, for events not yet started; skip locked: one taker each. */
export async function takeOverStaleClaims(db: Kysely<Database>, now: Date, limit: number): Promise<ReminderClaim[]> {
  const stale = new Date(now.getTime() - REMINDER_LEASE_MS);
  const { rows } = await sql<ReminderClaim>`
    update push_reminders r set claimed_at = ${now}
    from (
      select event_id, user_id, starts_at from push_reminders
      where sent_at is null and claimed_at < ${stale} and starts_at > ${now}
      order by starts_at
      limit ${limit}
      for update skip locked
    ) due
    where r.event_id = due.event_id and r.user_id = due.user_id and r.starts_at = due.starts_at
      and r.sent_at is null and r.claimed_at < ${stale}
    returning r.event_id, r.user_id, r.starts_at`.execute(db);
  return rows;
}

/** Sends the claimed reminders (one per member and event, to each of their devices) and marks them sent. */
export async function sendReminders(ctx: PushContext, claims: readonly ReminderClaim[]): Promise<number> {
  if (claims.length === 0) return 0;
  const eventIds = claims.map((claim) => claim.event_id);
  const userIds = claims.map((claim) => claim.user_id);
  const [details, subscriptions] = await Promise.all([
    sql<{ event_id: string; user_id: string; name: string; goal: string | null }>`
      select c.event_id, c.user_id, e.name, ea.goal
      from unnest(${eventIds}::uuid[], ${userIds}::uuid[]) as c(event_id, user_id)
      join events e on e.id = c.event_id
      join event_attendees ea on ea.event_id = c.event_id and ea.user_id = c.user_id`.execute(ctx.db),
    subscriptionsOf(ctx.db, [...new Set(userIds)]),
  ]);
  const devices = new Map<string, typeof subscriptions>();
  for (const subscription of subscriptions) devices.set(subscription.user_id, [...(devices.get(subscription.user_id) ?? []), subscription]);
  const startOf = new Map(claims.map((claim) => [`${claim.event_id} ${claim.user_id}`, claim.starts_at]));
  const now = ctx.clock();
  const deliveries = details.rows.flatMap((row) => {
    const startsAt = new Date(startOf.get(`${row.event_id} ${row.user_id}`)!);
    const payload = eventReminderPayload({ id: row.event_id, name: row.name, startsAt }, row.goal, now);
    // Past the start the reminder has no use, so the push service drops it then.
    const ttl = (startsAt.getTime() - now.getTime()) / 1000;
    return (devices.get(row.user_id) ?? []).map((subscription) => ({ subscription, payload, ttl }));
  });
  const accepted = await deliver(ctx, deliveries);
  // Marked sent whatever the push services said: a reminder goes once, and a failed one is not retried.
  const startsAt = claims.map((claim) => new Date(claim.starts_at).toISOString());
  await sql`
    update push_reminders r set sent_at = ${ctx.clock()}
    from unnest(${eventIds}::uuid[], ${userIds}::uuid[], ${startsAt}::timestamptz[]) as c(event_id, user_id, starts_at)
    where r.event_id = c.event_id and r.user_id = c.user_id and r.starts_at = c.starts_at`.execute(ctx.db);
  return accepted;
}

/** Sent reminders of events long started are of no more use. */
export async function forgetOldReminders(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('push_reminders')
    .where('starts_at', '<', new Date(now.getTime() - KEEP_SENT_MS))
    .execute();
}
