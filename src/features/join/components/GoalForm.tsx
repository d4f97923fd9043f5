import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { useUpdateGoal } from '../../event-detail/api/update-goal';
import { checkGoal, goalSaveErrorToast, GOAL_ADD_FAILED, GOAL_SAVED_TOAST } from '../../event-detail/goal';

/**
 * After joining: the member's goal for the event. 'Add goal' saves it and goes on to meeting the
 * attendees; 'Connect with attendees' goes there without one (the goal is optional).
 */
export function GoalForm({
  eventId,
  initialGoal,
  onDone,
}: {
  eventId: string;
  initialGoal?: string | null;
  /** Where the member goes on: by default the event's Meet page; there already, the page's own next step. */
  onDone?: () => void;
}) {
  // A member who was registered already sees the goal they set before.
  const [goal, setGoal] = useState(initialGoal ?? '');
  const update = useUpdateGoal(eventId);
  const [, navigate] = useLocation();
  const connectPath = `/events/${encodeURIComponent(eventId)}/connect`;
  const goOn = onDone ?? (() => navigate(connectPath));
  const count = countText(goal, 'goal');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = await checkGoal(goal);
    if (!checked.ok) {
      toast(checked.toast);
      return;
    }
    update.mutate(
      { goal: checked.goal },
      {
        onSuccess: () => {
          toast(GOAL_SAVED_TOAST);
          goOn();
        },
        onError: (error) => toast(goalSaveErrorToast(error, GOAL_ADD_FAILED)),
      },
    );
  };

  return (
    <form className="join-goal-form" onSubmit={(event) => void submit(event)}>
      <TextAreaField
        label="Your goal for this event"
        name="goal"
        rows={4}
        placeholder="e.g. Meet founders building climate tech, or find a mentor in product design."
        value={goal}
        onChange={(event) => setGoal(event.target.value)}
        count={count}
        hint="Optional. Other attendees see it."
      />
      <div className="join-goal-actions">
        <Button type="submit" size="lg" block disabled={count.length === 0 || isOverLimit(count)} loading={update.isPending || update.isSuccess}>
          Add goal
        </Button>
        <Button variant="secondary" size="lg" block onClick={goOn} disabled={update.isPending}>
          Connect with attendees
        </Button>
      </div>
    </form>
  );
}
