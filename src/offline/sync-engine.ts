import type { InteractionResult, InteractionUser } from '../../contract/attendees';
import { INTERACTION_BATCH_MAX } from '../../contract/interaction-batch';
import { outboxDb, type OutboxDb, type OutboxRecord } from './db';
import { defaultLock, type LockFn } from './lock';
import { deliverRecord } from './mutations/registry';
import type { Answered, RecordOf } from './mutations/mutation';
import { batchItemAnswers, sendSwipeBatch } from './mutations/swipe-batch';
import { recordChange, type RecordChange } from './record-outcome';
import { backoffDelay, classifyStatus } from './retry';
import { fetchSend, type SendFn, type SendResponse } from './send';
import { listenForWakeUps, offlineTriesDueNow } from './wake-ups';

/** What the engine reports to the UI. */
export type SyncResult =
  | {
      type: 'sent';
      record: OutboxRecord;
      body: unknown;
      /** For a positive swipe that completed a mutual like: toast 'Congratulations! 🎉'. */
      newConnection: InteractionUser | null;
    }
  | { type: 'failed'; record: OutboxRecord; reason: string; status: number }
  /** A 401: the outbox waits (records kept) until resume() after sign-in. */
  | { type: 'paused' };

export interface SyncEngineOptions {
  /** The signed-in member: only their records are sent. Create a new engine when it changes. */
  userId: string;
  send?: SendFn;
  db?: OutboxDb;
  now?: () => number;
  /** In [0, 1); the jitter of the backoff. */
  random?: () => number;
  /** Exclusive draining across tabs; Web Locks, else an IndexedDB lease. */
  lock?: LockFn;
  onResult?: (result: SyncResult) => void;
  /**
   * Every answer, before the engine writes what it does to the records: an accepted write reaches
   * the query cache before its record leaves the outbox, so no frame shows neither.
   */
  onAnswers?: (answers: Answered[]) => Promise<void>;
  /** Timer for the earliest nextAttemptAt; returns a cancel function. */
  schedule?: (delayMs: number, fn: () => void) => () => void;
  /** Wait before trying again when another tab holds the (lease) lock. */
  lockRetryMs?: number;
  /** False when the device surely has no network (default: navigator.onLine). */
  isOnline?: () => boolean;
}

export interface SyncEngine {
  /** Listens to 'online', visibility and service-worker messages, and drains now. */
  start(): void;
  stop(): void;
  /** Drains now (or joins the drain under way); resolves when this tab's drain ends. */
  syncNow(): Promise<void>;
  /** Ends a 401 pause (call after sign-in) and drains. */
  resume(): Promise<void>;
  isPaused(): boolean;
}

