import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { Kysely } from 'kysely';
import { API_ERRORS } from '../contract/errors';
import { systemClock, type Clock } from './clock';
import type { Database } from './db/schema';
import type { Config } from './env';
import type { ApiMounts, AppDeps, AppEnv, IdempotencyOptions } from './http/app-env';
import { bodySizeLimit } from './http/body-size-limit';
import { busyWrites } from './http/busy-writes';
import { crossSiteGuard } from './http/cross-site-guard';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { promotionPage } from './http/promotion-page';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { staticApp } from './http/static-app';
import { createLogger, type Logger } from './logger';
import { accountRoutes } from './routes/account';
import { aiRecommendationsRoutes } from './routes/ai-recommendations';
import { attendeesRoutes } from './routes/attendees';
import { authRoutes } from './routes/auth';
import { calendarRoutes } from './routes/calendar';
import { chatRoutes } from './routes/chat';
import { connectionExportsRoutes } from './routes/connection-exports';
import { connectionNotesRoutes } from './routes/connection-notes';
import { connectionsRoutes } from './routes/connections';
import { consentsRoutes } from './routes/consents';
import { conversationsRoutes } from './routes/conversations';
import { eventsDiscoveryRoutes } from './routes/events-discovery';
import { eventsMembershipRoutes } from './routes/events-membership';
import { feedRoutes } from './routes/feed';
import { healthRoutes } from './routes/health';
import { interactionsRoutes } from './routes/interactions';
import { locationsRoutes } from './routes/locations';
import { mediaRoutes } from './routes/media';
import { meetingAvailabilityRoutes } from './routes/meeting-availability';
import { meetingsRoutes } from './routes/meetings';
import { mingleCompilationRoutes } from './routes/mingle-compilation';
import { organizersRoutes } from './routes/organizers';
import { profileLookupRoutes } from './routes/profile-lookup';
import { profilesRoutes } from './routes/profiles';
import { promotionsRoutes } from './routes/promotions';
import { safetyRoutes } from './routes/safety';
import { pushRoutes } from './routes/push';
import { streamRoutes } from './routes/stream';
import { stripeRoutes } from './routes/stripe';
import { taxonomyRoutes } from './routes/taxonomy';
import { usersRoutes } from './routes/users';
import type { Mailer } from './services/mail/mailer';
import type { ResolveHost } from './services/outbound/address-guard';
import { createRealtime, type Realtime } from './services/realtime/realtime';

export interface CreateAppOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Config;
  clock?: Clock;
  logger?: Logger;
  /** The Idempotency-Key lease (default 30 s) and, in crash tests only, a fault hook. */
  idempotency?: IdempotencyOptions;
  /** Tests answer for the resolver of guarded outbound requests (push endpoints). */
  resolveHost?: ResolveHost;
  /** The API's resources (default API_ROUTERS); a test mounts them in another order. */
  apiRouters?: readonly ((deps: AppDeps) => ApiMounts)[];
  /** The event stream's bus and open streams (default: in this process only; main.ts passes PostgreSQL's with DATABASE_URL). */
  realtime?: Realtime;
}

/**
 * The REST API's resources, one file each, every router mounted at its base path. Their order
 * decides nothing: no two routes match one request (server/router-order.test.ts builds the API
 * with this list reversed and compares the answers).
 */
export const API_ROUTERS: ReadonlyArray<(deps: AppDeps) => ApiMounts> = [
  authRoutes,
  profileLookupRoutes,
  interactionsRoutes,
  connectionsRoutes,
  connectionNotesRoutes,
  connectionExportsRoutes,
  calendarRoutes,
  feedRoutes,
  stripeRoutes,
  aiRecommendationsRoutes,
  chatRoutes,
  usersRoutes,
  profilesRoutes,
  accountRoutes,
  consentsRoutes,
  eventsMembershipRoutes,
  attendeesRoutes,
  eventsDiscoveryRoutes,
  organizersRoutes,
  taxonomyRoutes,
  locationsRoutes,
  pushRoutes,
  promotionsRoutes,
  mingleCompilationRoutes,
  meetingsRoutes,
  meetingAvailabilityRoutes,
  safetyRoutes,
  conversationsRoutes,
  streamRoutes,
];

/** The REST API under /api. */
function apiApp(deps: AppDeps, routers: readonly ((deps: AppDeps) => ApiMounts)[]): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Answers about the member must never be stored by a browser or shared cache. Set on the answer's
  // own headers: c.header() after next() copies the answer into a new Response whose body is a
  // stream, which the Node adapter then pipes instead of writing the string at once.
  api.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  api.use('*', crossSiteGuard(deps.config));
  api.use('*', bodySizeLimit());
  api.use('*', busyWrites());
  for (const routes of routers) for (const [base, router] of routes(deps)) api.route(base, router);
  // Unknown API paths end here, never in the SPA fallback.
  api.all('*', (c) => c.json({ error: API_ERRORS.notFound }, 404));
  return api;
}

/** Builds the whole app (API + built client); main.ts serves it, tests call app.request(). */
export function createApp(options: CreateAppOptions): Hono<AppEnv> {
  const deps: AppDeps = {
    db: options.db,
    mailer: options.mailer,
    config: options.config,
    clock: options.clock ?? systemClock,
    logger: options.logger ?? createLogger(options.config.LOG_LEVEL),
    idempotency: options.idempotency,
    resolveHost: options.resolveHost,
    realtime: options.realtime ?? createRealtime(),
  };
  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders(deps.config));
  app.route('/', healthRoutes(deps));
  app.route('/api', apiApp(deps, options.apiRouters ?? API_ROUTERS));
  // Uploaded photos come from the database; before the static files, which own the rest of /media.
  app.route('/', mediaRoutes(deps));
  // Promotional pages: the app's page with the promotion's meta tags and data.
  app.get('/week/:slug', promotionPage(deps));
  // The app's pages embed the answers of their first API reads, asked of this app in process.
  app.use(
    '*',
    staticApp(deps.config.DIST_DIR, async (request) => app.fetch(request)),
  );
  app.notFound(notFoundHandler);
  app.onError(errorHandler(deps.logger));
  return app;
}
