import { Button } from '../../../ui/Button';

/** Cancel and Save under a profile card's form. */
export function EditActions({ onCancel, busy, invalid }: { onCancel: () => void; busy: boolean; invalid?: boolean }) {
  return (
    <div className="profile-section-actions">
      <Button variant="secondary" size="sm" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" size="sm" loading={busy} disabled={invalid}>
        Save
      </Button>
    </div>
  );
}
