import { useState, type FormEvent } from 'react';
import type { Me } from '../../../../contract/user';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { PencilIcon } from '../../../ui/icons';
import type { ProfileEdits } from '../use-profile-edits';

/** The profile header's name with its edit toggle (SPEC.md section 2): first and last name, both required. */
export function ProfileName({ me, edits }: { me: Pick<Me, 'firstName' | 'lastName'>; edits: ProfileEdits }) {
  const [editing, setEditing] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const firstCount = countText(firstName, 'firstName');
  const lastCount = countText(lastName, 'lastName');
  const invalid = firstCount.length === 0 || lastCount.length === 0 || isOverLimit(firstCount) || isOverLimit(lastCount);

  const startEditing = () => {
    edits.startEditing();
    setFirstName(me.firstName);
    setLastName(me.lastName);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    if (await edits.save({ firstName, lastName })) setEditing(false);
  };

  if (!editing) {
    return (
      <div className="profile-name-row">
        <h2 className="profile-name">
          {me.firstName} {me.lastName}
        </h2>
        <Button variant="ghost" size="sm" onClick={startEditing} aria-label="Edit name" disabled={!edits.settled}>
          <PencilIcon width="16" height="16" />
        </Button>
      </div>
    );
  }
  return (
    <form className="profile-name-form" onSubmit={(event) => void save(event)} noValidate aria-label="Name">
      <TextField label="First name" value={firstName} count={firstCount} autoComplete="given-name" required autoFocus onChange={(e) => setFirstName(e.target.value)} />
      <TextField label="Last name" value={lastName} count={lastCount} autoComplete="family-name" required onChange={(e) => setLastName(e.target.value)} />
      <div className="profile-section-actions">
        <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={edits.busy} disabled={invalid}>
          Save
        </Button>
      </div>
    </form>
  );
}
