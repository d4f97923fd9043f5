import { ApiError } from '../../lib/api-client';
import { fieldErrorToast } from '../../lib/field-error-toast';
import type { ToastInput } from '../../ui/toast-store';
import { GOAL_FIELD_LABEL, type GoalCheck } from './goal-field';

/**
 * The goal of a member for an event: optional, visible to all attendees, at most 500 characters
 * and content-checked (contract/event-requests.ts). Used by the detail page and the join page.
 */

/** docs/product.md section 8: the detail page's failure notice, and the join page's. */
export const GOAL_UPDATE_FAILED = 'Failed to update goal. Please try again.';
export const GOAL_ADD_FAILED = 'Failed to add your goal. Please try again.';

/**
 * Said when a goal was saved (on this device first where the outbox holds it). It takes the
 * notice's place (one at a time), so a refusal of an earlier try never stays after the corrected save.
 */
export const GOAL_SAVED_TOAST: ToastInput = { title: 'Goal saved' };

/**
 * The client's check before sending: the trimmed goal, or the notice that refuses it. Its code
 * (valibot and the content check) loads when a goal is saved, so it stays off the event and deck
 * pages' first load. Where it cannot load (offline before the service worker holds the app), the
 * goal goes as typed and the server's own check answers.
 */
export async function checkGoal(text: string): Promise<GoalCheck> {
  try {
    const { checkGoalText } = await import('./goal-check');
    return checkGoalText(text);
  } catch {
    return { ok: true, goal: text.trim() };
  }
}

/** A refused save: the server's field notice when it names one, else `failure`. */
export function goalSaveErrorToast(error: unknown, failure: string): ToastInput {
  if (error instanceof ApiError) {
    const notice = fieldErrorToast(error.message, error.field ?? 'goal', GOAL_FIELD_LABEL);
    if (notice) return notice;
  }
  return { title: 'Error', description: failure, variant: 'destructive' };
}
