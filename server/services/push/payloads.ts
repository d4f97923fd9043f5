import { connectionUrl, eventUrl, type PushPayload } from '../../../contract/push';

/**
 * The texts of the notifications. They say who or what, never how to reach anyone: a lock screen
 * is seen by others, and contact details stay behind the connection's page.
 */

/** The same words as the toast the member who swiped sees (docs/product.md section 4). */
export function newConnectionPayload(other: { id: string; firstName: string; lastName: string }): PushPayload {
  const name = `${other.firstName} ${other.lastName}`.trim();
  return {
    kind: 'new-connection',
    title: 'Congratulations! 🎉',
    body: `You're now connected with ${name}!`,
    tag: `connection-${other.id}`,
    url: connectionUrl(other.id),
  };
}

/** Push services accept about 4 KB; the goal (up to 500 characters) is cut well before that. */
const GOAL_SHOWN = 200;

function startsIn(minutes: number): string {
  if (minutes >= 55) return 'Starts in an hour.';
  if (minutes <= 1) return 'Starts in a minute.';
  return `Starts in ${minutes} minutes.`;
}

export function eventReminderPayload(event: { id: string; name: string; startsAt: Date }, goal: string | null, now: Date): PushPayload {
  const minutes = Math.round((event.startsAt.getTime() - now.getTime()) / 60_000);
  const trimmed = goal?.trim() ?? '';
  const shownGoal = trimmed.length > GOAL_SHOWN ? `${trimmed.slice(0, GOAL_SHOWN - 1)}…` : trimmed;
  return {
    kind: 'event-reminder',
    title: event.name,
    body: shownGoal ? `${startsIn(minutes)} Your goal: ${shownGoal}` : `${startsIn(minutes)} Set a goal and meet the attendees.`,
    tag: `event-${event.id}`,
    url: eventUrl(event.id),
  };
}
