import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { PencilIcon } from '../../../ui/icons';
import './profile-section.css';

/**
 * A card of the profile with a title and, on the member's own profile, docs/product.md section 4's
 * edit/save toggle: 'Edit' (`onEdit`) turns it into `form`, given the title's id to be named by.
 * The forms load when editing starts, so the profile's first screen carries only what it shows.
 */
export function ProfileSection({
  title,
  onEdit,
  editDisabled,
  form,
  children,
}: {
  title: string;
  onEdit?: () => void;
  /** Editing cannot start yet: what shows may still change (the outbox has not answered). */
  editDisabled?: boolean;
  form?: (titleId: string) => ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <div className="profile-section-head">
        <h2 id={titleId} className="profile-section-title">
          {title}
        </h2>
        {onEdit && !form && (
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${title.toLowerCase()}`} disabled={editDisabled}>
            <PencilIcon width="16" height="16" />
            Edit
          </Button>
        )}
      </div>
      {form ? form(titleId) : children}
    </section>
  );
}
