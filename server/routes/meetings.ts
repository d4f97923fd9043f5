import { Hono } from 'hono';
import { EVENT_ERRORS } from '../../contract/errors';
import { meetingAnswerSchema, meetingOutcomeSchema, meetingProposalSchema, meetingRequestSchema } from '../../contract/meeting-requests';
import { MEETING_ERRORS } from '../../contract/meetings';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { idempotent } from '../http/idempotency-middleware';
import { uuidParam } from '../http/path-ids';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { acceptMeeting, cancelMeeting, declineMeeting, proposeMeeting, recordMeetingOutcome } from '../services/meetings/meeting-answers';
import { meetingsOf } from '../services/meetings/meeting-json';
import { requestMeeting } from '../services/meetings/meeting-request';
import { noticeContext, tellMeetingChange } from '../services/meetings/meeting-notices';
import type { MeetingAction } from '../services/meetings/meeting-push';
import { appOrigin } from '../http/client-info';
import type { Meeting } from '../../contract/meetings';
import type { Context } from 'hono';

/** Meetings in person at an event (contract/meetings.ts); every write is replayed by the outbox. */
export function meetingsRoutes(deps: AppDeps): ApiMounts {
  const { db, clock } = deps;
  const meetings = new Hono<AppEnv>();
  const atEvents = new Hono<AppEnv>();
  // The session is checked per route, not with use('*'): the write limit is looked up by the
  // matched route's path (http/write-limits.ts), which a catch-all middleware does not know.
  const signedIn = requireUser(deps);
  /** After a write committed: the other member is told, and the invitation mailed (services/meetings/meeting-notices.ts). */
  const told = (c: Context<AppEnv>, action: MeetingAction, meeting: Meeting): Meeting => {
    tellMeetingChange(noticeContext(deps, appOrigin(c, deps.config)), action, meeting.id, c.get('userId'));
    return meeting;
  };

  meetings.get('/', signedIn, async (c) => c.json(await meetingsOf(db, c.get('userId'), clock())));

  meetings.get('/:id', signedIn, async (c) => {
    const id = uuidParam(c, 'id', MEETING_ERRORS.notFound);
    const [meeting] = await meetingsOf(db, c.get('userId'), clock(), { meetingId: id });
    if (!meeting) throw new ApiError(404, MEETING_ERRORS.notFound);
    return c.json(meeting);
  });

  meetings.post('/:id/accept', signedIn, idempotent(deps), async (c) => {
    const id = uuidParam(c, 'id', MEETING_ERRORS.notFound);
    return c.json(told(c, 'accept', await acceptMeeting(db, id, c.get('userId'), await readJson(c, meetingAnswerSchema), clock())));
  });
  meetings.post('/:id/decline', signedIn, idempotent(deps), async (c) => {
    const id = uuidParam(c, 'id', MEETING_ERRORS.notFound);
    return c.json(told(c, 'decline', await declineMeeting(db, id, c.get('userId'), await readJson(c, meetingAnswerSchema), clock())));
  });
  meetings.post('/:id/propose', signedIn, idempotent(deps), async (c) => {
    const id = uuidParam(c, 'id', MEETING_ERRORS.notFound);
    return c.json(told(c, 'propose', await proposeMeeting(db, id, c.get('userId'), await readJson(c, meetingProposalSchema), clock())));
  });
  meetings.post('/:id/cancel', signedIn, idempotent(deps), async (c) => {
    const id = uuidParam(c, 'id', MEETING_ERRORS.notFound);
    return c.json(told(c, 'cancel', await cancelMeeting(db, id, c.get('userId'), await readJson(c, meetingAnswerSchema), clock())));
  });
  meetings.put('/:id/outcome', signedIn, idempotent(deps), async (c) => {
    const id = uuidParam(c, 'id', MEETING_ERRORS.notFound);
    return c.json(await recordMeetingOutcome(db, id, c.get('userId'), await readJson(c, meetingOutcomeSchema), clock()));
  });

  atEvents.get('/:id/meetings', signedIn, async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    return c.json(await meetingsOf(db, c.get('userId'), clock(), { eventId }));
  });
  atEvents.post('/:id/meetings', signedIn, idempotent(deps), async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const input = await readJson(c, meetingRequestSchema);
    return c.json(told(c, 'request', await requestMeeting(db, c.get('userId'), eventId, input, clock())), 201);
  });

  return [
    ['/meetings', meetings],
    ['/events', atEvents],
  ];
}
