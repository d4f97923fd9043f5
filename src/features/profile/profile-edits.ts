import type { Me, ProfileTextChanges, ProfileTextField } from '../../../contract/user';
import { ApiError } from '../../lib/api-client';
import { fieldErrorToast } from '../../lib/field-error-toast';
import type { ToastInput } from '../../ui/toast-store';
import type { ProfileCheck } from './profile-check';

/** The fields' names as the profile's cards label them, for the notices of SPEC.md section 5. */
export const PROFILE_EDIT_LABELS: Record<ProfileTextField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  role: 'Title',
  story: 'Story',
  location: 'Location',
  locationId: 'Location',
  linkedinUrl: 'LinkedIn',
  phone: 'Phone',
};

export const PROFILE_UPDATED_TOAST: ToastInput = { title: 'Profile updated' };
export const PROFILE_WAITING_TEXT = 'Saved on this device, waiting to sync.';
const FAILED_TEXT = 'Failed to update profile. Please try again.';

/** The fields whose value differs from the member's: only those are sent (SPEC.md section 4). */
export function changedFields(me: Me, draft: ProfileTextChanges): ProfileTextChanges {
  const changed: ProfileTextChanges = {};
  for (const [field, value] of Object.entries(draft) as [ProfileTextField, string | undefined][]) {
    if (value === undefined) continue;
    const current = (me[field] ?? '').trim();
    if (value.trim() !== current) changed[field] = value;
  }
  // A location is one choice: a picked location's id and its text go together, and the text of
  // an unchanged pick is the server's own (free text would drop the pick).
  if ('locationId' in changed && draft.location !== undefined) changed.location = draft.location;
  else if (draft.locationId) delete changed.location;
  return changed;
}

/** The notice for a refused edit, whether the client's check or the server refused it. */
export function profileEditErrorToast(error: string, field: string | undefined): ToastInput {
  const label = field && field in PROFILE_EDIT_LABELS ? PROFILE_EDIT_LABELS[field as ProfileTextField] : undefined;
  const notice = fieldErrorToast(error, field, label);
  if (notice) return notice;
  return { title: 'Profile update failed', description: label ? `${label}: ${error}` : error || FAILED_TEXT, variant: 'destructive' };
}

export function profileSaveFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError) return profileEditErrorToast(error.message, error.field);
  return { title: 'Profile update failed', description: FAILED_TEXT, variant: 'destructive' };
}

/**
 * The client's check before sending. Its code (valibot and the content check) loads when the
 * member saves; where it cannot load (offline before the service worker held it) the edit goes as
 * typed and the server's check answers.
 */
export async function checkProfileEdit(changes: ProfileTextChanges): Promise<ProfileCheck> {
  try {
    const { checkProfileChanges } = await import('./profile-check');
    return checkProfileChanges(changes);
  } catch {
    return { ok: true, changes };
  }
}
