import * as v from 'valibot';
import { flag, integer, oneOf, origin, originList, prefixed, text, url, vapidKey, variable } from './env-kinds';

/**
 * The server's configuration, read from the environment once: one valibot schema (envSchema), the
 * Config type derived from it. Every variable, its default and its meaning is listed in the README's
 * server table, and a test keeps the two in step (env-readme.test.ts: the same variables, the same defaults).
 */

/**
 * Connections to a PostgreSQL server per process (DATABASE_POOL_SIZE). A process runs one thread
 * of JavaScript; a few statements in flight keep it and the server busy, and more only add
 * backends taking turns on the server's cores. Under the events list's load on two cores,
 * node-postgres's default of 10 cost PostgreSQL about 5 % more CPU per request than 4, for no
 * more requests answered.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

const LOG_LEVELS = ['silent', 'error', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** json: one JSON object a line (production, for log collectors); text: lines for a terminal. */
export type LogFormat = 'json' | 'text';

/** PRO's price id in the local test checkout (used when STRIPE_PRICE_PRO is unset). */
export const LOCAL_PRICE_PRO = 'price_local_pro';

/** Every variable the server reads, with its check and default (those that depend on others: see withDerivedDefaults). */
export const envSchema = v.object({
  PORT: integer(8080, 0, 65535),
  HOST: text('0.0.0.0'),
  /** Folder of the embedded PGlite database (ignored when DATABASE_URL is set). */
  DATA_DIR: text('./data'),
  DATABASE_URL: url('postgres:', 'postgresql:'),
  SMTP_URL: url('smtp:', 'smtps:'),
  MAIL_FROM: text('Mingle <no-reply@mingle.local>'),
  /** Where members' reports of other members are mailed (through the mailer); unset: only logged (contract/safety.ts). */
  REPORTS_EMAIL: variable(
    (raw) => raw.length <= 254 && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(raw),
    (raw) => `=${raw}: expected an e-mail address`,
    (raw) => raw,
    undefined,
  ),
  /** Default: on the embedded database only (a PostgreSQL server is where production data lives). */
  SEED_DEMO: flag(undefined),
  /** Public origin (scheme://host[:port]); undefined means "the origin the request was sent to". */
  APP_ORIGIN: origin,
  SESSION_IDLE_DAYS: integer(30, 1, 3650),
  TRUST_PROXY: flag(false),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info', `one of ${LOG_LEVELS.join(', ')}`),
  /** Default json when NODE_ENV=production, else text. */
  LOG_FORMAT: oneOf<LogFormat, LogFormat | undefined>(['json', 'text'], undefined, 'json or text'),
  /**
   * Server processes (node:cluster) sharing PORT; more than 1 only with DATABASE_URL, since the
   * embedded database belongs to one process.
   */
  WORKERS: integer(1, 1, 256),
  /** Connections each server process keeps open to DATABASE_URL at most. */
  DATABASE_POOL_SIZE: integer(DEFAULT_DATABASE_POOL_SIZE, 1, 1000),
  /** On SIGTERM or SIGINT, how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: integer(10_000, 0, 600_000),
  /**
   * How long one event stream (GET /api/stream) stays open before the server ends it; the app opens
   * it again with its last event id and misses nothing. Bounds how long a connection stays with one
   * process (a restarted or added process gets its share) and what a forgotten tab holds.
   */
  STREAM_MAX_MS: integer(3_600_000, 1, 86_400_000),
  DIST_DIR: text('./dist'),
  /** Sign-in code requests per client IP per 15 minutes. */
  RATE_LIMIT_PER_IP: integer(20, 1, 1_000_000),
  /** Code verification attempts per client IP per 15 minutes; default 1.5 times RATE_LIMIT_PER_IP. */
  RATE_LIMIT_VERIFY_PER_IP: integer(undefined, 1, 1_000_000),
  /** Multiplies every per-member write limit (server/http/write-limits.ts). */
  WRITE_LIMIT_FACTOR: integer(1, 1, 100_000),
  /** Events whose name contains this word (case-insensitive) sort first in discovery. */
  FEATURED_KEYWORD: variable(
    (raw) => raw.length <= 100,
    () => ': at most 100 characters',
    (raw) => raw,
    'Festival',
  ),
  /**
   * Payments. Unset key: main.ts starts the local test checkout (server/stripe-local/) and fills
   * these in for it; the product's code talks to either through the same SDK.
   */
  STRIPE_SECRET_KEY: prefixed('sk_'),
  STRIPE_WEBHOOK_SECRET: prefixed('whsec_'),
  /** PRO's recurring price (50 SEK a month). */
  STRIPE_PRICE_PRO: variable(
    (raw) => raw.startsWith('price_'),
    () => ': expected a value starting with price_',
    (raw) => raw,
    LOCAL_PRICE_PRO,
  ),
  /** Another server speaking Stripe's API (the local test checkout, tests); Stripe's own when unset. */
  STRIPE_API_BASE: url('http:', 'https:'),
  /**
   * AI. AI_ENABLED=false turns recommendations and the assistant off platform-wide. Without
   * AI_BASE_URL our own recommender and the guided assistant answer; with it, an
   * OpenAI-compatible chat-completions endpoint writes motivations and assistant answers.
   */
  AI_ENABLED: flag(true),
  AI_BASE_URL: url('http:', 'https:'),
  AI_API_KEY: text(undefined),
  AI_MODEL: text('gpt-4o-mini'),
  /** A profile-lookup provider for 'Create with AI' (its protocol: docs/operations.md); unset: not offered. */
  PROFILE_LOOKUP_URL: url('http:', 'https:'),
  PROFILE_LOOKUP_KEY: text(undefined),
  /**
   * Web Push. Both keys or neither: without them the server generates a pair once and keeps it in
   * the database (server/services/push/vapid-keys.ts), so subscriptions outlive restarts.
   */
  VAPID_PUBLIC_KEY: vapidKey(65),
  VAPID_PRIVATE_KEY: vapidKey(32),
  /** mailto: or https: contact the push services may use; unset: derived (services/push/vapid-keys.ts). */
  VAPID_SUBJECT: url('mailto:', 'https:'),
  /**
   * Origins push endpoints may have besides the browsers' own push services, taken as the operator
   * lists them (a local push service may be plain http on this machine); normalised, no path.
   */
  PUSH_ALLOWED_ORIGINS: originList,
});

