import * as v from 'valibot';
import { createUserEventSchema, withHttps, type CreateUserEvent } from '../../../contract/user-event-request';
import { fieldErrorToast } from '../../lib/field-error-toast';
import { toIsoTimestamp } from '../../lib/dates';
import type { ToastInput } from '../../ui/toast-store';
import { format } from 'date-fns';

/**
 * The create-event form of docs/product.md sections 2, 3 and 5 ('Create New Event' on the profile, and
 * /events/create): its fields, defaults, checks and the payload it sends.
 */

export interface CreateEventValues {
  name: string;
  /** 'yyyy-MM-dd' as a date input gives it. */
  startDate: string;
  /** 'HH:mm' as a time input gives it. */
  startTime: string;
  endDate: string;
  endTime: string;
  eventUrl: string;
}

export type CreateEventField = keyof CreateEventValues;
export type CreateEventErrors = Partial<Record<CreateEventField, string>>;

export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_END_TIME = '17:00';

/**
 * Fixed parts of the payload (docs/product.md section 3). The server stores its own fixed values for these
 * anyway, so nothing a member types ends up as HTML or as an image.
 */
export const COMMUNITY_EVENT_IMAGE_URL = '/media/events/community.svg';
export const COMMUNITY_EVENT_LOCATION = 'See event details';
export const COMMUNITY_EVENT_DESCRIPTION =
  '<p>This event was added by a member of the Mingle community. It is not organized or endorsed by the host company, ' +
  'and its attendee list may be inaccurate. It is shared only so attendees can coordinate and meet.</p>';

/** docs/product.md section 2: what the member sees once the event exists. */
export const EVENT_CREATED_TOAST: ToastInput = {
  title: 'Event Created',
  description: 'Add your goal for it, then share the join link with the people you want there.',
};

/**
 * The new event's goal page. `created` tells it the member created the event (and so is registered
 * already): it goes straight to the goal, instead of joining and saying 'Already registered'.
 */
export function createdEventGoalPath(goalPath: string): string {
  return `${goalPath}?created=1`;
}

export const CREATE_EVENT_FAILED_TOAST: ToastInput = {
  title: 'Error',
  description: 'Failed to create event. Please try again.',
  variant: 'destructive',
};

/** Field names as the form shows them, for the notices of docs/product.md section 5. */
export const CREATE_EVENT_LABELS: Record<CreateEventField, string> = {
  name: 'Event Name',
  startDate: 'Start Date',
  startTime: 'Start Time',
  endDate: 'End Date (Optional)',
  endTime: 'End Time (Optional)',
  eventUrl: 'Event URL',
};

export function initialCreateEventValues(): CreateEventValues {
  return { name: '', startDate: '', startTime: DEFAULT_START_TIME, endDate: '', endTime: DEFAULT_END_TIME, eventUrl: '' };
}

/** Today in the member's time zone, as a date input's value: the earliest date the pickers allow. */
export function todayInputValue(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

export type CreateEventCheck = { ok: true; payload: CreateUserEvent } | { ok: false; errors: CreateEventErrors; toast?: ToastInput };

/** Maps the contract's field names to the form's. */
const FORM_FIELD: Record<string, CreateEventField> = { name: 'name', dateTime: 'startDate', endDateTime: 'endDate', eventUrl: 'eventUrl' };

/** The form field of a field the API names in an error answer. */
export function serverFieldOf(field: string): CreateEventField | undefined {
  return Object.prototype.hasOwnProperty.call(FORM_FIELD, field) ? FORM_FIELD[field] : undefined;
}

/**
 * Checks the form as docs/product.md section 5 says and builds the payload: name, start date and time and
 * URL are required; a URL typed without a scheme gets https:// in front and must then be HTTPS;
 * no date before today; date and time are combined into an ISO timestamp in the member's time
 * zone; the end is sent only when both end date and end time are given, and must not be before
 * the start.
 */
/**
 * `timeZone`: the creator's, in which meeting times at the event are offered (docs/product.md,
 * 'Meetings'); the device's unless given.
 */
export function checkCreateEvent(
  values: CreateEventValues,
  now: Date = new Date(),
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): CreateEventCheck {
  const errors: CreateEventErrors = {};
  const today = todayInputValue(now);
  const name = values.name.trim();
  const eventUrl = withHttps(values.eventUrl);

  if (!name) errors.name = 'Event name is required';
  if (!values.startDate) errors.startDate = 'Event date is required';
  else if (values.startDate < today) errors.startDate = 'Event date cannot be in the past';
  if (!values.startTime) errors.startTime = 'Event time is required';
  if (!eventUrl) errors.eventUrl = 'Event URL is required';

  const dateTime = values.startDate && values.startTime ? toIsoTimestamp(values.startDate, values.startTime) : null;
  if (values.startDate && values.startTime && !dateTime && !errors.startDate) errors.startDate = 'Event date is required';

  const hasEnd = values.endDate !== '' && values.endTime !== '';
  const endDateTime = hasEnd ? toIsoTimestamp(values.endDate, values.endTime) : null;
  if (hasEnd && !endDateTime) errors.endDate = 'Invalid end date';

  const payload: CreateUserEvent = {
    name,
    dateTime: dateTime ?? '',
    ...(endDateTime ? { endDateTime } : {}),
    eventUrl,
    imageUrl: COMMUNITY_EVENT_IMAGE_URL,
    location: COMMUNITY_EVENT_LOCATION,
    description: COMMUNITY_EVENT_DESCRIPTION,
    timeZone,
  };

  // The contract's own rules (name length and content, HTTPS URL, end after start): every problem,
  // each on the form field it belongs to unless that field has a message already.
  const result = v.safeParse(createUserEventSchema, payload, { abortEarly: false });
  let notice: ToastInput | undefined;
  if (!result.success) {
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key;
      const field = typeof key === 'string' ? FORM_FIELD[key] : undefined;
      if (!field) continue;
      if (field === 'name') notice ??= fieldErrorToast(issue.message, 'eventName', CREATE_EVENT_LABELS.name) ?? undefined;
      errors[field] ??= issue.message;
    }
    if (Object.keys(errors).length === 0) return { ok: false, errors, toast: CREATE_EVENT_FAILED_TOAST };
  }

  if (Object.keys(errors).length > 0) return notice ? { ok: false, errors, toast: notice } : { ok: false, errors };
  return { ok: true, payload };
}
