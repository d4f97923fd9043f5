import type { InteractionUser } from '../../../contract/attendees';
import { INTERACTION_ERRORS } from '../../../contract/errors';
import type { OutboxRecord } from '../../offline/db';
import type { FailedRecord } from '../../offline/outbox';

/** What a queued record was, in the member's words, naming the person it was about. */
export function describeRecord(record: OutboxRecord, people: ReadonlyMap<string, InteractionUser>): string {
  if (record.kind === 'goal') return 'Your goal for this event';
  if (record.kind === 'profile') return 'Your profile changes';
  if (record.kind === 'connection-note') return 'Your note';
  if (record.kind === 'connect') return 'Connecting through a shared profile';
  if (record.kind === 'leave-event') return `Leaving ${record.payload.name}`;
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
