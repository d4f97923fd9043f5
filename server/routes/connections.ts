import { Hono } from 'hono';
import { sql } from 'kysely';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { readSignedIn } from '../http/signed-in-read';
import { connectionsJsonSql } from '../services/connections/connections-json';

/** GET users/connections: the member's connections, newest first. */
export function connectionsRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    // Connection[] (contract/attendees.ts), written as JSON by the database in the session's statement.
    const now = deps.clock();
    const { row } = await readSignedIn<{ body: string }>(deps, c, (readerId) => ({ columns: sql`(${connectionsJsonSql(readerId, now)}) as body` }));
    return c.body(row.body, 200, { 'Content-Type': 'application/json' });
  });
  return [['/users/connections', app]];
}