const defaultSchedule = (delayMs: number, fn: () => void) => {
  const id = setTimeout(fn, delayMs);
  return () => clearTimeout(id);
};

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { userId } = options;
  const db = options.db ?? outboxDb();
  const send = options.send ?? fetchSend;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const lock = options.lock ?? defaultLock(db);
  const schedule = options.schedule ?? defaultSchedule;
  const lockRetryMs = options.lockRetryMs ?? 2_000;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const report = (result: SyncResult) => {
    try {
      options.onResult?.(result);
    } catch {
      // A UI callback must not stop the drain.
    }
  };

  // A cache that cannot be written only means the next refetch shows the change.
  const answered = async (answers: Answered[]) => options.onAnswers?.(answers).catch(() => {});

  let started = false;
  let paused = false;
  let draining: Promise<void> | null = null;
  let again = false;
  let cancelTimer: (() => void) | null = null;
  /** Runs of swipes go as one batch until the server shows it has no batch path. */
  let batching = true;

  function setTimer(delayMs: number) {
    cancelTimer?.();
    cancelTimer = schedule(Math.max(0, delayMs), () => {
      cancelTimer = null;
      void trigger();
    });
  }

  const mine = () => db.outbox.where('[userId+createdAt]').between([userId, -Infinity], [userId, Infinity]);

  /**
   * Claims the oldest due record of this member (pending -> sending), or says when the next is due.
   * A due swipe at the head brings the due swipes right behind it (up to a batch; the first record
   * of another kind, or one waiting for its retry, ends the run so the order holds).
   */
  async function claimNext(): Promise<OutboxRecord[] | { dueAt: number } | null> {
    return db.transaction('rw', db.outbox, async () => {
      const head = await mine()
        .filter((r) => r.state === 'pending')
        .limit(batching ? INTERACTION_BATCH_MAX : 1)
        .toArray();
      const next = head[0];
      if (!next) return null;
      if (next.nextAttemptAt > now()) return { dueAt: next.nextAttemptAt };
      const run = [next];
      if (next.kind === 'swipe') {
        for (const record of head.slice(1)) {
          if (record.kind !== 'swipe' || record.nextAttemptAt > now()) break;
          run.push(record);
        }
      }
      await db.outbox.bulkUpdate(run.map((r) => ({ key: r.id, changes: { state: 'sending' as const } })));
      return run.map((r) => ({ ...r, state: 'sending' }) as OutboxRecord);
    });
  }

  /** How a record ended: 'pause' ends the drain, 'retry' holds the records behind it. */
  type Settled = RecordChange['kind'];

  const changesFor = (record: OutboxRecord, response: SendResponse, delayMs?: number, draw: () => number = random) =>
    recordChange(record, response, { now: now(), random: draw, delayMs });

  /** Applies one answer to its record: done, pause, failed or a retry later. */
  async function settle(record: OutboxRecord, response: SendResponse, update: RecordChange = changesFor(record, response)): Promise<Settled> {
    if (update.kind === 'done') await db.outbox.delete(record.id);
    else await db.outbox.update(record.id, update.changes);
    return finish(record, response, update);
  }

  /** Reports a settled record to the UI. */
  function finish(record: OutboxRecord, response: SendResponse, change: RecordChange): Settled {
    if (change.kind === 'done') {
      const newConnection = record.kind === 'swipe' ? ((response.body as Partial<InteractionResult> | null)?.newConnection ?? null) : null;
      report({ type: 'sent', record, body: response.body, newConnection });
    } else if (change.kind === 'pause') {
      if (!paused) report({ type: 'paused' });
      paused = true;
    } else if (change.kind === 'fail') {
      report({ type: 'failed', record, reason: change.reason, status: response.status });
    }
    return change.kind;
  }

  /**
   * Sends a run of swipes as one batch and settles each record by its item's answer, with bulk
   * writes. A failure of the request as a whole applies to every record; a server without the
   * batch path (404/405, an older server) or one that refuses the batch as such gets single sends.
   */
  async function deliverBatch(records: OutboxRecord[]): Promise<Settled> {
    const swipes = records as RecordOf<'swipe'>[];
    const response = await sendSwipeBatch(send, swipes);
    const answers = classifyStatus(response.status) === 'done' ? batchItemAnswers(response) : null;
    if (answers === null) {
      const whole = classifyStatus(response.status);
      if (whole === 'retry' || whole === 'pause') {
        // One delay for the run (a Retry-After spread by one draw too): the head record holds the others anyway.
        const delay = backoffDelay(Math.max(...swipes.map((r) => r.attempts)) + 1, random);
        const draw = random();
        return settleAll(swipes.map((record) => [record, response, changesFor(record, response, delay, () => draw)]));
      }
      if (response.status === 404 || response.status === 405) batching = false;
      return deliverEach(swipes);
    }
    const missing: SendResponse = { status: 0, body: null, retryAfter: null };
    const settled = swipes.map((record): [OutboxRecord, SendResponse, RecordChange] => {
      const answer = answers.get(record.id.toLowerCase()) ?? missing;
      return [record, answer, changesFor(record, answer)];
    });
    await answered(settled.map(([record, answer, change]) => ({ record, answer: { ...answer, outcome: change.kind } })));
    return settleAll(settled);
  }

  /** Writes the changes of many records in one transaction, then reports them in order. */
  async function settleAll(settled: [OutboxRecord, SendResponse, RecordChange][]): Promise<Settled> {
    await db.transaction('rw', db.outbox, async () => {
      await db.outbox.bulkDelete(settled.filter(([, , c]) => c.kind === 'done').map(([r]) => r.id));
      const updates = settled.flatMap(([r, , c]) => (c.kind === 'done' ? [] : [{ key: r.id, changes: c.changes }]));
      if (updates.length > 0) await db.outbox.bulkUpdate(updates);
    });
    let result: Settled = 'done';
    for (const [record, response, change] of settled) if (finish(record, response, change) === 'pause') result = 'pause';
    return result;
  }

  /** Sends one record as its kind says, hands the answer on, and settles the record by it. */
  async function deliverOne(record: OutboxRecord): Promise<Settled> {
    const answer = await deliverRecord(send, record);
    const change = changesFor(record, answer);
    await answered([{ record, answer: { ...answer, outcome: change.kind } }]);
    return settle(record, answer, change);
  }

  /** Single sends for a claimed run, in order; a record that must wait puts the rest back. */
  async function deliverEach(records: OutboxRecord[]): Promise<Settled> {
    for (const [index, record] of records.entries()) {
      const settled = await deliverOne(record);
      if (settled === 'pause' || settled === 'retry') {
        const rest = records.slice(index + 1).map((r) => ({ key: r.id, changes: { state: 'pending' as const } }));
        if (rest.length > 0) await db.outbox.bulkUpdate(rest);
        return settled;
      }
    }
    return 'done';
  }

  async function drainOnce(): Promise<void> {
    // We hold the exclusive lock, so a record still 'sending' was left by a holder that died between
    // send and acknowledgement: resend it with the same id; the Idempotency-Key makes that safe.
    await db.outbox.where('[userId+state]').equals([userId, 'sending']).modify({ state: 'pending' });
    // Strict order per member: the oldest record goes first and one waiting for its retry holds the rest.
    // Nothing is tried while the browser knows there is no network (navigator.onLine says true also
    // behind a captive portal, never false with a network): a try would only fail, and while a
    // record is out being sent, a swipe undone meanwhile can no longer simply be forgotten. The
    // 'online' event drains again.
    while (started && !paused && isOnline()) {
      const next = await claimNext();
      if (next === null) return;
      if (!Array.isArray(next)) {
        setTimer(next.dueAt - now());
        return;
      }
      const settled = next.length > 1 ? await deliverBatch(next) : await deliverOne(next[0]!);
      if (settled === 'pause') return;
    }
  }

  function trigger(): Promise<void> {
    if (!started || paused) return draining ?? Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          const ran = await lock(drainOnce);
          if (!ran) {
            setTimer(lockRetryMs);
            return;
          }
        } while (again && started && !paused);
      } catch {
        // IndexedDB or the lock failed (storage evicted, tab closing): try again later.
        if (started) setTimer(lockRetryMs);
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  let stopListening: (() => void) | null = null;

  return {
    start() {
      if (started) return;
      started = true;
      stopListening = listenForWakeUps({ online: () => void offlineTriesDueNow(db, userId, now()).then(trigger), wake: () => void trigger() });
      void trigger();
    },
    stop() {
      started = false;
      cancelTimer?.();
      cancelTimer = null;
      stopListening?.();
      stopListening = null;
    },
    syncNow: () => trigger(),
    resume() {
      paused = false;
      return trigger();
    },
    isPaused: () => paused,
  };
}
