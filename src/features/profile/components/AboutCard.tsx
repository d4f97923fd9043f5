import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Me } from '../../../../contract/user';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { TextAreaField, TextField } from '../../../ui/Field';
import type { ProfileEdits } from '../use-profile-edits';
import { ProfileSection } from './ProfileSection';

type AboutFields = Pick<Me, 'role' | 'story' | 'location' | 'locationId'>;

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
 * (Save returns to view mode and closes the picker); others read them.
 */
export function AboutCard({ user, edits, locationPicker }: { user: AboutFields; edits?: ProfileEdits; locationPicker?: LocationPickerSlot }) {
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState('');
  const [story, setStory] = useState('');
  const [place, setPlace] = useState<{ id: string; text: string } | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const locationLabelId = useId();
  const own = edits !== undefined;
  const roleCount = countText(role, 'role');
  const storyCount = countText(story, 'story');

  const startEditing = () => {
    edits?.startEditing();
    setRole(user.role ?? '');
    setStory(user.story ?? '');
    setPlace(user.locationId && user.location ? { id: user.locationId, text: user.location } : null);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!edits) return;
    const location = place ? { locationId: place.id, location: place.text } : user.locationId || user.location ? { locationId: '', location: '' } : {};
    if (await edits.save({ role, story, ...location })) {
      setPickerOpen(false);
      setEditing(false);
    }
  };

  const rows =
    own && editing ? (
      <div className="profile-fields">
        <TextField label="Title" placeholder="Add your title" value={role} count={roleCount} autoComplete="organization-title" onChange={(e) => setRole(e.target.value)} />
        {locationPicker && (
          <div className="field" role="group" aria-labelledby={locationLabelId}>
            <span id={locationLabelId} className="field-label">
              Location
            </span>
            {locationPicker({ value: place, onChange: setPlace, open: pickerOpen, onOpenChange: setPickerOpen })}
          </div>
        )}
        <TextAreaField
          label="Story"
          placeholder="Tell us about yourself"
          className="profile-story-input"
          value={story}
          count={storyCount}
          rows={5}
          onChange={(e) => setStory(e.target.value)}
        />
      </div>
    ) : (
      <dl className="profile-fields">
        <Row label="Title" text={user.role} empty="Add your title" own={own} />
        <Row label="Location" text={user.location} empty="Add your location" own={own} />
        <Row label="Story" text={user.story} empty="Tell us about yourself" own={own} />
      </dl>
    );

  return (
    <ProfileSection
      title="About"
      editing={
        edits && {
          editing,
          onEdit: startEditing,
          onCancel: () => {
            setPickerOpen(false);
            setEditing(false);
          },
          onSave: (event) => void save(event),
          busy: edits.busy,
          invalid: isOverLimit(roleCount) || isOverLimit(storyCount),
          unsettled: !edits.settled,
        }
      }
    >
      {rows}
    </ProfileSection>
  );
}
