import type { Meeting } from '../../../contract/meetings';
import type { OutboxRecord } from '../../offline/db';
import {
  ACTION_VERBS,
  meetingsOverlayOf,
  refusalText,
  requestVerb,
  type MeetingActionRecord,
  type MeetingsOverlay,
} from '../../offline/mutations/meeting-overlay';
import { MEETING_MUTATIONS } from './meeting-mutations';
import type { RecordOf } from '../../offline/mutations/mutation';

/**
 * A meeting as the member sees it: the server's, with what they did on this device and the server
 * has not taken yet laid over it ('Waiting to send'), or the server's refusal of it, in words.
 */
export interface ShownMeeting extends Meeting {
  /** A request still on this device: it has no page of its own until the server has it. */
  queued: boolean;
  sync: { state: 'waiting' } | { state: 'refused'; reason: string; record: OutboxRecord } | null;
}

export const meetingsOverlay = (records: readonly OutboxRecord[] | null): MeetingsOverlay => meetingsOverlayOf(records, MEETING_MUTATIONS);

/** 'Could not accept: ...' for a record the server refused. */
export const refusedText = (record: OutboxRecord): string =>
  refusalText(
    record.kind === 'meeting-request' ? requestVerb(record.payload.invitee) : ACTION_VERBS[record.kind as MeetingActionRecord['kind']],
    record.lastError,
  );

/** A request on this device as a meeting card shows it. */
function queuedRequest(record: RecordOf<'meeting-request'>): ShownMeeting {
  const { eventId, eventName, timeZone, invitee, startsAt, minutes, place, message, actedAt } = record.payload;
  return {
    id: record.id,
    eventId,
    eventName,
    timeZone,
    with: invitee,
    requestedByMe: true,
    state: 'requested',
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
    place,
    message: message || null,
    proposal: null,
    awaitingMe: false,
    note: null,
    closedByMe: null,
    outcome: null,
    sequence: 0,
    createdAt: actedAt,
    updatedAt: actedAt,
    queued: true,
    sync: record.state === 'failed' ? { state: 'refused', reason: refusedText(record), record } : { state: 'waiting' },
  };
}

/** One server meeting with this device's actions on it laid over. */
export function shownMeeting(meeting: Meeting, overlay: MeetingsOverlay): ShownMeeting {
  const entry = overlay.actions.get(meeting.id);
  const shown = (entry?.waiting ?? []).reduce((m, action) => action.show(m), meeting);
  const sync: ShownMeeting['sync'] = entry?.waiting.length
    ? { state: 'waiting' }
    : entry?.failed
      ? { state: 'refused', reason: refusedText(entry.failed), record: entry.failed }
      : null;
  return { ...shown, queued: false, sync };
}

/** The server's meetings and this device's requests, as the member sees them, soonest first. */
export function shownMeetings(meetings: readonly Meeting[], overlay: MeetingsOverlay, eventId?: string): ShownMeeting[] {
  // Between the server's answer reaching a list and the record leaving the outbox, both stand for
  // one request: the server's is shown.
  const landed = (record: RecordOf<'meeting-request'>) =>
    meetings.some(
      (m) => m.requestedByMe && m.with.id === record.payload.invitee.id && m.startsAt === record.payload.startsAt && m.place === record.payload.place,
    );
  const requests = overlay.requests
    .filter((record) => (eventId === undefined || record.payload.eventId === eventId) && !(record.state !== 'failed' && landed(record)))
    .map(queuedRequest);
  return [...meetings.map((meeting) => shownMeeting(meeting, overlay)), ...requests].sort(
    (a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id),
  );
}
