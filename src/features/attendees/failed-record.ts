import type { InteractionUser } from '../../../contract/attendees';
import { INTERACTION_ERRORS } from '../../../contract/errors';
import type { OutboxRecord } from '../../offline/db';
import type { FailedRecord } from '../../offline/outbox';

const MEETING_ANSWERS = {
  'meeting-accept': 'Accepting a meeting',
  'meeting-decline': 'Declining a meeting',
  'meeting-propose': 'Your new time for a meeting',
  'meeting-cancel': 'Cancelling a meeting',
  'meeting-outcome': 'How your meeting went',
} as const;

/** What a queued record was, in the member's words, naming the person it was about. */
export function describeRecord(record: OutboxRecord, people: ReadonlyMap<string, InteractionUser>): string {
  if (record.kind === 'goal') return 'Your goal for this event';
  if (record.kind === 'profile') return 'Your profile changes';
  if (record.kind === 'connection-note') return 'Your note';
  if (record.kind === 'connect') return 'Connecting through a shared profile';
  if (record.kind === 'leave-event') return `Leaving ${record.payload.name}`;
  if (record.kind === 'meeting-request') return `Your meeting request to ${record.payload.invitee.firstName}`;
  if (record.kind in MEETING_ANSWERS) return MEETING_ANSWERS[record.kind as keyof typeof MEETING_ANSWERS];
  if (record.kind !== 'swipe' && record.kind !== 'undo-swipe') return 'A change';
  const person = record.payload.toUserId ? people.get(record.payload.toUserId) : undefined;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : 'an attendee';
  if (record.kind === 'undo-swipe') return `Undo for ${name}`;
  return record.payload.direction === 'right' ? `Connect with ${name}` : `Pass on ${name}`;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** 'Connect with Grace Hopper was not saved. Only attendees of this event can do this.' */
export function failedRecordText(failed: FailedRecord, people: ReadonlyMap<string, InteractionUser>): string {
  return `${describeRecord(failed.record, people)} was not saved. ${sentence(failed.reason)}`;
}

/**
 * Whether sending it again can succeed once the member has acted: a 403 (not, or no longer, an
 * attendee: register again) and 'Already interacted' (undo the other swipe first). Other refusals
 * (unknown person, a connection that cannot be undone, invalid input) would fail the same way again.
 */
export function isRetryable(failed: FailedRecord): boolean {
  return failed.status === 403 || (failed.status === 409 && failed.reason === INTERACTION_ERRORS.alreadyInteracted);
}
