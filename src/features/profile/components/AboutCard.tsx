import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../ui/Spinner';
import type { ProfileEdits } from '../use-profile-edits';
import type { AboutFields, LocationPickerSlot } from './about-fields';
import { ProfileSection } from './ProfileSection';

const AboutForm = lazy(() => import('./AboutForm').then((m) => ({ default: m.AboutForm })));

function Row({ label, text, empty, own }: { label: string; text: string | null; empty: string; own: boolean }) {
  // docs/product.md: the placeholders are the owner's prompts; others see the field left out.
  if (!text && !own) return null;
  return (
    <div>
      <dt>{label}</dt>
      {text ? <dd>{text}</dd> : <dd className="profile-empty">{empty}</dd>}
    </div>
  );
}

/**
 * The 'About' card (docs/product.md section 2): title, location and story. The owner edits them in place
 * (AboutForm); others read them.
 */
export function AboutCard({ user, edits, locationPicker }: { user: AboutFields; edits?: ProfileEdits; locationPicker?: LocationPickerSlot }) {
  const [editing, setEditing] = useState(false);
  const own = edits !== undefined;
  return (
    <ProfileSection
      title="About"
      onEdit={
        edits &&
        (() => {
          edits.startEditing();
          setEditing(true);
        })
      }
      editDisabled={edits && !edits.settled}
      form={
        edits && editing
          ? (titleId) => (
              <Suspense fallback={<Spinner label="Loading" />}>
                <AboutForm titleId={titleId} user={user} edits={edits} locationPicker={locationPicker} onDone={() => setEditing(false)} />
              </Suspense>
            )
          : undefined
      }
    >
      <dl className="profile-fields">
        <Row label="Title" text={user.role} empty="Add your title" own={own} />
        <Row label="Location" text={user.location} empty="Add your location" own={own} />
        <Row label="Story" text={user.story} empty="Tell us about yourself" own={own} />
      </dl>
    </ProfileSection>
  );
}
