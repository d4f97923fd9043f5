import { Hono } from 'hono';
import { locationsQuerySchema, type LocationListResponse } from '../../contract/locations';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readQuery } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { listLocations } from '../services/event-counts';

/**
 * The location service of SPEC.md section 7, read side: GET locations in its {success, data}
 * wrapper, each location with eventCount (visible upcoming events there, faceted by the
 * categories, eventTypeIds and search parameters: contract/facet-requests.ts).
 */
export function locationsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;

  app.get('/locations', requireUser(deps), async (c) => {
    const query = readQuery(c, locationsQuerySchema);
    const { locations, total } = await listLocations(db, c.get('userId'), clock(), query);
    const answer: LocationListResponse = { success: true, data: { locations, total, page: query.page, limit: query.limit } };
    return c.json(answer);
  });

  return app;
}
