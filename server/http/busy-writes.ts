import type { MiddlewareHandler } from 'hono';
import { API_ERRORS } from '../../contract/errors';
import { isUnsafeMethod } from './unsafe-methods';

/**
 * When a venue's Wi-Fi comes back, a thousand phones send their queued writes within seconds. A
 * process that took them all would queue them for its database for longer than the clients wait
 * (their requests time out, the server answers 408 to bodies it had no time to read) while every
 * screen's reads wait behind them. So past a point a process turns writes away at once, with 429
 * and a Retry-After, before any work: the app's outbox keeps them and comes back after the wait,
 * spread over the next seconds; reads keep their turn. The point: more than WRITES_IN_FLIGHT
 * writes in the process and the oldest of them waiting longer than OLDEST_WAIT_MS, so a burst
 * that the database clears quickly is never refused. Set low on purpose: with 32 writes and a
 * second, the reconnect storm's readers waited behind the writes (p95 1.1 s on PostgreSQL with two
 * workers); with 8 and 250 ms they stay under 300 ms and every write still lands well within the
 * minute (tests/bench/reconnect-storm.ts).
 */
export const WRITES_IN_FLIGHT = 8;
export const OLDEST_WAIT_MS = 250;
/** Seconds a turned-away write waits; the outbox adds up to half again at random. */
export const BUSY_RETRY_AFTER_S = 2;


export function busyWrites(now: () => number = () => performance.now()): MiddlewareHandler {
  // Start times of the writes in flight, oldest first (a write that ends is removed wherever it is).
  const inFlight: number[] = [];
  return async (c, next) => {
    if (!isUnsafeMethod(c.req.method)) return next();
    const started = now();
    if (inFlight.length >= WRITES_IN_FLIGHT && started - inFlight[0]! > OLDEST_WAIT_MS) {
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
