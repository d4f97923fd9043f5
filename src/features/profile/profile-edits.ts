import type { QueryClient } from '@tanstack/react-query';
import type { Me, ProfileTextChanges, ProfileTextField } from '../../../contract/user';
import { ApiError } from '../../lib/api-client';
import { fieldErrorToast } from '../../lib/field-error-toast';
import type { Outbox } from '../../offline/outbox';
import { profileMutation } from '../../offline/mutations/profile-mutation';
import { askPersistentStorage } from '../../offline/persist';
import { withProfileChanges } from '../../offline/mutations/profile';
import { toast, type ToastInput } from '../../ui/toast-store';
import { authKeys } from '../../lib/signed-in-member';
import { updateMe } from './api/update-me';
import type { ProfileCheck } from './profile-check';
import { PROFILE_EDIT_LABELS, PROFILE_UPDATE_FAILED } from './profile-labels';

/**
 * Saving an edit of the member's profile: what changed, checked, then queued in the outbox or sent.
 * Loaded when the member saves (use-profile-edits.ts), so the profile's first screen carries none of it.
 */

export const PROFILE_UPDATED_TOAST: ToastInput = { title: 'Profile updated' };

/** The fields whose value differs from the member's: only those are sent (docs/product.md section 4). */
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
  return { title: 'Profile update failed', description: label ? `${label}: ${error}` : error || PROFILE_UPDATE_FAILED, variant: 'destructive' };
}

/** A save that did not keep the edit; `field` and `error` when one field's value was refused. */
export type SaveOutcome = { kept: true } | { kept: false; field?: ProfileTextField; error?: string };

/** What the field itself says of a refused value (under it): the notice's words without the field's name. */
function refusal(error: string, field: string | undefined): SaveOutcome {
  if (!field || !(field in PROFILE_EDIT_LABELS)) return { kept: false };
  const known = fieldErrorToast(error, field, PROFILE_EDIT_LABELS[field as ProfileTextField]);
  return { kept: false, field: field as ProfileTextField, error: known?.description ?? error };
}

export function profileSaveFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError) return profileEditErrorToast(error.message, error.field);
  return { title: 'Profile update failed', description: PROFILE_UPDATE_FAILED, variant: 'destructive' };
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

export interface SaveProfileEdit {
  /** The member as shown (queued edits applied): what the draft is compared with. */
  profile: Me;
  draft: ProfileTextChanges;
  /** The member's outbox, or null without IndexedDB: then the edit is sent at once. */
  outbox: Outbox | null;
  queryClient: QueryClient;
  /** Told while a direct save is on its way (the form's Save shows it). */
  onSending: (sending: boolean) => void;
}

/** Saves the changed fields of `draft`: kept once queued or saved, else it says why (a notice, and the field). */
export async function saveProfileEdit({ profile, draft, outbox, queryClient, onSending }: SaveProfileEdit): Promise<SaveOutcome> {
  const changes = changedFields(profile, draft);
  if (Object.keys(changes).length === 0) return { kept: true };
  const checked = await checkProfileEdit(changes);
  if (!checked.ok) {
    toast(profileEditErrorToast(checked.error, checked.field));
    return refusal(checked.error, checked.field);
  }
  if (outbox) {
    // Written into the member's answer at once, so no frame shows the older value before the
    // outbox's live answer has the edit; a refusal or a discard reads the server's again.
    const before = queryClient.getQueryData<Me | null>(authKeys.me());
    if (before) queryClient.setQueryData(authKeys.me(), withProfileChanges(before, checked.changes));
    try {
      await outbox.enqueue(profileMutation, { changes: checked.changes });
      toast(PROFILE_UPDATED_TOAST);
      void askPersistentStorage();
      return { kept: true };
    } catch {
      queryClient.setQueryData(authKeys.me(), before);
      toast(profileSaveFailureToast(null));
      return { kept: false };
    }
  }
  onSending(true);
  try {
    queryClient.setQueryData(authKeys.me(), await updateMe(checked.changes));
    toast(PROFILE_UPDATED_TOAST);
    return { kept: true };
  } catch (error) {
    toast(profileSaveFailureToast(error));
    return error instanceof ApiError ? refusal(error.message, error.field) : { kept: false };
  } finally {
    onSending(false);
  }
}
