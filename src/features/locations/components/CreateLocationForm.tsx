import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { Location } from '../../../../contract/events';
import { ApiError } from '../../../lib/api-client';
import { countText } from '../../../lib/text-limit';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { useCreateLocation } from '../api/create-location';
import {
  checkNewLocation,
  COUNTRY_CHOICES,
  emptyNewLocation,
  NEW_LOCATION_LABELS,
  newLocationFieldMessage,
  newLocationFieldOf,
  type NewLocationErrors,
  type NewLocationField,
  type NewLocationValues,
} from '../create-location-form';

export const CREATE_LOCATION_FAILED_TEXT = 'Failed to create location';
export const CREATE_LOCATION_OFFLINE_TEXT = "You're offline. Locations can be created once you're back online.";

export interface CreateLocationFormProps {
  /** What the member had typed in the search: most often the place they did not find. */
  initialName: string;
  onCreated(location: Location): void;
  onCancel(): void;
}

/**
 * 'Create custom location' (docs/product.md sections 2 and 5): name and country required, region optional.
 * Not a <form>: the picker sits inside the profile's own edit form, and forms cannot nest; Enter in
 * a text field submits it all the same. docs/product.md's product stayed silent when creation failed; here
 * the member is told why (the field the server names, else a line under the form), as a form that
 * does nothing on submit leaves them guessing.
 */
export function CreateLocationForm({ initialName, onCreated, onCancel }: CreateLocationFormProps) {
  const countryId = useId();
  const [values, setValues] = useState<NewLocationValues>(() => emptyNewLocation(initialName.trim()));
  const [errors, setErrors] = useState<NewLocationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateLocation();

  const set = (field: NewLocationField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = () => {
    if (create.isPending) return;
    setFormError(null);
    const checked = checkNewLocation(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    create.mutate(checked.request, {
      onSuccess: onCreated,
      onError: (error) => {
        const field = error instanceof ApiError ? newLocationFieldOf(error.field) : undefined;
        if (field) setErrors({ [field]: newLocationFieldMessage(error.message, field) });
        else if (error instanceof ApiError && error.isNetworkError && !navigator.onLine) setFormError(CREATE_LOCATION_OFFLINE_TEXT);
        // A 4xx without a field (the daily limit, 429) says what to do; anything else is ours.
        else if (error instanceof ApiError && error.status >= 400 && error.status < 500) setFormError(error.message);
        else setFormError(CREATE_LOCATION_FAILED_TEXT);
      },
    });
  };

  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // Not the profile form's submit: this one.
    event.preventDefault();
    submit();
  };

  const message = (field: NewLocationField) =>
    errors[field] ? (
      <span className="location-form-error" role="alert">
        {errors[field]}
      </span>
    ) : undefined;

  return (
    <div className="location-form" role="group" aria-label="Create custom location">
      <TextField
        label={NEW_LOCATION_LABELS.name}
        value={values.name}
        onChange={set('name')}
        onKeyDown={submitOnEnter}
        aria-invalid={errors.name ? true : undefined}
        hint={message('name')}
        autoComplete="off"
        count={countText(values.name, 'location')}
        autoFocus
      />
      <div className="field">
        <label className="field-label" htmlFor={countryId}>
          {NEW_LOCATION_LABELS.country}
        </label>
        <select
          id={countryId}
          className="input location-form-select"
          value={values.country}
          onChange={set('country')}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? `${countryId}-error` : undefined}
        >
          <option value="">Select a country</option>
          {COUNTRY_CHOICES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {errors.country && (
          <div className="field-meta">
            <span id={`${countryId}-error`} className="location-form-error" role="alert">
              {errors.country}
            </span>
          </div>
        )}
      </div>
      <TextField
        label={NEW_LOCATION_LABELS.region}
        value={values.region}
        onChange={set('region')}
        onKeyDown={submitOnEnter}
        aria-invalid={errors.region ? true : undefined}
        hint={message('region')}
        autoComplete="off"
        count={countText(values.region, 'location')}
      />
      {formError && (
        <p className="location-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="location-form-actions">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button size="sm" onClick={submit} loading={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create location'}
        </Button>
      </div>
    </div>
  );
}
