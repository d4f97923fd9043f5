import { Hono } from 'hono';
import type { CountedLabel } from '../../contract/events';
import type { AppDeps, AppEnv } from '../http/app-env';
import { requireUser } from '../http/require-user';
import { categoriesWithCounts, eventTypesWithCounts } from '../services/event-counts';

/**
 * GET categories and GET event-types: every entry with the number of upcoming events the member
 * can see (zero counts included; the filter panel shows only those above 0).
 */
export function taxonomyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);

  app.get('/categories', signedIn, async (c) => {
    const categories: CountedLabel[] = await categoriesWithCounts(db, c.get('userId'), clock());
    return c.json({ categories });
  });

  app.get('/event-types', signedIn, async (c) => {
    const eventTypes: CountedLabel[] = await eventTypesWithCounts(db, c.get('userId'), clock());
    return c.json({ eventTypes });
  });

  return app;
}
