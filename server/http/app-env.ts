import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../services/mail/mailer';
import type { ResolveHost } from '../services/outbound/address-guard';
import type { Realtime } from '../services/realtime/realtime';

/** What the app is built from; tests pass their own database, mailer and clock. */
export interface AppDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Config;
  clock: Clock;
  logger: Logger;
  /** The Idempotency-Key lease (default 30 s) and, in crash tests only, a fault hook. */
  idempotency?: IdempotencyOptions | undefined;
  /** How guarded outbound requests resolve host names; the system's resolver unless a test answers. */
  resolveHost?: ResolveHost | undefined;
  /** The event stream's bus and open streams (services/realtime/realtime.ts), one per app; createApp always sets it. */
  realtime?: Realtime | undefined;
}

/** Hono context variables. userId and hasProAccess are set only behind requireUser. */
export interface AppEnv {
  Variables: {
    requestId: string;
    userId: string;
    /** PRO access of the signed-in member at the request's clock (read with the session). */
    hasProAccess: boolean;
  };
}

/** What the idempotent() middleware (http/idempotency-middleware.ts) may be given. */
export interface IdempotencyOptions {
  /** How long an unanswered claim holds its key (default IDEMPOTENCY_LEASE_MS, 30 s; why: see there). */
  leaseMs?: number;
  /** Tests only (production never sets it): called once a claim is stored, before the route runs. */
  afterClaim?: () => void;
}

/**
 * A resource's routers, each with the path below /api it is mounted at (its routes' paths are
 * relative to it). No two routes of the API match one request, so the order the routers are
 * mounted in decides nothing (server/router-order.test.ts builds the API in reverse and compares).
 */
export type ApiMounts = ReadonlyArray<readonly [base: string, router: Hono<AppEnv>]>;
