import { useId, useState, type FormEvent } from 'react';
import { FIELD_LIMITS } from '../../../../contract/limits';
import { Button } from '../../../ui/Button';
import { PencilIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast-store';
import { useUpdateGoal } from '../api/update-goal';
import { checkGoal, goalSaveErrorToast, GOAL_UPDATE_FAILED } from '../goal';

/** 'My goal for this event', edited in place with Save and Cancel (registered members only). */
export function GoalEditor({ eventId, goal }: { eventId: string; goal: string | null }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(goal ?? '');
  const update = useUpdateGoal(eventId);

  const startEditing = () => {
    setDraft(goal ?? '');
    setEditing(true);
  };

  const cancel = () => {
    update.reset();
    setDraft(goal ?? '');
    setEditing(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkGoal(draft);
    if (!checked.ok) {
      toast(checked.toast);
      return;
    }
    update.mutate(
      { goal: checked.goal },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: 'Goal saved' });
        },
        onError: (error) => toast(goalSaveErrorToast(error, GOAL_UPDATE_FAILED)),
      },
    );
  };

  const length = draft.trim().length;

  return (
    <section className="event-goal" aria-labelledby={titleId}>
      <div className="event-goal-head">
        <h3 id={titleId} className="event-goal-title">
          My goal for this event
        </h3>
        {!editing && (
          <Button variant="ghost" size="sm" onClick={startEditing} aria-label="Edit goal">
            <PencilIcon width="16" height="16" />
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <form className="event-goal-form" onSubmit={save}>
          <textarea
            className="input input--area event-goal-input"
            aria-labelledby={titleId}
            placeholder="What do you hope to get out of this event? Who would you like to meet?"
            value={draft}
            rows={4}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="event-goal-actions">
            <span className={length > FIELD_LIMITS.goal ? 'field-count field-count--over' : 'field-count'} aria-hidden="true">
              {length}/{FIELD_LIMITS.goal}
            </span>
            <Button variant="secondary" size="sm" onClick={cancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" size="sm" loading={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      ) : goal ? (
        <p className="event-goal-text">{goal}</p>
      ) : (
        <p className="event-goal-text event-goal-text--empty">No goal yet. Tell other attendees what you hope to get out of this event.</p>
      )}
    </section>
  );
}
