import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CreatedEvent } from '../../../../contract/events';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorToast } from '../../../lib/field-error-toast';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { joinGoalPath } from '../../event-detail/event-summary';
import { useCreateEvent } from '../api/create-event';
import {
  checkCreateEvent,
  CREATE_EVENT_FAILED_TOAST,
  CREATE_EVENT_LABELS,
  createdEventGoalPath,
  EVENT_CREATED_TOAST,
  initialCreateEventValues,
  serverFieldOf,
  todayInputValue,
  type CreateEventErrors,
  type CreateEventField,
  type CreateEventValues,
} from '../create-event-form';
import './create-event.css';

export interface CreateEventFormProps {
  /** After creation ('Event Created' is shown either way); by default the member goes to the new event's goal page. */
  onCreated?: (created: CreatedEvent) => void;
  /** Shows a Cancel button (the profile's dialog uses it). */
  onCancel?: () => void;
}

/**
 * Creates a community event (docs/product.md: 'Create New Event'). Used by /events/create and, later, by
 * the profile's dialog. Checks run on submit; each message sits under its field.
 */
export function CreateEventForm({ onCreated, onCancel }: CreateEventFormProps) {
  const [values, setValues] = useState<CreateEventValues>(initialCreateEventValues);
  const [errors, setErrors] = useState<CreateEventErrors>({});
  const create = useCreateEvent();
  const [, navigate] = useLocation();
  const today = todayInputValue();

  const set = (field: CreateEventField) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = checkCreateEvent(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.toast) toast(checked.toast);
      return;
    }
    setErrors({});
    create.mutate(checked.payload, {
      onSuccess: (created) => {
        toast(EVENT_CREATED_TOAST);
        if (onCreated) onCreated(created);
        else navigate(createdEventGoalPath(joinGoalPath(created.id, created.joinSecret)));
      },
      onError: (error) => {
        // A refusal that names a field (a date before today where the server is, a name it
        // refuses) is also shown under that field.
        const field = error instanceof ApiError && error.field ? serverFieldOf(error.field) : undefined;
        if (field && error instanceof ApiError) setErrors({ [field]: error.message });
        const notice = error instanceof ApiError && error.field === 'name' ? fieldErrorToast(error.message, 'eventName', CREATE_EVENT_LABELS.name) : null;
        toast(notice ?? CREATE_EVENT_FAILED_TOAST);
      },
    });
  };

  const field = (name: CreateEventField) => ({
    label: CREATE_EVENT_LABELS[name],
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    hint: errors[name] ? (
      <span className="create-event-error" role="alert">
        {errors[name]}
      </span>
    ) : undefined,
  });

  return (
    <form className="create-event-form" onSubmit={submit} noValidate>
      <TextField {...field('name')} placeholder="e.g. Design systems breakfast" autoComplete="off" />
      <div className="create-event-row">
        <TextField {...field('startDate')} type="date" min={today} />
        <TextField {...field('startTime')} type="time" />
      </div>
      <div className="create-event-row">
        <TextField {...field('endDate')} type="date" min={values.startDate && values.startDate > today ? values.startDate : today} />
        <TextField {...field('endTime')} type="time" />
      </div>
      <TextField {...field('eventUrl')} type="url" inputMode="url" placeholder="https://example.com/event" autoComplete="url" />
      <div className="create-event-actions">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Event'}
        </Button>
      </div>
    </form>
  );
}
