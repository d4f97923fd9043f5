import { useState, type FormEvent } from 'react';
import type { Me } from '../../../../contract/user';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { TextField } from '../../../ui/Field';
import type { ProfileEdits } from '../use-profile-edits';
import { EditActions } from './EditActions';

/** First and last name, both required, edited in the profile header. */
export function NameForm({ me, edits, onDone }: { me: Pick<Me, 'firstName' | 'lastName'>; edits: ProfileEdits; onDone: () => void }) {
  const [firstName, setFirstName] = useState(me.firstName);
  const [lastName, setLastName] = useState(me.lastName);
  const firstCount = countText(firstName, 'firstName');
  const lastCount = countText(lastName, 'lastName');
  const invalid = firstCount.length === 0 || lastCount.length === 0 || isOverLimit(firstCount) || isOverLimit(lastCount);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    if (await edits.save({ firstName, lastName })) onDone();
  };

  return (
    <form className="profile-name-form" onSubmit={(event) => void save(event)} noValidate aria-label="Name">
      <TextField
        label="First name"
        value={firstName}
        count={firstCount}
        error={edits.errors.firstName}
        autoComplete="given-name"
        required
        autoFocus
        onChange={(e) => setFirstName(e.target.value)}
      />
      <TextField
        label="Last name"
        value={lastName}
        count={lastCount}
        error={edits.errors.lastName}
        autoComplete="family-name"
        required
        onChange={(e) => setLastName(e.target.value)}
      />
      <EditActions onCancel={onDone} busy={edits.busy} invalid={invalid} />
    </form>
  );
}
