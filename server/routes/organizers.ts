import { Hono } from 'hono';
import { EVENT_ERRORS } from '../../contract/errors';
import { eventsQuerySchema } from '../../contract/event-requests';
import { MAX_PAGE_SIZE, type Organizer } from '../../contract/events';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { uuidParam } from '../http/path-ids';
import { readQuery } from '../http/read-body';
import { requireUser, signedInViewer } from '../http/require-user';
import { eventListResponse } from '../services/events/event-queries';

/** Organizer pages (docs/product.md section 2, 'Organizer'): the organizer and its upcoming events. */
export function organizersRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);

  async function findOrganizer(id: string): Promise<Organizer> {
    const row = await db.selectFrom('organizers').select(['id', 'name', 'image_url', 'description', 'external_url']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, EVENT_ERRORS.organizerNotFound);
    return { id: row.id, name: row.name, imageUrl: row.image_url, description: row.description, externalUrl: row.external_url };
  }

  app.get('/:id', signedIn, async (c) => {
    return c.json(await findOrganizer(uuidParam(c, 'id', EVENT_ERRORS.organizerNotFound)));
  });

  /**
   * Its events that have not passed and that the member can see, soonest first (locked rules as
   * everywhere). The query of GET events applies; the page size is 50 unless limit is given.
   */
  app.get('/:id/events', signedIn, async (c) => {
    const organizerId = uuidParam(c, 'id', EVENT_ERRORS.organizerNotFound);
    const query = readQuery(c, eventsQuerySchema);
    const paging = { page: query.page, limit: c.req.query('limit') === undefined ? MAX_PAGE_SIZE : query.limit };
    const now = clock();
    await findOrganizer(organizerId);
    const viewer = signedInViewer(c);
    const filters = { ...query, nonPassed: true, organizerId };
    const list = { filters, order: { kind: 'chronological' } as const, paging };
    return c.json(await eventListResponse(db, viewer, now, list, query.includeAttendeeConnections));
  });

  return [['/organizers', app]];
}
