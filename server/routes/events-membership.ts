import { Hono } from 'hono';
import { EVENT_ERRORS } from '../../contract/errors';
import { joinEventSchema, updateGoalSchema } from '../../contract/event-requests';
import { createUserEventSchema } from '../../contract/user-event-request';
import type { AttendeeConnection, CreatedEvent, JoinSecretResponse } from '../../contract/events';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { idempotent } from '../http/idempotency-middleware';
import { uuidParam, notWords } from '../http/path-ids';
import { readJson } from '../http/read-body';
import { requireUser, signedInViewer } from '../http/require-user';
import { connectionsAttending, loadEventItem } from '../services/events/event-queries';
import { createCommunityEvent, joinSecretMatches, leaveEvent, registerAttendee, updateGoal } from '../services/events/membership';
import { eventAccess, loadViewer, type EventAccess } from '../services/events/visibility';
import { noticeContext, tellMeetingsClosed } from '../services/meetings/meeting-notices';
import { appOrigin } from '../http/client-info';

const HOUR = 60 * 60 * 1000;

/**
 * The earliest start a new community event may have: the start of today in any time zone. The
 * form's date picker cannot pick a day before today where the member is; the server does not
 * know their zone, so it accepts from the start of the UTC day minus 14 hours (UTC+14 is the
 * earliest zone).
 */
export function earliestCommunityEventStart(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 14 * HOUR;
}

/**
 * Registering at events (join links, goals, leaving) and creating community events
 * (docs/product.md sections 2, 3, 4 and 7).
 */
export function eventsMembershipRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const myEvents = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);

  /** The member and what they may do with the event; 404 when they may not see it. */
  async function visibleEvent(userId: string, eventId: string, now: Date): Promise<EventAccess> {
    const viewer = await loadViewer(db, userId, now);
    const access = await eventAccess(db, viewer, eventId);
    if (!access.visible) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    return access;
  }

  /**
   * POST events/user-added: stores the name, dates, URL and the creator's time zone (UTC without
   * one); the image, location text and description are the server's own (the client's values are
   * ignored).
   */
  app.post('/user-added', signedIn, async (c) => {
    const body = await readJson(c, createUserEventSchema);
    const now = clock();
    const dateTime = new Date(body.dateTime);
    if (dateTime.getTime() < earliestCommunityEventStart(now)) {
      throw new ApiError(400, EVENT_ERRORS.dateBeforeToday, { field: 'dateTime' });
    }
    const created: CreatedEvent = await createCommunityEvent(
      db,
      c.get('userId'),
      {
        name: body.name,
        dateTime,
        endDateTime: body.endDateTime ? new Date(body.endDateTime) : null,
        eventUrl: body.eventUrl,
        timeZone: body.timeZone ?? 'UTC',
      },
      now,
    );
    return c.json(created, 201);
  });

  /** The join link's secret, for an attendee to share (403 for others who can see the event). */
  app.get(`/:id${notWords('public', 'users')}/request-join-secret`, signedIn, async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const access = await visibleEvent(c.get('userId'), eventId, clock());
    if (!access.registered) throw new ApiError(403, EVENT_ERRORS.attendeesOnly);
    const answer: JoinSecretResponse = { secret: access.joinSecret };
    return c.json(answer);
  });

  /**
   * A valid secret is an invitation: it admits the member to any event, also a hidden community
   * event or a PRO-only one. Without it only an event the member can see, and that is not locked
   * to them, can be joined. Joining twice is 400 'Already registered'.
   */
  app.post('/:id/join', signedIn, async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const body = await readJson(c, joinEventSchema);
    const now = clock();
    const userId = c.get('userId');
    const viewer = signedInViewer(c);
    const access = await eventAccess(db, viewer, eventId);
    const invited = access.exists && joinSecretMatches(body.secret, access.joinSecret);
    if (!access.visible && !invited) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    if (access.registered) throw new ApiError(400, EVENT_ERRORS.alreadyRegistered);
    if (!invited && body.secret) throw new ApiError(403, EVENT_ERRORS.invalidJoinLink);
    if (!invited && access.locked) throw new ApiError(403, EVENT_ERRORS.upgradeToJoin);
    const joined = await registerAttendee(db, userId, eventId, body.goal || null, now);
    if (!joined) throw new ApiError(400, EVENT_ERRORS.alreadyRegistered);
    return c.json(await loadEventItem(db, viewer, now, eventId), 201);
  });

  /** The member's goal for an event they attend; '' clears it. Replayed by the outbox (Idempotency-Key). */
  app.patch('/:id/attendee', signedIn, idempotent(deps), async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const body = await readJson(c, updateGoalSchema);
    const userId = c.get('userId');
    const access = await visibleEvent(userId, eventId, clock());
    if (!access.registered) throw new ApiError(403, EVENT_ERRORS.attendeesOnly);
    const goal = body.goal || null;
    if (!(await updateGoal(db, userId, eventId, goal))) throw new ApiError(403, EVENT_ERRORS.attendeesOnly);
    return c.json({ goal });
  });

  /** The member's connections registered at the event ({id, firstName}). */
  app.get('/:id/attendees/my-connections', signedIn, async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const userId = c.get('userId');
    const access = await visibleEvent(userId, eventId, clock());
    if (access.locked) throw new ApiError(403, EVENT_ERRORS.upgradeToView);
    const answer: AttendeeConnection[] = await connectionsAttending(db, userId, eventId);
    return c.json(answer);
  });

  /** Leaves the event; the member's own community event is deleted instead. Replayed by the outbox (Idempotency-Key). */
  myEvents.delete('/:id', signedIn, idempotent(deps), async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const userId = c.get('userId');
    const closed = await leaveEvent(db, userId, eventId, clock());
    if (closed) {
      // The other members of the meetings this closed are told (services/meetings/meeting-notices.ts).
      tellMeetingsClosed(noticeContext(deps, appOrigin(c, deps.config)), closed);
      return c.body(null, 204);
    }
    // Not registered: say so only about an event the member can see.
    await visibleEvent(userId, eventId, clock());
    throw new ApiError(404, EVENT_ERRORS.notRegistered);
  });

  return [
    ['/events', app],
    ['/users/me/events', myEvents],
  ];
}
