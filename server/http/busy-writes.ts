import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { API_ERRORS } from '../../contract/errors';
import { INTERACTION_BATCH_PATH } from '../../contract/interaction-batch';
import { isUnsafeMethod } from './unsafe-methods';

/**
 * When a venue's Wi-Fi comes back, a thousand phones send their queued writes within seconds. A
 * process that took them all would queue them for its database for longer than the clients wait
 * (their requests time out, the server answers 408 to bodies it had no time to read) while every
 * screen's reads wait behind them. So past a point a process turns writes away at once, with 429
 * and a Retry-After, before any work; reads keep their turn.
 *
 * Two points, by who sends the write:
 * - an outbox's write (it carries an Idempotency-Key, or it is the batch of swipes, whose items
 *   carry theirs) comes back on its own after the wait, spread over the next seconds, and the member
 *   already sees it done: it is turned away early, past OUTBOX_WRITES_IN_FLIGHT writes in the process
 *   with the oldest waiting over OUTBOX_OLDEST_WAIT_MS. With 32 and a second, the reconnect storm's
 *   readers waited behind the writes (p95 1.1 s on PostgreSQL with two workers); with 8 and 250 ms
 *   they stay under 300 ms and every write still lands well within the minute
 *   (tests/bench/reconnect-storm.ts);
 * - any other write (signing up, paying, a webhook) is a person or a service waiting for the
 *   answer: turned away only past WRITES_IN_FLIGHT with the oldest over OLDEST_WAIT_MS.
 * Either way a burst that the database clears quickly is never refused.
 */
export const OUTBOX_WRITES_IN_FLIGHT = 8;
export const OUTBOX_OLDEST_WAIT_MS = 250;
export const WRITES_IN_FLIGHT = 32;
export const OLDEST_WAIT_MS = 1_000;
/** Seconds a turned-away write waits; the outbox adds up to half again at random. */
export const BUSY_RETRY_AFTER_S = 2;

const BATCH_SUFFIX = `/${INTERACTION_BATCH_PATH}`;

export function busyWrites(now: () => number = () => performance.now()): MiddlewareHandler {
  // Start times of the writes in flight, oldest first (a write that ends is removed wherever it is).
  const inFlight: number[] = [];
  const busy = (at: number, count: number, waitMs: number) => inFlight.length >= count && at - inFlight[0]! > waitMs;
  return async (c, next) => {
    if (!isUnsafeMethod(c.req.method)) return next();
    const started = now();
    const fromOutbox = c.req.header(IDEMPOTENCY_HEADER) !== undefined || c.req.path.endsWith(BATCH_SUFFIX);
    if (busy(started, WRITES_IN_FLIGHT, OLDEST_WAIT_MS) || (fromOutbox && busy(started, OUTBOX_WRITES_IN_FLIGHT, OUTBOX_OLDEST_WAIT_MS))) {
      return c.json({ error: API_ERRORS.tooManyRequests, code: 'server_busy' }, 429, { 'Retry-After': String(BUSY_RETRY_AFTER_S) });
    }
    inFlight.push(started);
    try {
      await next();
    } finally {
      inFlight.splice(inFlight.indexOf(started), 1);
    }
  };
}
