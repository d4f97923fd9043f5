import type { Context } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { MESSAGES_PER_DAY, MESSAGES_PER_MINUTE } from '../../contract/messages';
import { takeWriteQuota } from '../services/limits/write-quota';
import { ApiError } from './api-error';
import type { AppDeps, AppEnv } from './app-env';
import { routePattern } from './path-ids';
import { isUnsafeMethod } from './unsafe-methods';

/**
 * Every unsafe route of the API, with how much one member may write through it. A member's writes
 * fill the database, others' feeds and outside services (mail, push, a language model), so none
 * is unlimited: past its limit a route answers 429 with Retry-After, which the app's outbox
 * honours. The figures are far above what a person does by hand (a day at a big event: a few
 * hundred swipes) and far below what a script does. Routes that a member does not reach through a
 * session say why they are here without one. server/http/write-limits.test.ts fails for a route
 * missing from this table, and checks each limit against the running app.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type WriteLimit =
  /**
   * `limit` requests per `windowMs` per member; routes naming the same `bucket` share one count.
   * `also`: further windows counted alongside (a minute's burst and a day's total), each its own count.
   */
  | { limit: number; windowMs: number; bucket?: string; also?: readonly { limit: number; windowMs: number }[] }
  /** Reached without a session: what limits it instead. */
  | { withoutSession: string };

export const WRITE_LIMITS: Readonly<Record<string, WriteLimit>> = {
  // Signing in: limited per address and per client address (services/sign-in/sign-in-limits.ts).
  'POST /api/signup/pin/request': { withoutSession: 'codes per e-mail address and per client address' },
  'POST /api/login/pin/request': { withoutSession: 'codes per e-mail address and per client address' },
  'POST /api/signup/pin/verify': { withoutSession: 'tries per client address and wrong codes per e-mail address' },
  'POST /api/login/pin/verify': { withoutSession: 'tries per client address and wrong codes per e-mail address' },
  'POST /api/oauth/logout': { withoutSession: 'only ends the session it is sent with' },
  'POST /api/stripe/webhook': { withoutSession: "Stripe's signature: an unsigned event writes nothing" },

  // The deck: swipes, undos and the batches the outbox sends them in share one count.
  'POST /api/users/interactions/positive': { limit: 1_000, windowMs: HOUR, bucket: 'swipes' },
  'POST /api/users/interactions/negative': { limit: 1_000, windowMs: HOUR, bucket: 'swipes' },
  'POST /api/users/interactions/batch': { limit: 1_000, windowMs: HOUR, bucket: 'swipes' },
  'DELETE /api/users/interactions/:id': { limit: 1_000, windowMs: HOUR, bucket: 'swipes' },

  // Events.
  'POST /api/events/user-added': { limit: 20, windowMs: DAY },
  'POST /api/events/:id/join': { limit: 100, windowMs: HOUR },
  'PATCH /api/events/:id/attendee': { limit: 300, windowMs: HOUR },
  'DELETE /api/users/me/events/:id': { limit: 100, windowMs: HOUR },

  // The profile and the network.
  'PATCH /api/users/me': { limit: 300, windowMs: HOUR },
  'DELETE /api/users/me': { limit: 10, windowMs: HOUR },
  'POST /api/users/me/share': { limit: 120, windowMs: HOUR },
  'POST /api/users/me/share/rotate': { limit: 10, windowMs: HOUR },
  'POST /api/users/:id/connect': { limit: 200, windowMs: HOUR },
  'POST /api/users/:id/connect/:secret': { limit: 200, windowMs: HOUR },
  'PUT /api/users/:id/note': { limit: 300, windowMs: HOUR },
  'POST /api/users/me/calendar-feed/rotate': { limit: 10, windowMs: HOUR },
  'POST /api/users/consents': { limit: 60, windowMs: HOUR, bucket: 'consents' },
  'PUT /api/users/consents/:id': { limit: 60, windowMs: HOUR, bucket: 'consents' },
  'PUT /api/ai-recommendations/consent': { limit: 60, windowMs: HOUR, bucket: 'consents' },
  'POST /api/locations': { limit: 50, windowMs: DAY },
  'POST /api/locations/resolve': { limit: 600, windowMs: HOUR },
  'POST /api/signup/linkedin/search': { limit: 60, windowMs: HOUR, bucket: 'profile-lookup' },
  'POST /api/signup/linkedin/search/profile': { limit: 60, windowMs: HOUR, bucket: 'profile-lookup' },

  // Meetings: each write may reach the other member (a notice, a push, a mail with an invitation).
  'POST /api/events/:id/meetings': { limit: 100, windowMs: HOUR, bucket: 'meetings' },
  'POST /api/meetings/:id/accept': { limit: 100, windowMs: HOUR, bucket: 'meetings' },
  'POST /api/meetings/:id/decline': { limit: 100, windowMs: HOUR, bucket: 'meetings' },
  'POST /api/meetings/:id/propose': { limit: 100, windowMs: HOUR, bucket: 'meetings' },
  'POST /api/meetings/:id/cancel': { limit: 100, windowMs: HOUR, bucket: 'meetings' },
  'PUT /api/meetings/:id/outcome': { limit: 100, windowMs: HOUR, bucket: 'meetings' },
  'PUT /api/events/:id/meetings/sessions': { limit: 100, windowMs: HOUR, bucket: 'meetings' },

  // Messages (docs/product.md, 'Messages'): a burst a minute and a day's total, each reaching the other member.
  'PUT /api/conversations/:userId/messages/:id': {
    limit: MESSAGES_PER_MINUTE,
    windowMs: MINUTE,
    bucket: 'messages',
    also: [{ limit: MESSAGES_PER_DAY, windowMs: DAY }],
  },
  'POST /api/conversations/:userId/read': { limit: 1_000, windowMs: HOUR, bucket: 'message-reads' },
  'PUT /api/users/me/message-settings': { limit: 60, windowMs: HOUR },

  // Safety (contract/safety.ts): generous for a person, finite for a script. A report is mailed to
  // the operators, so it has a day's count; a block ends a connection and cancels meetings.
  'PUT /api/users/:id/block': { limit: 200, windowMs: DAY, bucket: 'blocks' },
  'DELETE /api/users/:id/block': { limit: 200, windowMs: DAY, bucket: 'blocks' },
  'POST /api/users/:id/report': { limit: 20, windowMs: DAY },
  'PUT /api/users/me/networking': { limit: 60, windowMs: HOUR },

  // Notifications.
  'PUT /api/push/subscription': { limit: 30, windowMs: HOUR, bucket: 'push-subscription' },
  'DELETE /api/push/subscription': { limit: 30, windowMs: HOUR, bucket: 'push-subscription' },
  'PUT /api/push/settings': { limit: 60, windowMs: HOUR },

  // Payments: each call asks Stripe.
  'POST /api/stripe/create-checkout-session': { limit: 20, windowMs: HOUR, bucket: 'stripe' },
  'POST /api/stripe/create-portal-session': { limit: 20, windowMs: HOUR, bucket: 'stripe' },
  'POST /api/stripe/reactivate': { limit: 20, windowMs: HOUR, bucket: 'stripe' },

  // The assistant: each chat and message is stored; a model answer also has its own limit.
  'POST /api/chat': { limit: 30, windowMs: DAY },
  'DELETE /api/chat/:id': { limit: 100, windowMs: DAY },
  'POST /api/chat/:id/message': { limit: 200, windowMs: HOUR, bucket: 'chat-messages' },
  'POST /api/chat/:id/gpt-message': { limit: 200, windowMs: HOUR, bucket: 'chat-messages' },
  'POST /api/chat/:id/select-event': { limit: 200, windowMs: HOUR, bucket: 'chat-messages' },
  'PATCH /api/chat/:id/journey': { limit: 100, windowMs: HOUR },
};

