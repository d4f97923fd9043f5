import { Hono } from 'hono';
import { EVENT_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { uuidParam, notWords } from '../http/path-ids';
import { requireUser, signedInViewer } from '../http/require-user';
import { compilationAccess, mingleCompilation } from '../services/events/mingle-compilation';

/**
 * GET events/{id}/mingle-compilation: aggregate figures of a fixed event's networking
 * (contract/mingle-compilation.ts).
 *
 * Which events have one: those a promotion points at (promotions.event_id), 'the fixed event' of
 * docs/product.md section 2. Any other event, an unknown id and an event the member may not see: 404.
 *
 * Who may see it (written down in docs/decisions.md, 'Mingle compilation'):
 * - members registered at the event (event_attendees), after sign-in;
 * - nobody else: another signed-in member gets 403 (EVENT_ERRORS.compilationForAttendees), an
 *   anonymous visitor 401. Mingle has no organizer role for members (organizers are records
 *   without accounts, and a community event's creator is an attendee of it like any other), so
 *   no one reads it on an organizer's behalf; a promoted event's organizer sees it by registering.
 *
 * The answer holds counts only: no member's name, id, picture or goal text; themes need
 * COMPILATION_THEME_MIN_MEMBERS members, and events with fewer than COMPILATION_MIN_ATTENDEES
 * attendees get no themes and no hours.
 */
export function mingleCompilationRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;

  app.get(`/:id${notWords('public', 'users')}/mingle-compilation`, requireUser(deps), async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const access = await compilationAccess(db, signedInViewer(c), eventId);
    if (access.kind === 'not-found') throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    if (access.kind === 'attendees-only') throw new ApiError(403, EVENT_ERRORS.compilationForAttendees);
    return c.json(await mingleCompilation(db, access.event, clock()));
  });

  return [['/events', app]];
}
