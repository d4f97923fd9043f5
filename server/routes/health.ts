import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { isDraining } from '../lifecycle/draining';
import { readiness } from '../services/operations/readiness';

/**
 * GET /healthz: the process is up (a load balancer's liveness probe). GET /readyz: it can serve,
 * the database reachable and migrated (200), else 503 with the reason, so a balancer sends it no
 * traffic; 503 too once the process is shutting down (SIGTERM), while it finishes what it has. Outside /api: no session, no rate limit, and left out of the request log (probes every
 * few seconds would drown it).
 */
export function healthRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Headers set in the handlers: a middleware of an app mounted at '/' would run for every path.
  const fresh = { 'Cache-Control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, fresh));
  app.get('/readyz', async (c) => {
    const state = isDraining() ? ({ ready: false, reason: 'shutting down' } as const) : await readiness(deps.db);
    return state.ready ? c.json({ status: 'ready' }, 200, fresh) : c.json({ status: 'not ready', reason: state.reason }, 503, fresh);
  });
  return app;
}
