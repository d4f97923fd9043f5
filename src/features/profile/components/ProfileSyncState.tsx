import type { ProfileOverlay } from '../../../offline/mutations/profile';
import { Button } from '../../../ui/Button';
import { PROFILE_EDIT_LABELS, PROFILE_WAITING_TEXT } from '../profile-labels';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Under the profile header: that edits wait on this device for the network, or that the server
 * refused one (its reason, naming the field, and Discard, which shows the server's profile again).
 */
export function ProfileSyncState({ overlay, onDiscard }: { overlay: ProfileOverlay; onDiscard: () => void }) {
  const failed = overlay.failed;
  if (failed) {
    const fields = Object.keys(failed.payload.changes) as (keyof typeof PROFILE_EDIT_LABELS)[];
    const named = [...new Set(fields.map((field) => PROFILE_EDIT_LABELS[field]))].join(', ');
    return (
      <div className="profile-sync profile-sync--failed" role="alert">
        <p>
          Your profile changes ({named}) were not saved. {sentence(failed.lastError ?? 'The server refused them.')}
        </p>
        <Button variant="ghost" size="sm" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    );
  }
  if (!overlay.waiting) return null;
  return (
    <p className="profile-sync" role="status">
      {PROFILE_WAITING_TEXT}
    </p>
  );
}
