import { Hono } from 'hono';
import { EVENT_ERRORS } from '../../contract/errors';
import { meetingSessionsSchema } from '../../contract/meeting-requests';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { idempotent } from '../http/idempotency-middleware';
import { uuidParam } from '../http/path-ids';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { availabilityOf } from '../services/meetings/meeting-availability';
import { replaceSessions } from '../services/meetings/meeting-sessions';

/**
 * When a member may meet at an event (contract/meetings.ts, MeetingAvailability): the event's
 * windows, the member's meetings and sessions there, another attendee's busy times; and the times
 * the member marks 'In a session', which requests and proposals cannot take.
 */
export function meetingAvailabilityRoutes(deps: AppDeps): ApiMounts {
  const { db, clock } = deps;
  const atEvents = new Hono<AppEnv>();
  // Per route, not use('*'): the write limit is looked up by the matched route's path.
  const signedIn = requireUser(deps);

  atEvents.get('/:id/meetings/availability', signedIn, async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    return c.json(await availabilityOf(db, c.get('userId'), eventId, clock(), c.req.query('with') ?? null));
  });

  atEvents.put('/:id/meetings/sessions', signedIn, idempotent(deps), async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const me = c.get('userId');
    await replaceSessions(db, me, eventId, await readJson(c, meetingSessionsSchema), clock());
    return c.json(await availabilityOf(db, me, eventId, clock(), null));
  });

  return [['/events', atEvents]];
}
