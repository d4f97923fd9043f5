import { useState, type FormEvent } from 'react';
import { LINKEDIN_PROFILE_BASE } from '../../../../contract/fields';
import type { Me } from '../../../../contract/user';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { TextField } from '../../../ui/Field';
import type { ProfileEdits } from '../use-profile-edits';
import { ProfileSection } from './ProfileSection';

/** The link's fixed part as the field shows it; the member types only their profile's id. */
const LINK_PREFIX = LINKEDIN_PROFILE_BASE.replace(/^https:\/\/www\./, '');

/** The profile id of a stored link (https://www.linkedin.com/in/{id}). */
const linkIdOf = (url: string | null) => (url?.startsWith(LINKEDIN_PROFILE_BASE) ? url.slice(LINKEDIN_PROFILE_BASE.length) : (url ?? ''));

/**
 * The member's contact information (SPEC.md section 2): e-mail read-only (changing it goes through
 * support, since it is how the member signs in), the professional-network link behind its fixed
 * prefix, and phone. Only connections see these (issue 11); the card says so.
 */
export function ContactCard({ me, edits }: { me: Pick<Me, 'email' | 'linkedinUrl' | 'phone'>; edits: ProfileEdits }) {
  const [editing, setEditing] = useState(false);
  const [linkId, setLinkId] = useState('');
  const [phone, setPhone] = useState('');
  // The server normalises a pasted full link too, so the whole text is sent as typed.
  const link = linkId.trim() === '' ? '' : /linkedin\.com\//i.test(linkId) ? linkId : `${LINKEDIN_PROFILE_BASE}${linkId.trim()}`;
  const linkCount = countText(link, 'linkedinUrl');
  const phoneCount = countText(phone, 'phone');

  const startEditing = () => {
    edits.startEditing();
    setLinkId(linkIdOf(me.linkedinUrl));
    setPhone(me.phone ?? '');
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await edits.save({ linkedinUrl: link, phone })) setEditing(false);
  };

  return (
    <ProfileSection
      title="Contact information"
      editing={{
        editing,
        onEdit: startEditing,
        onCancel: () => setEditing(false),
        onSave: (event) => void save(event),
        busy: edits.busy,
        invalid: isOverLimit(linkCount) || isOverLimit(phoneCount),
        unsettled: !edits.settled,
      }}
    >
      <dl className="profile-fields">
        <div>
          <dt>E-mail</dt>
          <dd>{me.email}</dd>
          <dd className="profile-note-small">To change your e-mail address, contact support.</dd>
        </div>
        {!editing && (
          <>
            <div>
              <dt>LinkedIn</dt>
              {me.linkedinUrl ? (
                <dd>
                  <a href={me.linkedinUrl} target="_blank" rel="noopener noreferrer">
                    {me.linkedinUrl.replace(/^https:\/\/www\./, '')}
                  </a>
                </dd>
              ) : (
                <dd className="profile-empty">No link provided</dd>
              )}
            </div>
            <div>
              <dt>Phone</dt>
              {me.phone ? <dd>{me.phone}</dd> : <dd className="profile-empty">No number provided</dd>}
            </div>
          </>
        )}
      </dl>
      {editing && (
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
                aria-describedby="profile-linkedin-hint"
                aria-invalid={isOverLimit(linkCount) || undefined}
                onChange={(e) => setLinkId(e.target.value)}
              />
            </div>
            <p id="profile-linkedin-hint" className="profile-note-small">
              The part after {LINK_PREFIX}, or paste your whole profile link.
            </p>
          </div>
          <TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+46701234567"
            value={phone}
            count={phoneCount}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
      )}
      <p className="profile-note-small">Only your connections see your contact information.</p>
    </ProfileSection>
  );
}
