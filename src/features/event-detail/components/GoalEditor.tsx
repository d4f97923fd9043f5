import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useDemandOutbox, useOutboxStatus } from '../../../offline/outbox-context';
import { useEventOverlay } from '../../../offline/use-outbox-live';
import { useOutboxKnownEmpty } from '../../../offline/use-outbox-summary';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { FieldCount } from '../../../ui/FieldCount';
import { PencilIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast-store';
import { useMe } from '../../../lib/signed-in-member';
import { useEvent } from '../api/get-event';
import { queueGoal } from '../api/set-goal';
import { useUpdateGoal } from '../api/update-goal';
import { checkGoal, goalSaveErrorToast, GOAL_SAVED_TOAST, GOAL_UPDATE_FAILED } from '../goal';
import { GoalSyncState } from './GoalSyncState';

/**
 * 'My goal for this event', edited in place with Save and Cancel (registered members only). A
 * saved goal goes through the outbox (it survives the venue's network) and shows at once; a goal
 * still queued is shown instead of the server's, also after an offline reload. Without IndexedDB
 * it is sent straight away.
 */
export function GoalEditor({ eventId, goal: givenGoal, readOnly = false }: { eventId: string; goal: string | null; readOnly?: boolean }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  // Read from the cached event too, not only the prop: the render that closes the editor then
  // already has the goal written at Save, so the old one never shows in between.
  const cachedGoal = useEvent(eventId).data?.eventData?.goal;
  const serverGoal = cachedGoal !== undefined ? cachedGoal : givenGoal;
  // With the member's outbox known to be empty, no queued goal can change what shows here: the
  // outbox (Dexie, IndexedDB) then loads after the first screen, or as soon as editing starts.
  const knownEmpty = useOutboxKnownEmpty(useMe().me?.id);
  const outboxStatus = useOutboxStatus(knownEmpty ? 'after-first-screen' : 'now');
  const demandOutbox = useDemandOutbox();
  const { overlay, settled } = useEventOverlay(outboxStatus, eventId);
  // What shows is final: the outbox answered, or it holds nothing that could change it.
  const shown = settled || knownEmpty;
  const direct = useUpdateGoal(eventId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  // The goal saved here last: until the outbox's live answer has it, an older queued goal would
  // otherwise show for a moment.
  const [saved, setSaved] = useState<string | null>(null);
  const queued = saved !== null && overlay.goal !== undefined && overlay.goal !== saved ? saved : overlay.goal;
  const goal = queued !== undefined ? queued || null : serverGoal;

  const startEditing = () => {
    demandOutbox();
    setDraft(goal ?? '');
    setEditing(true);
  };

  const cancel = () => {
    direct.reset();
    setEditing(false);
  };

  const queue = (next: string) => {
    const outbox = outboxStatus.outbox;
    if (!outbox) return;
    setSaved(next);
    setEditing(false);
    queueGoal(outbox, queryClient, eventId, next)
      .then(() => toast(GOAL_SAVED_TOAST))
      .catch((error: unknown) => {
        setSaved(null);
        setDraft(next);
        setEditing(true);
        toast(goalSaveErrorToast(error, GOAL_UPDATE_FAILED));
      });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await checkGoal(draft);
    if (!checked.ok) {
      toast(checked.toast);
      return;
    }
    if (outboxStatus.state === 'ready') {
      queue(checked.goal);
      return;
    }
    direct.mutate(
      { goal: checked.goal },
      {
        onSuccess: () => {
          setEditing(false);
          toast(GOAL_SAVED_TOAST);
        },
        onError: (error) => toast(goalSaveErrorToast(error, GOAL_UPDATE_FAILED)),
      },
    );
  };

  const count = countText(draft, 'goal');
  const countId = useId();

  return (
    <section className="event-goal" aria-labelledby={titleId}>
      <div className="event-goal-head">
        <h3 id={titleId} className="event-goal-title">
          My goal for this event
        </h3>
        {/* Read only once the event is over: the goal was what the member came for, kept as it was. */}
        {!editing && !readOnly && (
          <Button variant="ghost" size="sm" onClick={startEditing} aria-label="Edit goal" disabled={!shown}>
            <PencilIcon width="16" height="16" />
            Edit
          </Button>
        )}
      </div>
      {editing && !readOnly ? (
        <form className="event-goal-form" onSubmit={(event) => void save(event)}>
          <textarea
            className="input input--area event-goal-input"
            aria-labelledby={titleId}
            aria-describedby={isOverLimit(count) ? countId : undefined}
            aria-invalid={isOverLimit(count) ? true : undefined}
            placeholder="What do you hope to get out of this event? Who would you like to meet?"
            value={draft}
            rows={4}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="event-goal-actions">
            <FieldCount id={countId} count={count} />
            <Button variant="secondary" size="sm" onClick={cancel} disabled={direct.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={isOverLimit(count)} loading={direct.isPending || outboxStatus.state === 'loading'}>
              Save
            </Button>
          </div>
        </form>
      ) : !shown ? (
        // Until the outbox has answered, the server's goal may be older than one queued here.
        <p className="event-goal-text event-goal-pending" aria-busy="true">
          {'\u00a0'}
        </p>
      ) : goal ? (
        <p className="event-goal-text">{goal}</p>
      ) : (
        <p className="event-goal-text event-goal-text--empty">No goal yet. Tell other attendees what you hope to get out of this event.</p>
      )}
      <GoalSyncState waiting={overlay.goal !== undefined} failed={overlay.failedGoal} onDiscard={(id) => void outboxStatus.outbox?.discard(id)} />
    </section>
  );
}
