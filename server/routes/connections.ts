import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { requireUser } from '../http/require-user';
import { listConnectionsJson } from '../services/interactions';

/** GET users/connections: the member's connections, newest first. */
export function connectionsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/users/connections', requireUser(deps), async (c) => {
    // Connection[] (contract/attendees.ts), written as JSON by the database.
    return c.body(await listConnectionsJson(deps.db, c.get('userId')), 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
