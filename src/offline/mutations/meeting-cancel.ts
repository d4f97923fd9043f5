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

export interface MeetingCancelPayload extends MeetingActionPayload {
  note: string;
}

declare module '../db' {
  interface OutboxPayloads {
    'meeting-cancel': MeetingCancelPayload;
  }
}

/** Cancelling an accepted meeting, or withdrawing a request. */
export const meetingCancelMutation: Mutation<'meeting-cancel', MeetingCache, MeetingsOverlay> = {
  kind: 'meeting-cancel',

  request: (record, send) =>
    send({
      method: 'POST',
      path: apiPath('/meetings/:id/cancel', { id: record.payload.meetingId }),
      body: { note: record.payload.note, actedAt: record.payload.actedAt },
      idempotencyKey: record.id,
    }),

  delivered: (record, answer, cache) => deliveredMeeting(record, answer, cache, ACTION_VERBS['meeting-cancel']),

  refused: readMeetingsAgain,

  overlay: (view, record) =>
    overlayAction(view, record, (meeting) => ({
      ...meeting,
      state: 'cancelled',
      proposal: null,
      awaitingMe: false,
      closedByMe: true,
      note: record.payload.note || null,
    })),
};
