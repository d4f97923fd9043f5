/**
 * The server's configuration, read from the environment once. Every variable, its default and its
 * meaning is listed in the README; keep the two in step.
 */

/**
 * Connections to a PostgreSQL server per process (DATABASE_POOL_SIZE). A process runs one thread
 * of JavaScript; a few statements in flight keep it and the server busy, and more only add
 * backends taking turns on the server's cores. Under the events list's load on two cores,
 * node-postgres's default of 10 cost PostgreSQL about 5 % more CPU per request than 4, for no
 * more requests answered.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

/** json: one JSON object a line (production, for log collectors); text: lines for a terminal. */
export type LogFormat = 'json' | 'text';

export interface Config {
  PORT: number;
  HOST: string;
  /** Folder of the embedded PGlite database (ignored when DATABASE_URL is set). */
  DATA_DIR: string;
  DATABASE_URL: string | undefined;
  SMTP_URL: string | undefined;
  MAIL_FROM: string;
  SEED_DEMO: boolean;
  /** Public origin (scheme://host[:port]); undefined means "the origin the request was sent to". */
  APP_ORIGIN: string | undefined;
  SESSION_IDLE_DAYS: number;
  TRUST_PROXY: boolean;
  LOG_LEVEL: LogLevel;
  /** Default json when NODE_ENV=production, else text. */
  LOG_FORMAT: LogFormat;
  /**
   * Server processes (node:cluster) sharing PORT; more than 1 only with DATABASE_URL, since the
   * embedded database belongs to one process.
   */
  WORKERS: number;
  /** Connections each server process keeps open to DATABASE_URL at most. */
  DATABASE_POOL_SIZE: number;
  /** On SIGTERM or SIGINT, how long requests in flight may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: number;
  DIST_DIR: string;
  /** Sign-in code requests per client IP per 15 minutes. */
  RATE_LIMIT_PER_IP: number;
  /** Code verification attempts per client IP per 15 minutes. */
  RATE_LIMIT_VERIFY_PER_IP: number;
  /** Multiplies every per-member write limit (server/http/write-limits.ts). */
  WRITE_LIMIT_FACTOR: number;
  /** Events whose name contains this word (case-insensitive) sort first in discovery. */
  FEATURED_KEYWORD: string;
  /**
   * Payments (issue 12). Unset key: main.ts starts the local test checkout (server/stripe-local/)
   * and fills these in for it; the product's code talks to either through the same SDK.
   */
  STRIPE_SECRET_KEY: string | undefined;
  STRIPE_WEBHOOK_SECRET: string | undefined;
  /** PRO's recurring price (50 SEK a month). */
  STRIPE_PRICE_PRO: string;
  /** Another server speaking Stripe's API (the local test checkout, tests); Stripe's own when unset. */
  STRIPE_API_BASE: string | undefined;
  /**
   * AI (issue 13). AI_ENABLED=false turns recommendations and the assistant off platform-wide.
   * Without AI_BASE_URL our own recommender and the guided assistant answer; with it, an
   * OpenAI-compatible chat-completions endpoint writes motivations and assistant answers.
   */
  AI_ENABLED: boolean;
  AI_BASE_URL: string | undefined;
  AI_API_KEY: string | undefined;
  AI_MODEL: string;
  /** A profile-lookup provider for 'Create with AI' (its protocol: README); unset: not offered. */
  PROFILE_LOOKUP_URL: string | undefined;
  PROFILE_LOOKUP_KEY: string | undefined;
  /**
   * Web Push (issue 15). Both keys or neither: without them the server generates a pair once and
   * keeps it in the database (server/services/push/vapid-keys.ts), so subscriptions outlive restarts.
   */
  VAPID_PUBLIC_KEY: string | undefined;
  VAPID_PRIVATE_KEY: string | undefined;
  /** mailto: or https: contact the push services may use; unset: derived (services/push/vapid-keys.ts). */
  VAPID_SUBJECT: string | undefined;
  /**
   * Origins push endpoints may have besides the browsers' own push services, taken as the operator
   * lists them (a local push service may be plain http on this machine); normalised, no path.
   */
  PUSH_ALLOWED_ORIGINS: readonly string[];
}

