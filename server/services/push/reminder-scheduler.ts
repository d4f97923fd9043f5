import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { Config } from '../../env';
import type { Logger } from '../../logger';
import { createLogMailer, type Mailer } from '../mail/mailer';
import { runMeetingPass } from '../meetings/meeting-pass';
import type { Realtime } from '../realtime/realtime';
import type { PushContext } from './deliver';
import { pushSendsSettled } from './in-flight';
import { claimDueReminders, forgetOldReminders, sendReminders, takeOverStaleClaims } from './reminders';

/** Reminders are due an hour ahead; a check every 30 s sends them at most that late. */
export const REMINDER_INTERVAL_MS = 30_000;
const BATCH = 500;

export interface PushSchedulerOptions {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  clock?: Clock;
  intervalMs?: number;
  /** Mails the cancels of meetings at events that ended (none without it). */
  mailer?: Mailer;
  /** The event stream, told of meetings closed at an event's end (none without it). */
  realtime?: Realtime;
}

/**
 * One pass: claims due reminders batch by batch and sends them, until none is left. Safe to run in
 * any number of processes at once (each reminder is claimed by one, see reminders.ts). Returns how
 * many notifications the push services accepted.
 */
export async function runReminderTick(ctx: PushContext): Promise<number> {
  let accepted = 0;
  for (const claim of [takeOverStaleClaims, claimDueReminders]) {
    for (;;) {
      const claims = await claim(ctx.db, ctx.clock(), BATCH);
      accepted += await sendReminders(ctx, claims);
      if (claims.length < BATCH) break;
    }
  }
  await forgetOldReminders(ctx.db, ctx.clock());
  return accepted;
}

/**
 * Starts the event reminders in this process, and the meetings' pass (services/meetings/meeting-pass.ts:
 * their reminders and the closing at an event's end): a pass at once, then one per interval; a pass never
 * overlaps the one before. Every server process runs one (the database shares the work out).
 * stop() ends the timer and waits for a pass under way and for new-connection sends still going
 * (they write to the database, which closes next at shutdown).
 */
export function startPushScheduler(options: PushSchedulerOptions): { stop(): Promise<void> } {
  const clock = options.clock ?? systemClock;
  const ctx: PushContext = { db: options.db, config: options.config, logger: options.logger, clock };
  // No request to take an origin from: mails sent here link to APP_ORIGIN (docs/operations.md).
  const origin = options.config.APP_ORIGIN ?? `http://localhost:${options.config.PORT}`;
  const meetingCtx = { ...ctx, mailer: options.mailer ?? createLogMailer(() => {}), origin, realtime: options.realtime };
  let running: Promise<void> | undefined;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = runReminderTick(ctx)
      .then((sent) => {
        if (sent > 0) options.logger.info(`[push] ${sent} event reminder${sent === 1 ? '' : 's'} sent`);
      })
      .catch((error: unknown) => options.logger.error('[push] the event reminder pass failed', error))
      .then(() => runMeetingPass(meetingCtx))
      .then((sent) => {
        if (sent) options.logger.info(`[push] ${sent} meeting reminder${sent === 1 ? '' : 's'} sent`);
      })
      .catch((error: unknown) => options.logger.error('[meetings] the meetings pass failed', error))
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, options.intervalMs ?? REMINDER_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await pushSendsSettled();
    },
  };
}
