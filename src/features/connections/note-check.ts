import { connectionNoteSchema } from '../../../contract/connection-notes';
import { validate } from '../../../contract/fields';

/** The note as the server checks it (1,000 characters, content-checked): the trimmed note, or the refusal. */
export function checkNote(note: string): { ok: true; note: string } | { ok: false; error: string } {
  const checked = validate(connectionNoteSchema, { note });
  return checked.ok ? { ok: true, note: checked.value.note } : { ok: false, error: checked.error };
}
