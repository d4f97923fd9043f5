import { tellMeetingsClosed, type NoticeContext } from './meeting-notices';
import { closeMeetingsOfEndedEvents } from './meeting-closing';
import { claimDueMeetingReminders, forgetOldMeetingReminders, sendMeetingReminders, takeOverStaleMeetingReminders } from './meeting-reminders';

const BATCH = 500;

/**
 * The meetings' share of each scheduler pass (services/push/reminder-scheduler.ts), safe in any
 * number of processes at once: the meetings of events that ended are closed (both members told),
 * and the reminders due 10 minutes before accepted meetings are claimed and sent, each once.
 * Returns how many reminders the push services accepted.
 */
export async function runMeetingPass(ctx: NoticeContext): Promise<number> {
  tellMeetingsClosed(ctx, await closeMeetingsOfEndedEvents(ctx.db, ctx.clock()));
  let accepted = 0;
  for (const claim of [takeOverStaleMeetingReminders, claimDueMeetingReminders]) {
    for (;;) {
      const claims = await claim(ctx.db, ctx.clock(), BATCH);
      accepted += await sendMeetingReminders(ctx, claims);
      if (claims.length < BATCH) break;
    }
  }
  await forgetOldMeetingReminders(ctx.db, ctx.clock());
  return accepted;
}
