import { apiPath } from '../../../contract/api-routes';
import type { MeetingMinutes } from '../../../contract/meetings';
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

export interface MeetingProposePayload extends MeetingActionPayload {
  startsAt: string;
  minutes: MeetingMinutes;
  place: string;
}

declare module '../db' {
  interface OutboxPayloads {
    'meeting-propose': MeetingProposePayload;
  }
}

const endOf = ({ startsAt, minutes }: MeetingProposePayload) => new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();

/**
 * Another time or place: for a request it replaces what was asked; for an accepted meeting the
 * accepted time stands until the other accepts the new one.
 */
export const meetingProposeMutation: Mutation<'meeting-propose', MeetingCache, MeetingsOverlay> = {
  kind: 'meeting-propose',

  request: (record, send) => {
    const { meetingId, startsAt, minutes, place, actedAt } = record.payload;
    return send({
      method: 'POST',
      path: apiPath('/meetings/:id/propose', { id: meetingId }),
      body: { startsAt, minutes, place, actedAt },
      idempotencyKey: record.id,
    });
  },

  delivered: (record, answer, cache) => deliveredMeeting(record, answer, cache, ACTION_VERBS['meeting-propose']),

  refused: readMeetingsAgain,

  overlay: (view, record) => {
    const time = { startsAt: record.payload.startsAt, endsAt: endOf(record.payload), place: record.payload.place };
    overlayAction(view, record, (meeting) =>
      meeting.state === 'accepted' ? { ...meeting, proposal: { ...time, byMe: true }, awaitingMe: false } : { ...meeting, ...time, awaitingMe: false },
    );
  },
};
