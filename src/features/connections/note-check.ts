import { connectionNoteSchema } from '../../../contract/connection-notes';
import { validate } from '../../../contract/fields';
import { fieldErrorToast } from '../../lib/field-error-toast';
import type { ToastInput } from '../../ui/toast-store';

/**
 * The note as the server checks it (1,000 characters, content-checked): the trimmed note, or the
 * notice that refuses it. Loaded when the member saves, so the page's first screen carries none of it.
 */
export function checkNote(note: string): { ok: true; note: string } | { ok: false; toast: ToastInput } {
  const checked = validate(connectionNoteSchema, { note });
  if (checked.ok) return { ok: true, note: checked.value.note };
  return { ok: false, toast: fieldErrorToast(checked.error, 'note', 'Private note') ?? { title: 'Error', description: checked.error, variant: 'destructive' } };
}
