import { Hono } from 'hono';
import type { CountedLabel } from '../../contract/events';
import { categoriesQuerySchema, eventTypesQuerySchema } from '../../contract/facet-requests';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { readQuery } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { categoriesWithCounts, eventTypesWithCounts } from '../services/events/facet-counts';

/**
 * GET categories and GET event-types: every entry with the number of upcoming events the member
 * can see that match the other groups' filters and the search (faceted counts,
 * contract/facet-requests.ts; zero counts included, the filter panel shows only those above 0).
 */
export function taxonomyRoutes(deps: AppDeps): ApiMounts {
  const categoryCounts = new Hono<AppEnv>();
  const eventTypeCounts = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);

  categoryCounts.get('/', signedIn, async (c) => {
    const filters = readQuery(c, categoriesQuerySchema);
    const categories: CountedLabel[] = await categoriesWithCounts(db, c.get('userId'), clock(), filters);
    return c.json({ categories });
  });

  eventTypeCounts.get('/', signedIn, async (c) => {
    const filters = readQuery(c, eventTypesQuerySchema);
    const eventTypes: CountedLabel[] = await eventTypesWithCounts(db, c.get('userId'), clock(), filters);
    return c.json({ eventTypes });
  });

  return [
    ['/categories', categoryCounts],
    ['/event-types', eventTypeCounts],
  ];
}
