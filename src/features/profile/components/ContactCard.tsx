import { lazy, Suspense, useState } from 'react';
import type { Me } from '../../../../contract/user';
import { Spinner } from '../../../ui/Spinner';
import type { ProfileEdits } from '../use-profile-edits';
import { EmailRow } from './EmailRow';
import { ProfileSection } from './ProfileSection';

const ContactForm = lazy(() => import('./ContactForm').then((m) => ({ default: m.ContactForm })));

/**
 * The member's contact information (docs/product.md section 2): e-mail read-only (changing it goes through
 * support, since it is how the member signs in), the professional-network link and phone, edited
 * in ContactForm. Only connections see these; the card says so.
 */
export function ContactCard({ me, edits }: { me: Pick<Me, 'email' | 'linkedinUrl' | 'phone'>; edits: ProfileEdits }) {
  const [editing, setEditing] = useState(false);
  return (
    <ProfileSection
      title="Contact information"
      onEdit={() => {
        edits.startEditing();
        setEditing(true);
      }}
      editDisabled={!edits.settled}
      form={
        editing
          ? (titleId) => (
              <Suspense fallback={<Spinner label="Loading" />}>
                <ContactForm titleId={titleId} me={me} edits={edits} onDone={() => setEditing(false)} />
              </Suspense>
            )
          : undefined
      }
    >
      <dl className="profile-fields">
        <EmailRow email={me.email} />
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
      </dl>
      <p className="profile-note-small">Only your connections see your contact information.</p>
    </ProfileSection>
  );
}
