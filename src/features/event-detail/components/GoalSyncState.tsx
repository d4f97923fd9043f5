import type { OutboxRecord } from '../../../offline/db';
import { Button } from '../../../ui/Button';

export const GOAL_WAITING_TEXT = 'Saved on this device, waiting to sync.';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Under the goal: that an edit waits in the outbox, or that the server refused it (its reason,
 * and Discard, which shows the server's goal again).
 */
export function GoalSyncState({ waiting, failed, onDiscard }: { waiting: boolean; failed: OutboxRecord | undefined; onDiscard: (id: string) => void }) {
  if (failed) {
    return (
      <div className="event-goal-sync event-goal-sync--failed" role="alert">
        <p>Your goal was not saved. {sentence(failed.lastError ?? 'The server refused it.')}</p>
        <Button variant="ghost" size="sm" onClick={() => onDiscard(failed.id)}>
          Discard
        </Button>
      </div>
    );
  }
  if (!waiting) return null;
  return (
    <p className="event-goal-sync" role="status">
      {GOAL_WAITING_TEXT}
    </p>
  );
}
