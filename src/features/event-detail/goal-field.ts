import type { ToastInput } from '../../ui/toast-store';

/**
 * What goal.ts and its lazily loaded check (goal-check.ts) share, in a file of their own so that
 * neither imports the other.
 */

/** The field's name in the 'Input too long' and 'Invalid content detected' notices. */
export const GOAL_FIELD_LABEL = 'Goal';

export type GoalCheck = { ok: true; goal: string } | { ok: false; toast: ToastInput };
