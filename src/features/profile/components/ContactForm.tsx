import { useState, type FormEvent } from 'react';
import { LINKEDIN_PROFILE_BASE } from '../../../../contract/linkedin';
import type { Me } from '../../../../contract/user';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { TextField } from '../../../ui/Field';
import type { ProfileEdits } from '../use-profile-edits';
import { EmailRow } from './EmailRow';
import { EditActions } from './EditActions';

/** The link's fixed part as the field shows it; the member types only their profile's id. */
const LINK_PREFIX = LINKEDIN_PROFILE_BASE.replace(/^https:\/\/www\./, '');

/** The profile id of a stored link (https://www.linkedin.com/in/{id}). */
const linkIdOf = (url: string | null) => (url?.startsWith(LINKEDIN_PROFILE_BASE) ? url.slice(LINKEDIN_PROFILE_BASE.length) : (url ?? ''));

/** The contact card in edit mode: the e-mail stays read-only, the link behind its fixed prefix, the phone. */
export function ContactForm({
  titleId,
  me,
  edits,
  onDone,
}: {
  titleId: string;
  me: Pick<Me, 'email' | 'linkedinUrl' | 'phone'>;
  edits: ProfileEdits;
  onDone: () => void;
}) {
  const [linkId, setLinkId] = useState(() => linkIdOf(me.linkedinUrl));
  const [phone, setPhone] = useState(me.phone ?? '');
  // The server normalises a pasted full link too, so the whole text is sent as typed.
  const link = linkId.trim() === '' ? '' : /linkedin\.com\//i.test(linkId) ? linkId : `${LINKEDIN_PROFILE_BASE}${linkId.trim()}`;
  const linkCount = countText(link, 'linkedinUrl');
  const phoneCount = countText(phone, 'phone');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await edits.save({ linkedinUrl: link, phone })) onDone();
  };

  return (
    <form className="profile-section-form" aria-labelledby={titleId} onSubmit={(event) => void save(event)} noValidate>
      <dl className="profile-fields">
        <EmailRow email={me.email} />
      </dl>
      <div className="profile-fields">
        <div className="field">
          <label className="field-label" htmlFor="profile-linkedin">
            LinkedIn
          </label>
          <div className="profile-prefixed">
            <span className="profile-prefix" aria-hidden="true">
              {LINK_PREFIX}
            </span>
            <input
              id="profile-linkedin"
              className="input"
              value={linkId}
              placeholder="your-profile"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              aria-describedby={edits.errors.linkedinUrl ? 'profile-linkedin-hint profile-linkedin-error' : 'profile-linkedin-hint'}
              aria-invalid={isOverLimit(linkCount) || Boolean(edits.errors.linkedinUrl) || undefined}
              onChange={(e) => setLinkId(e.target.value)}
            />
          </div>
          <p id="profile-linkedin-hint" className="profile-note-small">
            The part after {LINK_PREFIX}, or paste your whole profile link.
          </p>
          {edits.errors.linkedinUrl && (
            <p id="profile-linkedin-error" className="field-error">
              {edits.errors.linkedinUrl}
            </p>
          )}
        </div>
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+46701234567"
          value={phone}
          count={phoneCount}
          error={edits.errors.phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </div>
      <EditActions onCancel={onDone} busy={edits.busy} invalid={isOverLimit(linkCount) || isOverLimit(phoneCount)} />
    </form>
  );
}
