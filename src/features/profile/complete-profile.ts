import { API_ERRORS } from '../../../contract/errors';
import { ApiError } from '../../lib/api-client';
import { fieldErrorToast } from '../../lib/field-error-toast';
import { safeRedirectPath } from '../../lib/redirects';
import { countText, isOverLimit } from '../../lib/text-limit';
import type { ToastInput } from '../../ui/toast-store';
import { PROFILE_UPDATE_FAILED } from './profile-labels';

/** Field names as the completion form shows them, for the notices of docs/product.md section 5. */
export const PROFILE_FIELD_LABELS: Record<string, string> = { role: 'Title', story: 'Story' };

/** The counters under headline and about. */
export function profileCounts(headline: string, about: string) {
  return { role: countText(headline, 'role'), story: countText(about, 'story') };
}

/** Save is enabled only when both headline and about hold more than blanks and fit their limits. */
export function canSaveProfile(headline: string, about: string): boolean {
  const counts = profileCounts(headline, about);
  return counts.role.length > 0 && counts.story.length > 0 && !isOverLimit(counts.role) && !isOverLimit(counts.story);
}

/**
 * Said when the profile was saved. It takes the notice's place (one at a time), so a refusal from an
 * earlier try never stays on screen after the corrected save went through.
 */
export const PROFILE_SAVED_TOAST: ToastInput = { title: 'Profile saved', description: 'Other attendees can now see who you are.' };

/** After completing the profile: the saved post-profile redirect, else /events. */
export function postProfileDestination(savedAfterProfile: string | null): string {
  return safeRedirectPath(savedAfterProfile) ?? '/events';
}

/** The notice for a refused save, whether the client's check or the server refused it. */
export function profileSaveErrorToast(error: unknown): ToastInput {
  if (error instanceof ApiError) {
    const notice = fieldErrorToast(error.message, error.field, error.field ? PROFILE_FIELD_LABELS[error.field] : undefined);
    if (notice) return notice;
  }
  return { title: 'Profile update failed', description: PROFILE_UPDATE_FAILED, variant: 'destructive' };
}

/** The notice for input the client's own check refused before sending. */
export function profileValidationToast(error: string, field: string | undefined): ToastInput {
  return (
    fieldErrorToast(error, field, field ? PROFILE_FIELD_LABELS[field] : undefined) ?? {
      title: 'Profile update failed',
      description: error === API_ERRORS.invalidInput ? PROFILE_UPDATE_FAILED : error,
      variant: 'destructive',
    }
  );
}