/** The count of a further window (`also`): a bucket of its own, since two windows may end at the same moment. */
export const writeBucket = (name: string, windowMs: number, userId: string) => `write:${name}/${windowMs}:${userId}`;

/** The limit of a route missing from the table (its test fails too): strict rather than open. */
const UNLISTED: WriteLimit = { limit: 20, windowMs: HOUR };

/** The table's name of the route a request was matched to: 'POST /api/events/:id/join'. */
export const routeOf = (c: Context) => `${c.req.method} ${routePattern(c.req.routePath)}`;

/**
 * Counts a signed-in member's write against its route's limit (429 past it). Runs where the
 * session is accepted, so no unsafe route behind a session escapes it.
 */
export async function enforceWriteLimit(deps: AppDeps, c: Context<AppEnv>, userId: string, now: Date): Promise<void> {
  if (!isUnsafeMethod(c.req.method)) return;
  const route = routeOf(c);
  const rule = WRITE_LIMITS[route] ?? UNLISTED;
  if ('withoutSession' in rule) return;
  const name = rule.bucket ?? route;
  const windows = [
    { limit: rule.limit, windowMs: rule.windowMs, bucket: `write:${name}:${userId}` },
    ...(rule.also ?? []).map((window) => ({ limit: window.limit, windowMs: window.windowMs, bucket: writeBucket(name, window.windowMs, userId) })),
  ];
  for (const window of windows) {
    const limit = Math.max(1, Math.round(window.limit * deps.config.WRITE_LIMIT_FACTOR));
    const decision = await takeWriteQuota(deps.db, { bucket: window.bucket, limit, windowMs: window.windowMs }, now);
    if (!decision.allowed) throw new ApiError(429, API_ERRORS.tooManyRequests, { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
  }
}
