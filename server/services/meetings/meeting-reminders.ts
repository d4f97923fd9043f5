import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deliver, type Delivery, type PushContext } from '../push/deliver';
import { REMINDER_LEASE_MS } from '../push/reminders';
import { subscriptionsOf } from '../push/subscriptions';
import { meetingsOf } from './meeting-json';
import { meetingReminderPayload } from './meeting-push';

/** How long before an accepted meeting's start its reminder is due (docs/product.md, 'Meetings'). */
export const MEETING_REMINDER_LEAD_MS = 10 * 60 * 1000;
/** Sent reminders are kept this long after the start (a record that it went), then deleted. */
const KEEP_SENT_MS = 2 * 24 * 60 * 60 * 1000;

export interface MeetingReminderClaim {
  meeting_id: string;
  user_id: string;
  starts_at: Date;
}

/**
 * Claims up to `limit` due reminders for this process, as the event reminders are claimed
 * (services/push/reminders.ts): each member of an accepted meeting that starts within the lead
 * time, with a device and meeting notices on. The insert is the claim: the primary key gives each
 * (meeting, member, start) to one process of several; a meeting moved to a new time is due again.
 */
export async function claimDueMeetingReminders(db: Kysely<Database>, now: Date, limit: number): Promise<MeetingReminderClaim[]> {
  const until = new Date(now.getTime() + MEETING_REMINDER_LEAD_MS);
  const { rows } = await sql<MeetingReminderClaim>`
    insert into meeting_reminders (meeting_id, user_id, starts_at, claimed_at)
    select m.id, member.user_id, m.starts_at, ${now}
    from meetings m
    cross join lateral (values (m.requester_id), (m.invitee_id)) as member(user_id)
    where m.state = 'accepted' and m.starts_at > ${now} and m.starts_at <= ${until} and member.user_id is not null
      and exists (select 1 from push_subscriptions s where s.user_id = member.user_id)
      and not exists (select 1 from push_settings ps where ps.user_id = member.user_id and not ps.meetings)
      and not exists (select 1 from meeting_reminders r where r.meeting_id = m.id and r.user_id = member.user_id and r.starts_at = m.starts_at)
    order by m.starts_at, m.id, member.user_id
    limit ${limit}
    on conflict do nothing
    returning meeting_id, user_id, starts_at`.execute(db);
  return rows;
}

/** Claims whose lease ran out unsent (their process died mid-send), for meetings not yet started; one taker each. */
export async function takeOverStaleMeetingReminders(db: Kysely<Database>, now: Date, limit: number): Promise<MeetingReminderClaim[]> {
  const stale = new Date(now.getTime() - REMINDER_LEASE_MS);
  const { rows } = await sql<MeetingReminderClaim>`
    update meeting_reminders r set claimed_at = ${now}
    from (
      select meeting_id, user_id, starts_at from meeting_reminders
      where sent_at is null and claimed_at < ${stale} and starts_at > ${now}
      order by starts_at
      limit ${limit}
      for update skip locked
    ) due
    where r.meeting_id = due.meeting_id and r.user_id = due.user_id and r.starts_at = due.starts_at
      and r.sent_at is null and r.claimed_at < ${stale}
    returning r.meeting_id, r.user_id, r.starts_at`.execute(db);
  return rows;
}

/**
 * Sends the claimed reminders to each device of their member (a meeting cancelled or moved since
 * the claim is not reminded of) and marks them sent, whatever the push services said: a reminder
 * goes once. Returns how many the push services accepted.
 */
export async function sendMeetingReminders(ctx: PushContext, claims: readonly MeetingReminderClaim[]): Promise<number> {
  if (claims.length === 0) return 0;
  const now = ctx.clock();
  const subscriptions = await subscriptionsOf(ctx.db, [...new Set(claims.map((claim) => claim.user_id))]);
  const deliveries: Delivery[] = [];
  for (const claim of claims) {
    // One small read per reminder: a pass sends the few due in its 30 s.
    const [meeting] = await meetingsOf(ctx.db, claim.user_id, now, { meetingId: claim.meeting_id });
    if (!meeting || meeting.state !== 'accepted' || Date.parse(meeting.startsAt) !== new Date(claim.starts_at).getTime()) continue;
    const payload = meetingReminderPayload(meeting, now);
    // Past the start the reminder has no use, so the push service drops it then.
    const ttl = (Date.parse(meeting.startsAt) - now.getTime()) / 1000;
    for (const subscription of subscriptions) if (subscription.user_id === claim.user_id) deliveries.push({ subscription, payload, ttl });
  }
  const accepted = await deliver(ctx, deliveries);
  const startsAt = claims.map((claim) => new Date(claim.starts_at).toISOString());
  await sql`
    update meeting_reminders r set sent_at = ${ctx.clock()}
    from unnest(${claims.map((c) => c.meeting_id)}::uuid[], ${claims.map((c) => c.user_id)}::uuid[], ${startsAt}::timestamptz[]) as c(meeting_id, user_id, starts_at)
    where r.meeting_id = c.meeting_id and r.user_id = c.user_id and r.starts_at = c.starts_at`.execute(ctx.db);
  return accepted;
}

/** Sent reminders of meetings long started are of no more use. */
export async function forgetOldMeetingReminders(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('meeting_reminders')
    .where('starts_at', '<', new Date(now.getTime() - KEEP_SENT_MS))
    .execute();
}
