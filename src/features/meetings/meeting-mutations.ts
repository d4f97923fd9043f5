import { meetingAcceptMutation } from '../../offline/mutations/meeting-accept';
import { meetingCancelMutation } from '../../offline/mutations/meeting-cancel';
import { meetingDeclineMutation } from '../../offline/mutations/meeting-decline';
import { meetingOutcomeMutation } from '../../offline/mutations/meeting-outcome';
import { meetingProposeMutation } from '../../offline/mutations/meeting-propose';
import { meetingRequestMutation } from '../../offline/mutations/meeting-request';

/** The meeting kinds of the outbox, for the meetings screens (not the whole registry: its chunk stays small). */
export const MEETING_MUTATIONS = {
  'meeting-request': meetingRequestMutation,
  'meeting-accept': meetingAcceptMutation,
  'meeting-decline': meetingDeclineMutation,
  'meeting-propose': meetingProposeMutation,
  'meeting-cancel': meetingCancelMutation,
  'meeting-outcome': meetingOutcomeMutation,
};
