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

declare module '../db' {
  interface OutboxPayloads {
    'meeting-accept': MeetingActionPayload;
  }
}

/** Accepting a request, or the new time proposed for an accepted meeting. */
export const meetingAcceptMutation: Mutation<'meeting-accept', MeetingCache, MeetingsOverlay> = {
  kind: 'meeting-accept',

  request: (record, send) =>
    send({
      method: 'POST',
      path: apiPath('/meetings/:id/accept', { id: record.payload.meetingId }),
      body: { actedAt: record.payload.actedAt },
      idempotencyKey: record.id,
    }),

  delivered: (record, answer, cache) => deliveredMeeting(record, answer, cache, ACTION_VERBS['meeting-accept']),

  refused: readMeetingsAgain,

  overlay: (view, record) =>
    overlayAction(view, record, (meeting) =>
      meeting.proposal ? { ...meeting, ...timesOf(meeting.proposal), proposal: null, awaitingMe: false } : { ...meeting, state: 'accepted', awaitingMe: false },
    ),
};

const timesOf = ({ startsAt, endsAt, place }: { startsAt: string; endsAt: string; place: string }) => ({ startsAt, endsAt, place });
