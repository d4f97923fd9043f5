import { apiPath } from '../../../contract/api-routes';
import type { MeetingMinutes, MeetingPerson } from '../../../contract/meetings';
import { deliveredMeeting, readMeetingsAgain, requestVerb, type MeetingCache, type MeetingsOverlay } from './meeting-overlay';
import type { Mutation } from './mutation';

/** Asking an attendee to meet at a time and a place (docs/product.md, 'Meetings'). */
export interface MeetingRequestPayload {
  eventId: string;
  /** The person asked, shown on the request's card while it waits. */
  invitee: MeetingPerson;
  eventName: string | null;
  /** The event's time zone, in which the card shows the time while it waits. */
  timeZone: string;
  startsAt: string;
  minutes: MeetingMinutes;
  place: string;
  message: string;
  actedAt: string;
}

declare module '../db' {
  interface OutboxPayloads {
    'meeting-request': MeetingRequestPayload;
  }
}

export const meetingRequestMutation: Mutation<'meeting-request', MeetingCache, MeetingsOverlay> = {
  kind: 'meeting-request',

  request: (record, send) => {
    const { eventId, invitee, startsAt, minutes, place, message, actedAt } = record.payload;
    return send({
      method: 'POST',
      path: apiPath('/events/:id/meetings', { id: eventId }),
      body: { inviteeId: invitee.id, startsAt, minutes, place, message, actedAt },
      idempotencyKey: record.id,
    });
  },

  delivered: (record, answer, cache) => deliveredMeeting(record, answer, cache, requestVerb(record.payload.invitee)),

  refused: readMeetingsAgain,

  // Waiting or refused, the request shows as a card of its own until the server has it or the member lets it go.
  overlay: (view, record) => {
    view.requests.push(record);
  },
};
