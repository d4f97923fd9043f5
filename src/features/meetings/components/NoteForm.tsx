import { useState, type FormEvent } from 'react';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/Field';

interface Props {
  label: string;
  submitLabel: string;
  onSubmit(note: string): void;
  onCancel(): void;
}

/** Declining or cancelling, with an optional note to the other member. */
export function NoteForm({ label, submitLabel, onSubmit, onCancel }: Props) {
  const [note, setNote] = useState('');
  const count = countText(note, 'meetingMessage');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(note.trim());
  };
  return (
    <form className="meeting-form" onSubmit={submit}>
      <TextAreaField label={label} value={note} onChange={(e) => setNote(e.target.value)} rows={2} count={count} autoFocus />
      <div className="meeting-form-actions">
        <Button variant="secondary" onClick={onCancel}>
          Back
        </Button>
        <Button type="submit" variant="danger" disabled={isOverLimit(count)}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
