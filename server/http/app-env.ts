import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../services/mail';

/** What the app is built from; tests pass their own database, mailer and clock. */
export interface AppDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Config;
  clock: Clock;
  logger: Logger;
}

/** Hono context variables. userId is set only behind requireUser. */
export interface AppEnv {
  Variables: {
    requestId: string;
    userId: string;
  };
}
