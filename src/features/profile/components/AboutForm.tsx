import { useId, useState, type FormEvent } from 'react';
import { countText, isOverLimit } from '../../../lib/text-limit';
import { TextAreaField, TextField } from '../../../ui/Field';
import type { ProfileEdits } from '../use-profile-edits';
import type { AboutFields, LocationPickerSlot } from './about-fields';
import { EditActions } from './EditActions';

/** The About card in edit mode: Save sends what changed and returns to view mode, closing the picker. */
export function AboutForm({
  titleId,
  user,
  edits,
  locationPicker,
  onDone,
}: {
  titleId: string;
  user: AboutFields;
  edits: ProfileEdits;
  locationPicker?: LocationPickerSlot;
  onDone: () => void;
}) {
  const [role, setRole] = useState(user.role ?? '');
  const [story, setStory] = useState(user.story ?? '');
  const [place, setPlace] = useState(user.locationId && user.location ? { id: user.locationId, text: user.location } : null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const locationLabelId = useId();
  const roleCount = countText(role, 'role');
  const storyCount = countText(story, 'story');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const location = place ? { locationId: place.id, location: place.text } : user.locationId || user.location ? { locationId: '', location: '' } : {};
    if (await edits.save({ role, story, ...location })) {
      setPickerOpen(false);
      onDone();
    }
  };

  return (
    <form className="profile-section-form" aria-labelledby={titleId} onSubmit={(event) => void save(event)} noValidate>
      <div className="profile-fields">
        <TextField
          label="Title"
          placeholder="Add your title"
          value={role}
          count={roleCount}
          error={edits.errors.role}
          autoComplete="organization-title"
          onChange={(e) => setRole(e.target.value)}
        />
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
          error={edits.errors.story}
          rows={5}
          onChange={(e) => setStory(e.target.value)}
        />
      </div>
      <EditActions onCancel={onDone} busy={edits.busy} invalid={isOverLimit(roleCount) || isOverLimit(storyCount)} />
    </form>
  );
}
