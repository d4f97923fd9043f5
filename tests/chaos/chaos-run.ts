/**
 * Chaos replay: the app's own outbox and sync engine (src/offline: Dexie on
 * fake-indexeddb, createFetchSend) against the real server process through a fault-injecting
 * proxy, one member per seeded schedule (schedule.ts), then a check with SQL that every intended
 * write landed exactly once. Used by chaos-replay.test.ts (a few seeds) and the benchmark
 * tests/bench/chaos-replay.ts (100).
 */
// First: Dexie looks for indexedDB when it is loaded.
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { createOutboxDb } from '../../src/offline/db';
import type { LockFn } from '../../src/offline/lock';
import { createOutbox } from '../../src/offline/outbox';
import { goalMutation } from '../../src/offline/mutations/goal';
import { swipeMutation } from '../../src/offline/mutations/swipe';
import { undoSwipeMutation } from '../../src/offline/mutations/undo-swipe';
import { createFetchSend } from '../../src/offline/send';
import { createSyncEngine, type SyncResult } from '../../src/offline/sync-engine';
import { openProcessDatabase } from '../../server/test/helpers/process-database';
import { createSwipeEventData, type SwipeEventData, type Swiper } from '../../server/test/helpers/swipe-event-data';
import { startFaultProxy, type FaultCounts, type FaultProxy } from './fault-proxy';
import { prng } from './prng';
import { checkLanded, type Landed } from './landed';
import { makeSchedule, type Schedule } from './schedule';
import { superviseServer, type SupervisedServer } from './supervised-server';

/** Longer than any request takes on the server; short, so a stranded claim is taken over soon. */
export const CHAOS_LEASE_MS = 2_000;
const TARGETS = 10;
/** The engine's clock runs this much faster than real time: backoffs of seconds take milliseconds. */
const SPEED = 50;

export interface ChaosOptions {
  seeds: number[];
  /** The server's Idempotency-Key lease (default CHAOS_LEASE_MS). */
  leaseMs?: number;
  /** A schedule whose outbox is not empty by then counts its records as lost. */
  drainTimeoutMs?: number;
  /** postgres://... of a server to run on (a throwaway database there); default TEST_DATABASE_URL, else PGlite. */
  databaseUrl?: string;
  /**
   * Schedules played at once (default 1), each by its own member, as attendees at one venue: they
   * share the server's kills and the Wi-Fi's drops, and each member's request faults follow its seed.
   */
  parallel?: number;
  log?: (line: string) => void;
}

export interface ScheduleResult extends Landed {
  seed: number;
  /** Writes the member made (swipes, undos, goal edits). */
  writes: number;
  /** Records the engine marked failed, with the server's reason. */
  failures: string[];
  /** Records still in the outbox when the drain timed out, and what they last met. */
  stuck: number;
  leftovers: string[];
  /** What this member's requests met at the proxy. */
  faults: FaultCounts;
  ms: number;
}

export interface ChaosReport {
  database: string;
  results: ScheduleResult[];
  /** How many times the server process died (kill -9 from outside or right after a claim) and was restarted. */
  deaths: number;
  ms: number;
}

