import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, startupWarnings } from './env';

describe('parseEnv', () => {
  it('has a default for everything', () => {
    expect(parseEnv({})).toEqual({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      MAIL_FROM: 'Mingle <no-reply@mingle.local>',
      REPORTS_EMAIL: undefined,
      SEED_DEMO: true,
      APP_ORIGIN: undefined,
      SESSION_IDLE_DAYS: 30,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'text',
      WORKERS: 1,
      DATABASE_POOL_SIZE: 4,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      STREAM_MAX_MS: 3_600_000,
      DIST_DIR: './dist',
      RATE_LIMIT_PER_IP: 20,
      RATE_LIMIT_VERIFY_PER_IP: 30,
      WRITE_LIMIT_FACTOR: 1,
      FEATURED_KEYWORD: 'Festival',
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_PRICE_PRO: 'price_local_pro',
      STRIPE_API_BASE: undefined,
      AI_ENABLED: true,
      AI_BASE_URL: undefined,
      AI_API_KEY: undefined,
      AI_MODEL: 'gpt-4o-mini',
      PROFILE_LOOKUP_URL: undefined,
      PROFILE_LOOKUP_KEY: undefined,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: undefined,
      PUSH_ALLOWED_ORIGINS: [],
    });
  });

  it('takes PUSH_ALLOWED_ORIGINS as a comma list of origins, and says which entry is not one', () => {
    expect(
      parseEnv({ PUSH_ALLOWED_ORIGINS: ' https://Push.Example/ , http://127.0.0.1:9999,http://[::1]:80,https://push.example:443 ' }).PUSH_ALLOWED_ORIGINS,
    ).toEqual(['https://push.example', 'http://127.0.0.1:9999', 'http://[::1]']);
    expect(parseEnv({ PUSH_ALLOWED_ORIGINS: ',' }).PUSH_ALLOWED_ORIGINS).toEqual([]);
    for (const bad of [
      'push.example',
      'https://push.example/path',
      'https://push.example?x',
      'https://u:p@push.example',
      'ftp://push.example',
      'https://',
      'https://exa mple.com',
    ]) {
      expect(() => parseEnv({ PUSH_ALLOWED_ORIGINS: `https://ok.example,${bad}` }), bad).toThrow(
        /PUSH_ALLOWED_ORIGINS: '.*' is not an origin such as https:\/\/push.example/,
      );
    }
  });

  it('takes a VAPID key pair only whole and well-formed, and a mailto: or https: subject', () => {
    const pair = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(parseEnv({ ...pair, VAPID_SUBJECT: 'mailto:ops@example.com' })).toMatchObject({ ...pair, VAPID_SUBJECT: 'mailto:ops@example.com' });
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/set both or neither/);
    expect(() => parseEnv({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: expected a base64url key of 32 bytes/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT: expected a URL/);
  });

  it('reads every variable', () => {
    const config = parseEnv({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/mingle',
      DATABASE_URL: 'postgres://u:p@db:5432/mingle',
      SMTP_URL: 'smtps://u:p@smtp.example.com:465',
      MAIL_FROM: 'Events <hi@example.com>',
      SEED_DEMO: 'false',
      APP_ORIGIN: 'https://App.Example.com/',
      SESSION_IDLE_DAYS: '7',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      DIST_DIR: 'build',
      RATE_LIMIT_PER_IP: '100',
      RATE_LIMIT_VERIFY_PER_IP: '5',
      FEATURED_KEYWORD: 'Summit',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_456',
      STRIPE_PRICE_PRO: 'price_789',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      AI_ENABLED: 'false',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_API_KEY: 'key-1',
      AI_MODEL: 'llama3',
      PROFILE_LOOKUP_URL: 'https://lookup.example.com/v1',
      PROFILE_LOOKUP_KEY: 'lookup-key',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      SEED_DEMO: false,
      TRUST_PROXY: true,
      APP_ORIGIN: 'https://app.example.com',
      SESSION_IDLE_DAYS: 7,
      LOG_LEVEL: 'debug',
      RATE_LIMIT_PER_IP: 100,
      RATE_LIMIT_VERIFY_PER_IP: 5,
      FEATURED_KEYWORD: 'Summit',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_456',
      STRIPE_PRICE_PRO: 'price_789',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      AI_ENABLED: false,
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_API_KEY: 'key-1',
      AI_MODEL: 'llama3',
      PROFILE_LOOKUP_URL: 'https://lookup.example.com/v1',
      PROFILE_LOOKUP_KEY: 'lookup-key',
    });
  });

  it('takes REPORTS_EMAIL as one e-mail address', () => {
    expect(parseEnv({ REPORTS_EMAIL: ' safety@mingle.example ' }).REPORTS_EMAIL).toBe('safety@mingle.example');
    for (const bad of ['safety', 'safety@', 'Safety <safety@mingle.example>', 'a@b.c, d@e.f']) {
      expect(() => parseEnv({ REPORTS_EMAIL: bad }), bad).toThrow(/REPORTS_EMAIL=.*expected an e-mail address/);
    }
  });

  it('refuses an AI key without the endpoint it is for, and lookup or model URLs that are not http(s)', () => {
    expect(() => parseEnv({ AI_API_KEY: 'key-1' })).toThrow(/AI_BASE_URL: needed with AI_API_KEY/);
    expect(() => parseEnv({ AI_BASE_URL: 'ftp://model' })).toThrow(/AI_BASE_URL: expected a URL/);
    expect(() => parseEnv({ PROFILE_LOOKUP_URL: 'lookup' })).toThrow(/PROFILE_LOOKUP_URL: expected a URL/);
  });

  it("refuses Stripe settings that cannot work: a key of another kind, a key without its webhook secret or PRO's price", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_PRO: 'price_1' })).toThrow(
      /STRIPE_SECRET_KEY: expected a value starting with sk_/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PRICE_PRO: 'price_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: needed/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_PRICE_PRO: needed/);
    expect(() => parseEnv({ STRIPE_PRICE_PRO: 'pro' })).toThrow(/STRIPE_PRICE_PRO: expected a value starting with price_/);
  });

  it('turns the demo seed off with 0 as well as false; blank means default', () => {
    expect(parseEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: '' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ PORT: '  ' }).PORT).toBe(8080);
  });

  it('adds demo data by default only to the embedded database, to PostgreSQL only when asked', () => {
    const postgres = 'postgres://u:p@db:5432/mingle';
    expect(parseEnv({ DATABASE_URL: postgres }).SEED_DEMO).toBe(false);
    expect(parseEnv({ DATABASE_URL: postgres, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('warns at start when reachable from other machines without APP_ORIGIN', () => {
    expect(startupWarnings(parseEnv({}))).toEqual([expect.stringContaining('APP_ORIGIN is not set')]);
    expect(startupWarnings(parseEnv({ HOST: '127.0.0.1' }))).toEqual([]);
    expect(startupWarnings(parseEnv({ APP_ORIGIN: 'https://mingle.example.com' }))).toEqual([]);
  });

  it('writes JSON log lines in production unless told otherwise', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
    expect(parseEnv({ NODE_ENV: 'production', LOG_FORMAT: 'text' }).LOG_FORMAT).toBe('text');
    expect(parseEnv({ LOG_FORMAT: 'JSON' }).LOG_FORMAT).toBe('json');
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT=xml: expected json or text/);
  });

  it('runs several processes only on PostgreSQL, and takes a shutdown deadline', () => {
    const postgres = { DATABASE_URL: 'postgres://u:p@db:5432/mingle' };
    expect(parseEnv({ ...postgres, WORKERS: '4', SHUTDOWN_TIMEOUT_MS: '25000' })).toMatchObject({ WORKERS: 4, SHUTDOWN_TIMEOUT_MS: 25_000 });
    expect(() => parseEnv({ WORKERS: '2' })).toThrow(/WORKERS=2: needs DATABASE_URL/);
    expect(() => parseEnv({ ...postgres, WORKERS: '0' })).toThrow(/WORKERS=0: expected a whole number from 1/);
    expect(parseEnv({ ...postgres, DATABASE_POOL_SIZE: '12' })).toMatchObject({ DATABASE_POOL_SIZE: 12 });
    expect(() => parseEnv({ ...postgres, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE=0: expected a whole number from 1/);
  });

  it('derives the verify limit from the request limit unless given', () => {
    expect(parseEnv({ RATE_LIMIT_PER_IP: '1000' }).RATE_LIMIT_VERIFY_PER_IP).toBe(1500);
  });

  it('reports every invalid value at once, by name', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        SEED_DEMO: 'maybe',
        APP_ORIGIN: 'https://app.example.com/path',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        LOG_LEVEL: 'loud',
        SESSION_IDLE_DAYS: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'SEED_DEMO', 'APP_ORIGIN', 'DATABASE_URL', 'SMTP_URL', 'LOG_LEVEL', 'SESSION_IDLE_DAYS']) {
      expect(problems).toContain(name);
    }
    expect((error as Error).message).toMatch(/^Invalid configuration:/);
  });
});
