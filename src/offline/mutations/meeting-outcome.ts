import { apiPath } from '../../../contract/api-routes';
import type { MeetingOutcome } from '../../../contract/meetings';
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

export interface MeetingOutcomePayload extends MeetingActionPayload {
  outcome: MeetingOutcome;
}

declare module '../db' {
  interface OutboxPayloads {
    'meeting-outcome': MeetingOutcomePayload;
  }
}

/** 'We met' or 'It didn't happen', the member's own record after the meeting. */
export const meetingOutcomeMutation: Mutation<'meeting-outcome', MeetingCache, MeetingsOverlay> = {
  kind: 'meeting-outcome',

  // The latest answer wins: one still waiting is replaced; one being sent stays and this follows it.
  queue: (queued, payload) => ({
    remove: queued.filter((r) => r.kind === 'meeting-outcome' && r.payload.meetingId === payload.meetingId && r.state === 'pending'),
    payload,
  }),

  request: (record, send) =>
    send({
      method: 'PUT',
      path: apiPath('/meetings/:id/outcome', { id: record.payload.meetingId }),
      body: { outcome: record.payload.outcome, actedAt: record.payload.actedAt },
      idempotencyKey: record.id,
    }),

  delivered: (record, answer, cache) => deliveredMeeting(record, answer, cache, ACTION_VERBS['meeting-outcome']),

  refused: readMeetingsAgain,

  overlay: (view, record) => overlayAction(view, record, (meeting) => ({ ...meeting, outcome: record.payload.outcome })),
};
