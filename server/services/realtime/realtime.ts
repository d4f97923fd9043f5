import type { Kysely } from 'kysely';
import { STREAM_KEEPALIVE_MS } from '../../../contract/stream';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { createLocalBus, type StreamBus } from './stream-bus';
import { insertStreamEvents, pruneStreamEvents, type StreamEventInput } from './stream-events';

/** How often a process prunes old stream events, on the side of publishing. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * The event stream's state in one app (docs/architecture.md, 'Server to client'): its bus, the
 * streams open on it (ended together at shutdown, so they never hold it) and when it last pruned.
 * Made per app, never per module: the tests build many apps in one process.
 */
export interface Realtime {
  bus: StreamBus;
  /** A comment line on a quiet stream this often; also how often a stream checks its session. */
  keepaliveMs: number;
  /** Ends every open stream (shutdown); streams opened later end at once. */
  endStreams(): void;
  /** Registers an open stream's end; returns how to forget it. */
  track(end: () => void): () => void;
  readonly ended: boolean;
  lastPrunedAt: number;
  /**
   * Messages this process already marked delivered: a member's other streams (their devices) are
   * sent the same message and need not write it again. Forgotten in bulk past a bound.
   */
  delivered: Set<string>;
  close(): Promise<void>;
}

export function createRealtime(options: { bus?: StreamBus; keepaliveMs?: number } = {}): Realtime {
  const open = new Set<() => void>();
  let ended = false;
  const bus = options.bus ?? createLocalBus();
  const realtime: Realtime = {
    bus,
    keepaliveMs: options.keepaliveMs ?? STREAM_KEEPALIVE_MS,
    endStreams() {
      ended = true;
      for (const end of [...open]) end();
    },
    track(end) {
      if (ended) {
        end();
        return () => {};
      }
      open.add(end);
      return () => open.delete(end);
    },
    get ended() {
      return ended;
    },
    lastPrunedAt: 0,
    delivered: new Set(),
    async close() {
      realtime.endStreams();
      await bus.close();
    },
  };
  return realtime;
}

export interface PublishContext {
  db: Kysely<Database>;
  realtime: Realtime;
  logger: Logger;
  clock: () => Date;
}

/** After the caller's commit: wakes this process's streams of those members, and prunes now and then. */
export function announceStreamEvents(ctx: PublishContext, userIds: readonly string[]): void {
  ctx.realtime.bus.announce(userIds);
  const now = ctx.clock();
  if (now.getTime() - ctx.realtime.lastPrunedAt < PRUNE_EVERY_MS) return;
  ctx.realtime.lastPrunedAt = now.getTime();
  pruneStreamEvents(ctx.db, now).catch((error: unknown) => ctx.logger.error('[stream] pruning old events failed', error));
}

/**
 * Publishes events to members' streams in a transaction of its own (the block's
 * 'conversation-hidden', the meetings'): stored, then announced. A failure is logged, never thrown:
 * the change that caused it has committed, and an app that missed an event reads again on its next
 * start. Inside a transaction of the caller's, use insertStreamEvents and announceStreamEvents.
 */
export async function publishStreamEvents(ctx: PublishContext, events: readonly StreamEventInput[]): Promise<void> {
  if (events.length === 0) return;
  try {
    const now = ctx.clock();
    const userIds = await ctx.db.transaction().execute((trx) => insertStreamEvents(trx, events, now, ctx.realtime.bus.notifiesInDatabase));
    announceStreamEvents(ctx, userIds);
  } catch (error) {
    ctx.logger.error('[stream] publishing events failed', error);
  }
}

const fallbacks = new WeakMap<object, Realtime>();

/** The app's realtime (createApp always sets one); deps built by hand in a test get one of their own, kept with them. */
export function realtimeOf(deps: { realtime?: Realtime | undefined }): Realtime {
  if (deps.realtime) return deps.realtime;
  let made = fallbacks.get(deps);
  if (!made) fallbacks.set(deps, (made = createRealtime()));
  return made;
}

/**
 * publishStreamEvents for a route or service holding the app's deps: what another feature calls to
 * tell members' open apps of a change, as a block does with 'conversation-hidden' to both members:
 * `await publishFromApp(deps, [{ userId, type: 'conversation-hidden', data: { userId: other } }])`.
 */
export function publishFromApp(
  deps: { db: Kysely<Database>; logger: Logger; clock: () => Date; realtime?: Realtime | undefined },
  events: readonly StreamEventInput[],
): Promise<void> {
  return publishStreamEvents({ db: deps.db, realtime: realtimeOf(deps), logger: deps.logger, clock: deps.clock }, events);
}
