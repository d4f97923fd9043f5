import { validate } from '../../../contract/fields';
import { profileUpdateSchema, type ProfileTextChanges } from '../../../contract/user';

export type ProfileCheck = { ok: true; changes: ProfileTextChanges } | { ok: false; error: string; field: string | undefined };

/**
 * The edit as the server checks it (limits, the content check, the normalised professional-network
 * link and phone), so a refusal shows before anything is queued. Loaded when the member saves.
 */
export function checkProfileChanges(changes: ProfileTextChanges): ProfileCheck {
  const checked = validate(profileUpdateSchema, changes);
  if (!checked.ok) return { ok: false, error: checked.error, field: checked.field };
  const { removeProfileImage: _photo, ...text } = checked.value;
  return { ok: true, changes: text as ProfileTextChanges };
}
