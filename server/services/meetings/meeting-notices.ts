import type { Meeting } from '../../../contract/meetings';
import type { Mailer } from '../mail/mailer';
import { deliver, type PushContext } from '../push/deliver';
import { trackSend } from '../push/in-flight';
import { wantsPush } from '../push/settings';
import { subscriptionsOf } from '../push/subscriptions';
import { inCalendars } from '../calendar/meeting-ics';
import { publishStreamEvents, type Realtime } from '../realtime/realtime';
import { meetingsOf } from './meeting-json';
import { meetingMail, senderAddress } from './meeting-mails';
import { meetingPushPayload, type MeetingAction } from './meeting-push';

/**
 * What a meeting's members are told after it changed (docs/product.md, 'Meetings'): the meeting as
 * each sees it on their open apps' event streams ('meeting', contract/stream.ts), a push to the
 * member who did not act (the one asked, the one who asked, the other side; both when Mingle
 * closed it at the event's end), and, when its calendar entry changed (accepted, a new time
 * accepted, cancelled once accepted), the invitation mail to each member with an address. Called
 * after the write committed, never on an Idempotency-Key replay (the route does not run then);
 * returns at once, and a failure is only logged: the request is never slowed or failed by it.
 */
export interface NoticeContext extends PushContext {
  mailer: Mailer;
  /** The app's origin, for the links in mails and calendar entries. */
  origin: string;
  /** The event stream: each member's open apps get the meeting as they see it ('meeting'). */
  realtime?: Realtime | undefined;
}

/** The notices' context from the app's: `origin` is the request's (appOrigin) or APP_ORIGIN. */
export function noticeContext(
  deps: {
    db: PushContext['db'];
    config: PushContext['config'];
    logger: PushContext['logger'];
    clock: PushContext['clock'];
    resolveHost?: PushContext['resolveHost'];
    mailer: Mailer;
    realtime?: Realtime | undefined;
  },
  origin: string,
): NoticeContext {
  return {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    clock: deps.clock,
    resolveHost: deps.resolveHost,
    mailer: deps.mailer,
    origin,
    realtime: deps.realtime,
  };
}

/** Push services keep a meeting notice while it can still help: until the meeting starts, at most a day. */
const MAX_TTL_S = 24 * 60 * 60;

export function tellMeetingChange(ctx: NoticeContext, action: MeetingAction, meetingId: string, actorId: string | null): void {
  trackSend(
    sendNotices(ctx, action, meetingId, actorId).catch((error: unknown) => ctx.logger.error(`[meetings] notices of meeting ${meetingId} failed`, error)),
  );
}

/** Several meetings Mingle closed (a member left the event or deleted their account, or the event ended). */
export function tellMeetingsClosed(ctx: NoticeContext, closed: readonly { meetingId: string; actorId: string | null }[]): void {
  for (const { meetingId, actorId } of closed) tellMeetingChange(ctx, 'closed', meetingId, actorId);
}

async function sendNotices(ctx: NoticeContext, action: MeetingAction, meetingId: string, actorId: string | null): Promise<void> {
  const members = await ctx.db
    .selectFrom('meetings as m')
    .innerJoin('users as u', (join) => join.on((eb) => eb.or([eb('u.id', '=', eb.ref('m.requester_id')), eb('u.id', '=', eb.ref('m.invitee_id'))])))
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('m.id', '=', meetingId)
    .execute();
  const now = ctx.clock();
  const views = new Map<string, Meeting>();
  for (const member of members) {
    const [view] = await meetingsOf(ctx.db, member.id, now, { meetingId });
    if (view) views.set(member.id, view);
  }
  if (ctx.realtime) {
    const { realtime } = ctx;
    await publishStreamEvents(
      { db: ctx.db, realtime, logger: ctx.logger, clock: ctx.clock },
      [...views].map(([userId, meeting]) => ({ userId, type: 'meeting' as const, data: { meeting } })),
    );
  }
  const work: Promise<unknown>[] = [];
  for (const member of members) {
    const view = views.get(member.id);
    if (!view) continue;
    if (member.id !== actorId) work.push(pushTo(ctx, member.id, action, view));
    const calendarChanged = action === 'accept' || ((action === 'cancel' || action === 'closed') && inCalendars(view));
    if (calendarChanged) {
      const parties = {
        organizer: { name: 'Mingle', email: senderAddress(ctx.config.MAIL_FROM) },
        attendee: { name: `${member.first_name} ${member.last_name}`.trim(), email: member.email },
      };
      work.push(ctx.mailer.sendMeetingMail(member.email, meetingMail(view, ctx.origin, parties)));
    }
  }
  const results = await Promise.allSettled(work);
  for (const result of results) if (result.status === 'rejected') ctx.logger.error(`[meetings] a notice of meeting ${meetingId} failed`, result.reason);
}

async function pushTo(ctx: NoticeContext, userId: string, action: MeetingAction, view: Meeting): Promise<void> {
  if (!(await wantsPush(ctx.db, userId, 'meeting'))) return;
  const subscriptions = await subscriptionsOf(ctx.db, [userId]);
  if (subscriptions.length === 0) return;
  const payload = meetingPushPayload(action, view);
  const ttl = Math.max(0, Math.min(MAX_TTL_S, (Date.parse(view.startsAt) - ctx.clock().getTime()) / 1000));
  await deliver(
    ctx,
    subscriptions.map((subscription) => ({ subscription, payload, ttl })),
  );
}
