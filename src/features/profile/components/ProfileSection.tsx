import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { PencilIcon } from '../../../ui/icons';
import './profile-section.css';

export interface SectionEditing {
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (event: FormEvent) => void;
  /** Save waits (the outbox is loading or a direct save is on its way). */
  busy: boolean;
  /** Save is refused by the form itself (a field over its limit, a required name empty). */
  invalid?: boolean;
  /** Editing cannot start yet: what shows may still change (the outbox has not answered). */
  unsettled?: boolean;
}

/**
 * A card of the profile with a title and, on the member's own profile, the edit/save toggle of
 * SPEC.md section 4: 'Edit' turns it into a form with Cancel and Save.
 */
export function ProfileSection({ title, editing, children, footer }: { title: string; editing?: SectionEditing; children: ReactNode; footer?: ReactNode }) {
  const titleId = useId();
  const body = (
    <>
      <div className="profile-section-head">
        <h2 id={titleId} className="profile-section-title">
          {title}
        </h2>
        {editing && !editing.editing && (
          <Button variant="ghost" size="sm" onClick={editing.onEdit} aria-label={`Edit ${title.toLowerCase()}`} disabled={editing.unsettled}>
            <PencilIcon width="16" height="16" />
            Edit
          </Button>
        )}
      </div>
      {children}
      {editing?.editing && (
        <div className="profile-section-actions">
          <Button variant="secondary" size="sm" onClick={editing.onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={editing.busy} disabled={editing.invalid}>
            Save
          </Button>
        </div>
      )}
      {footer}
    </>
  );
  if (editing?.editing) {
    return (
      <form className="card profile-section" aria-labelledby={titleId} onSubmit={editing.onSave} noValidate>
        {body}
      </form>
    );
  }
  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      {body}
    </section>
  );
}
