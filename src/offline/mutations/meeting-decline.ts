import { apiPath } from '../../../contract/api-routes';
import {
  ACTION_VERBS,
  deliveredMeeting,
  overlayAction,
  readMeetingsAgain,
  type MeetingActionPayload,
  type MeetingCache,
  type MeetingsOverlay,
} from './meeting-overlay';
import type { Mutation } from './mutation';

export interface MeetingDeclinePayload extends MeetingActionPayload {
  note: string;
}

declare module '../db' {
  interface OutboxPayloads {
    'meeting-decline': MeetingDeclinePayload;
  }
}

/** Declining a request (it closes), or a new time proposed for an accepted meeting (the accepted one stands). */
export const meetingDeclineMutation: Mutation<'meeting-decline', MeetingCache, MeetingsOverlay> = {
  kind: 'meeting-decline',

  request: (record, send) =>
    send({
      method: 'POST',
      path: apiPath('/meetings/:id/decline', { id: record.payload.meetingId }),
      body: { note: record.payload.note, actedAt: record.payload.actedAt },
      idempotencyKey: record.id,
    }),

  delivered: (record, answer, cache) => deliveredMeeting(record, answer, cache, ACTION_VERBS['meeting-decline']),

  refused: readMeetingsAgain,

  overlay: (view, record) =>
    overlayAction(view, record, (meeting) =>
      meeting.proposal
        ? { ...meeting, proposal: null, awaitingMe: false }
        : { ...meeting, state: 'declined', awaitingMe: false, closedByMe: true, note: record.payload.note || null },
    ),
};
