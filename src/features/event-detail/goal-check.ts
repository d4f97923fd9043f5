import { updateGoalSchema } from '../../../contract/event-requests';
import { validate } from '../../../contract/fields';
import { fieldErrorToast } from '../../lib/field-error-toast';
import { GOAL_FIELD_LABEL, type GoalCheck } from './goal-field';

/** The goal as the contract checks it (at most 500 characters, content-checked), with the notice that refuses it. */
export function checkGoalText(text: string): GoalCheck {
  const checked = validate(updateGoalSchema, { goal: text });
  if (checked.ok) return { ok: true, goal: checked.value.goal };
  return {
    ok: false,
    toast: fieldErrorToast(checked.error, 'goal', GOAL_FIELD_LABEL) ?? { title: 'Error', description: checked.error, variant: 'destructive' },
  };
}
