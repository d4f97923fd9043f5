import * as v from 'valibot';
import { API_ERRORS } from './errors';
import { checkedText } from './fields';
import { MAX_SESSIONS_PER_EVENT, MEETING_MINUTES } from './meetings';

/** The bodies of the meeting writes (contract/meetings.ts lists the paths), checked alike on both sides. */

const uuid = v.pipe(v.string(API_ERRORS.invalidInput), v.uuid(API_ERRORS.invalidInput));

/** An ISO 8601 date-time with its offset; checked for length before it is parsed. */
const isoTime = (message: string) =>
  v.pipe(
    v.string(message),
    v.maxLength(40, message),
    v.check((text) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text)), message),
  );

const actedAt = v.optional(isoTime(API_ERRORS.invalidInput));
const place = v.pipe(
  checkedText('meetingPlace'),
  v.check((text) => text.length > 0, 'Place is required'),
);
const minutes = v.picklist(MEETING_MINUTES, 'A meeting lasts 15 or 30 minutes');
const startsAt = isoTime('Invalid start time');
const optionalText = v.optional(checkedText('meetingMessage'), '');

export const meetingRequestSchema = v.object({ inviteeId: uuid, startsAt, minutes, place, message: optionalText, actedAt });
export type MeetingRequest = v.InferInput<typeof meetingRequestSchema>;

export const meetingProposalSchema = v.object({ startsAt, minutes, place, actedAt });
export type MeetingProposal = v.InferInput<typeof meetingProposalSchema>;

export const meetingAnswerSchema = v.object({ note: optionalText, actedAt });
export type MeetingAnswer = v.InferInput<typeof meetingAnswerSchema>;

export const meetingOutcomeSchema = v.object({ outcome: v.picklist(['met', 'missed'] as const, API_ERRORS.invalidInput), actedAt });
export type MeetingOutcomeInput = v.InferInput<typeof meetingOutcomeSchema>;

const span = v.object({ startsAt: isoTime('Invalid start time'), endsAt: isoTime('Invalid end time') });
export const meetingSessionsSchema = v.object({
  sessions: v.pipe(v.array(span, API_ERRORS.invalidInput), v.maxLength(MAX_SESSIONS_PER_EVENT, `At most ${MAX_SESSIONS_PER_EVENT} sessions per event`)),
});
export type MeetingSessions = v.InferInput<typeof meetingSessionsSchema>;
