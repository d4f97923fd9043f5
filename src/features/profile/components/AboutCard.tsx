import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Me } from '../../../../contract/user';
import { Spinner } from '../../../ui/Spinner';
import type { ProfileEdits } from '../use-profile-edits';
import { ProfileSection } from './ProfileSection';

const AboutForm = lazy(() => import('./AboutForm').then((m) => ({ default: m.AboutForm })));

export type AboutFields = Pick<Me, 'role' | 'story' | 'location' | 'locationId'>;

/** The picker of a location, given by the screen that composes the card (the locations feature). */
export type LocationPickerSlot = (props: {
  value: { id: string; text: string } | null;
  onChange: (value: { id: string; text: string } | null) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

function Row({ label, text, empty, own }: { label: string; text: string | null; empty: string; own: boolean }) {
  // SPEC.md: the placeholders are the owner's prompts; others see the field left out.
  if (!text && !own) return null;
  return (
    <div>
      <dt>{label}</dt>
      {text ? <dd>{text}</dd> : <dd className="profile-empty">{empty}</dd>}
    </div>
  );
}

/**
 * The 'About' card (SPEC.md section 2): title, location and story. The owner edits them in place
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