/** Node has no Web Locks and one engine runs per member: the lock is a pass-through (as in the outbox bench). */
const oneTab: LockFn = async (fn) => {
  await fn();
  return true;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ClientOutcome {
  failures: string[];
  stuck: number;
  /** The records still queued at the end: kind, attempts and last error. */
  leftovers: string[];
  /** The interaction id the server acknowledged last per target. */
  acknowledged: Map<string, string>;
}

/** Plays one schedule as the member's app would, and drains its outbox. */
async function play(
  schedule: Schedule,
  swiper: Swiper,
  data: SwipeEventData,
  proxy: FaultProxy,
  server: SupervisedServer,
  drainTimeoutMs: number,
): Promise<ClientOutcome> {
  const db = createOutboxDb(`mingle-chaos-${schedule.seed}-${randomBytes(4).toString('hex')}`);
  const outbox = createOutbox({ userId: swiper.id, db });
  const started = Date.now();
  const failures: string[] = [];
  const acknowledged = new Map<string, string>();
  const onResult = (result: SyncResult) => {
    if (result.type === 'failed') failures.push(`${result.record.kind} ${result.status} ${result.reason}`);
    if (result.type === 'sent' && result.record.kind === 'swipe') {
      const id = (result.body as { interaction?: { id?: string } } | null)?.interaction?.id;
      if (id) acknowledged.set(result.record.payload.toUserId, id);
    }
    if (result.type === 'paused') failures.push('paused (401)');
  };
  const send = createFetchSend(`${proxy.origin}/api/`, (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', swiper.cookie);
    return fetch(input, { ...init, headers });
  });
  const engine = createSyncEngine({
    userId: swiper.id,
    db,
    send,
    lock: oneTab,
    random: prng(schedule.seed + 2).next,
    now: () => started + (Date.now() - started) * SPEED,
    schedule: (delayMs, fn) => {
      const timer = setTimeout(fn, delayMs / SPEED);
      return () => clearTimeout(timer);
    },
    onResult,
  });
  proxy.setFaults(swiper.cookie, schedule.faults, prng(schedule.seed + 1));
  engine.start();
  const troubles: Promise<unknown>[] = [];
  for (const step of schedule.steps) {
    if (step.op === 'swipe') await outbox.enqueue(swipeMutation, { eventId: data.eventId, toUserId: step.target, direction: step.direction });
    else if (step.op === 'undo') await outbox.enqueue(undoSwipeMutation, { eventId: data.eventId, toUserId: step.target });
    else if (step.op === 'goal') await outbox.enqueue(goalMutation, { eventId: data.eventId, goal: step.goal });
    else if (step.op === 'pause') await sleep(step.ms);
    else if (step.op === 'offline') {
      proxy.setOffline(true);
      troubles.push(sleep(step.ms).then(() => proxy.setOffline(false)));
    } else if (step.op === 'kill') troubles.push(server.kill());
    else troubles.push(server.armCrash());
    // The screens start a drain after each write.
    if (step.op === 'swipe' || step.op === 'undo' || step.op === 'goal') void engine.syncNow();
  }
  await Promise.all(troubles);
  await server.up();
  const deadline = Date.now() + drainTimeoutMs;
  let left = await outbox.pendingCount();
  while (left > 0 && Date.now() < deadline) {
    await sleep(100);
    void engine.syncNow();
    left = await outbox.pendingCount();
  }
  engine.stop();
  proxy.setFaults(swiper.cookie, null);
  const leftovers = (await db.outbox.toArray()).map((r) => `${r.kind} ${r.state} after ${r.attempts} tries: ${r.lastStatus ?? ''} ${r.lastError ?? ''}`);
  db.close();
  return { failures, stuck: left, leftovers, acknowledged };
}

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const database = await openProcessDatabase(options.databaseUrl);
  try {
    const data = await database.withDatabase((db) => createSwipeEventData(db, new Date(), { swipers: options.seeds.length, targets: TARGETS }));
    const server = await superviseServer(database.serverEnv, options.leaseMs ?? CHAOS_LEASE_MS, log);
    const proxy = await startFaultProxy(server.port);
    const played: Array<{ schedule: Schedule; swiper: Swiper; client: ClientOutcome; faults: FaultCounts; ms: number }> = [];
    let deaths = 0;
    try {
      const playOne = async (seed: number, index: number) => {
        const scheduleStarted = performance.now();
        const schedule = makeSchedule(seed, data.targets);
        const swiper = data.swipers[index]!;
        const client = await play(schedule, swiper, data, proxy, server, options.drainTimeoutMs ?? 60_000);
        const ms = performance.now() - scheduleStarted;
        played.push({ schedule, swiper, client, faults: proxy.countsFor(swiper.cookie), ms });
        log(`seed ${seed}: played in ${(ms / 1000).toFixed(1)} s, ${client.stuck} left in the outbox`);
      };
      const parallel = Math.max(1, options.parallel ?? 1);
      for (let first = 0; first < options.seeds.length; first += parallel) {
        await Promise.all(options.seeds.slice(first, first + parallel).map((seed, i) => playOne(seed, first + i)));
      }
    } finally {
      deaths = server.deaths();
      await proxy.close();
      await server.stop();
    }
    const results = await database.withDatabase(async (db) => {
      const out: ScheduleResult[] = [];
      for (const { schedule, swiper, client, faults, ms } of played) {
        const landed = await checkLanded(db, schedule, swiper, data, client.acknowledged);
        const writes = schedule.steps.filter((s) => s.op === 'swipe' || s.op === 'undo' || s.op === 'goal').length;
        out.push({
          ...landed,
          seed: schedule.seed,
          writes,
          failures: client.failures,
          stuck: client.stuck,
          leftovers: client.leftovers,
          faults,
          ms,
        });
      }
      return out.sort((a, b) => options.seeds.indexOf(a.seed) - options.seeds.indexOf(b.seed));
    });
    return { database: database.label, results, deaths, ms: performance.now() - started };
  } finally {
    await database.close();
  }
}