export type EnvSource = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['silent', 'error', 'info', 'debug'];

/** PRO's price id in the local test checkout (used when STRIPE_PRICE_PRO is unset). */
export const LOCAL_PRICE_PRO = 'price_local_pro';

/** Parses an environment object; throws ConfigError listing every invalid variable at once. */
export function parseEnv(env: EnvSource): Config {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name}=${raw}: expected a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };

  const flag = (name: string, fallback: boolean): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name}=${raw}: expected true or false`);
    return fallback;
  };

  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (protocols.includes(parsed.protocol)) return raw;
    } catch {
      // reported below
    }
    problems.push(`${name}: expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
    return undefined;
  };

  const origin = (name: string): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username;
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && bare) return parsed.origin;
    } catch {
      // reported below
    }
    problems.push(`${name}=${raw}: expected an origin such as https://app.example.com (no path)`);
    return undefined;
  };

  const logLevel = (): LogLevel => {
    const raw = text('LOG_LEVEL')?.toLowerCase();
    if (raw === undefined) return 'info';
    if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
    problems.push(`LOG_LEVEL=${raw}: expected one of ${LOG_LEVELS.join(', ')}`);
    return 'info';
  };

  const logFormat = (): LogFormat => {
    const raw = text('LOG_FORMAT')?.toLowerCase();
    if (raw === undefined) return text('NODE_ENV') === 'production' ? 'json' : 'text';
    if (raw === 'json' || raw === 'text') return raw;
    problems.push(`LOG_FORMAT=${raw}: expected json or text`);
    return 'text';
  };

  const featuredKeyword = (): string => {
    const raw = text('FEATURED_KEYWORD');
    if (raw === undefined) return 'Festival';
    if (raw.length > 100) problems.push('FEATURED_KEYWORD: at most 100 characters');
    return raw.slice(0, 100);
  };

  const prefixed = (name: string, prefix: string): string | undefined => {
    const raw = text(name);
    if (raw === undefined || raw.startsWith(prefix)) return raw;
    problems.push(`${name}: expected a value starting with ${prefix}`);
    return undefined;
  };

  const stripeKey = prefixed('STRIPE_SECRET_KEY', 'sk_');
  const webhookSecret = prefixed('STRIPE_WEBHOOK_SECRET', 'whsec_');
  if (stripeKey && !webhookSecret) problems.push('STRIPE_WEBHOOK_SECRET: needed with STRIPE_SECRET_KEY (webhooks are refused unsigned)');
  const pricePro = prefixed('STRIPE_PRICE_PRO', 'price_');
  if (stripeKey && !pricePro && !text('STRIPE_API_BASE')) problems.push("STRIPE_PRICE_PRO: needed with STRIPE_SECRET_KEY (PRO's price in your Stripe account)");

  const aiBaseUrl = url('AI_BASE_URL', ['http:', 'https:']);
  if (text('AI_API_KEY') && !aiBaseUrl) problems.push('AI_BASE_URL: needed with AI_API_KEY (the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1)');

  // Web Push (issue 15): base64url P-256 keys as `npx web-push generate-vapid-keys` prints them.
  const vapidKey = (name: string, bytes: number): string | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    if (/^[A-Za-z0-9_-]+$/.test(raw) && Buffer.from(raw, 'base64url').length === bytes) return raw;
    problems.push(`${name}: expected a base64url key of ${bytes} bytes (npx web-push generate-vapid-keys)`);
    return undefined;
  };
  const vapidPublic = vapidKey('VAPID_PUBLIC_KEY', 65);
  const vapidPrivate = vapidKey('VAPID_PRIVATE_KEY', 32);
  if ((text('VAPID_PUBLIC_KEY') === undefined) !== (text('VAPID_PRIVATE_KEY') === undefined)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither (neither: a pair is generated once and stored)');
  }
  const vapidSubject = url('VAPID_SUBJECT', ['mailto:', 'https:']);

  const pushAllowedOrigins = (): string[] => {
    const origins: string[] = [];
    for (const entry of (text('PUSH_ALLOWED_ORIGINS') ?? '').split(',')) {
      const raw = entry.trim();
      if (raw === '') continue;
      // The origin as written: a path, query or credentials would suggest a narrower trust than is given.
      let origin: string | undefined;
      try {
        if (/^https?:\/\/[^/\\?#@\s]+\/?$/i.test(raw)) origin = new URL(raw).origin;
      } catch {
        // reported below
      }
      if (origin) origins.push(origin);
      else problems.push(`PUSH_ALLOWED_ORIGINS: '${raw.slice(0, 100)}' is not an origin such as https://push.example or http://127.0.0.1:9999 (scheme, host and port only)`);
    }
    return [...new Set(origins)];
  };

  const perIp = integer('RATE_LIMIT_PER_IP', 20, 1, 1_000_000);
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const workers = integer('WORKERS', 1, 1, 256);
  if (workers > 1 && !databaseUrl && !text('DATABASE_URL')) {
    problems.push(`WORKERS=${workers}: needs DATABASE_URL (the embedded database belongs to one process; use WORKERS=1 without PostgreSQL)`);
  }
  const config: Config = {
    PORT: integer('PORT', 8080, 0, 65535),
    HOST: text('HOST') ?? '0.0.0.0',
    DATA_DIR: text('DATA_DIR') ?? './data',
    DATABASE_URL: databaseUrl,
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
    MAIL_FROM: text('MAIL_FROM') ?? 'Mingle <no-reply@mingle.local>',
    // Demo data on a real PostgreSQL server only when asked: that is where production data lives.
    SEED_DEMO: flag('SEED_DEMO', databaseUrl === undefined),
    APP_ORIGIN: origin('APP_ORIGIN'),
    SESSION_IDLE_DAYS: integer('SESSION_IDLE_DAYS', 30, 1, 3650),
    TRUST_PROXY: flag('TRUST_PROXY', false),
    LOG_LEVEL: logLevel(),
    LOG_FORMAT: logFormat(),
    WORKERS: workers,
    DATABASE_POOL_SIZE: integer('DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE, 1, 1000),
    SHUTDOWN_TIMEOUT_MS: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    DIST_DIR: text('DIST_DIR') ?? './dist',
    RATE_LIMIT_PER_IP: perIp,
    // Verifying takes a few tries more than requesting, so by default it gets half as much again.
    RATE_LIMIT_VERIFY_PER_IP: integer('RATE_LIMIT_VERIFY_PER_IP', Math.ceil(perIp * 1.5), 1, 1_000_000),
    WRITE_LIMIT_FACTOR: integer('WRITE_LIMIT_FACTOR', 1, 1, 100_000),
    FEATURED_KEYWORD: featuredKeyword(),
    STRIPE_SECRET_KEY: stripeKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_PRO: pricePro ?? LOCAL_PRICE_PRO,
    STRIPE_API_BASE: url('STRIPE_API_BASE', ['http:', 'https:']),
    AI_ENABLED: flag('AI_ENABLED', true),
    AI_BASE_URL: aiBaseUrl,
    AI_API_KEY: text('AI_API_KEY'),
    AI_MODEL: text('AI_MODEL') ?? 'gpt-4o-mini',
    PROFILE_LOOKUP_URL: url('PROFILE_LOOKUP_URL', ['http:', 'https:']),
    PROFILE_LOOKUP_KEY: text('PROFILE_LOOKUP_KEY'),
    VAPID_PUBLIC_KEY: vapidPublic,
    VAPID_PRIVATE_KEY: vapidPrivate,
    VAPID_SUBJECT: vapidSubject,
    PUSH_ALLOWED_ORIGINS: pushAllowedOrigins(),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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
