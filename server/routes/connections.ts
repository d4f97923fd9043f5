import { Hono } from 'hono';
import type { Connection } from '../../contract/attendees';
import type { AppDeps, AppEnv } from '../http/app-env';
import { requireUser } from '../http/require-user';
import { listConnections } from '../services/interactions';

/** GET users/connections: the member's connections, newest first. */
export function connectionsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/users/connections', requireUser(deps), async (c) => {
    const answer: Connection[] = await listConnections(deps.db, c.get('userId'));
    return c.json(answer);
  });
  return app;
}