type Parsed = v.InferOutput<typeof envSchema>;

export type Config = Omit<Parsed, 'SEED_DEMO' | 'LOG_FORMAT' | 'RATE_LIMIT_VERIFY_PER_IP'> & {
  SEED_DEMO: boolean;
  LOG_FORMAT: LogFormat;
  RATE_LIMIT_VERIFY_PER_IP: number;
};

export type EnvSource = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Defaults that depend on other settings. */
function withDerivedDefaults(parsed: Parsed, env: EnvSource): Config {
  return {
    ...parsed,
    // Demo data on a real PostgreSQL server only when asked: that is where production data lives.
    SEED_DEMO: parsed.SEED_DEMO ?? parsed.DATABASE_URL === undefined,
    LOG_FORMAT: parsed.LOG_FORMAT ?? (env.NODE_ENV?.trim() === 'production' ? 'json' : 'text'),
    // Verifying takes a few tries more than requesting, so by default it gets half as much again.
    RATE_LIMIT_VERIFY_PER_IP: parsed.RATE_LIMIT_VERIFY_PER_IP ?? Math.ceil(parsed.RATE_LIMIT_PER_IP * 1.5),
  };
}

/** Settings that are each valid but cannot work together, said by the variable to change. */
function combinationProblems(env: EnvSource): string[] {
  const set = (name: string) => (env[name]?.trim() ?? '') !== '';
  const problems: string[] = [];
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_WEBHOOK_SECRET'))
    problems.push('STRIPE_WEBHOOK_SECRET: needed with STRIPE_SECRET_KEY (webhooks are refused unsigned)');
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_PRICE_PRO') && !set('STRIPE_API_BASE')) {
    problems.push("STRIPE_PRICE_PRO: needed with STRIPE_SECRET_KEY (PRO's price in your Stripe account)");
  }
  if (set('AI_API_KEY') && !set('AI_BASE_URL'))
    problems.push('AI_BASE_URL: needed with AI_API_KEY (the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1)');
  if (set('VAPID_PUBLIC_KEY') !== set('VAPID_PRIVATE_KEY')) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither (neither: a pair is generated once and stored)');
  }
  const workers = Number(env.WORKERS?.trim());
  if (workers > 1 && !set('DATABASE_URL')) {
    problems.push(`WORKERS=${workers}: needs DATABASE_URL (the embedded database belongs to one process; use WORKERS=1 without PostgreSQL)`);
  }
  return problems;
}

/** Parses an environment object; throws ConfigError listing every invalid variable at once. */
export function parseEnv(env: EnvSource): Config {
  const names = Object.keys(envSchema.entries);
  const result = v.safeParse(envSchema, Object.fromEntries(names.map((name) => [name, env[name]])));
  const problems = (result.issues ?? []).map((issue) => `${String(issue.path?.[0]?.key ?? '')}${issue.message}`);
  problems.push(...combinationProblems(env));
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return withDerivedDefaults(result.output, env);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Settings that work but are unsafe where others can reach the server, said at start. Without
 * APP_ORIGIN the cross-site check compares a request's Origin with its own Host header, which
 * whoever sends the request chooses (DNS rebinding); on loopback only this machine can.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.APP_ORIGIN && !LOOPBACK_HOSTS.has(config.HOST)) {
    warnings.push(
      `APP_ORIGIN is not set and the server listens on ${config.HOST}, not only on this machine: the cross-site ` +
        'check then trusts the Host header of each request. Set APP_ORIGIN to the public origin (for example ' +
        'https://mingle.example.com), or HOST=127.0.0.1 for this machine only.',
    );
  }
  return warnings;
}

let loaded: Config | undefined;

/** The configuration of this process: process.env parsed on first use, then kept. */
export function loadConfig(): Config {
  loaded ??= parseEnv(process.env);
  return loaded;
}
