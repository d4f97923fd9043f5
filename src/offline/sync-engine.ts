import type { InteractionResult, InteractionUser } from '../../contract/attendees';
import { IDEMPOTENCY_ERRORS } from '../../contract/errors';
import { OUTBOX_SYNC_MESSAGE } from '../../contract/sw-messages';
import { outboxDb, type OutboxDb, type OutboxRecord } from './db';
import { defaultLock, type LockFn } from './lock';
import { backoffDelay, classifyStatus, parseRetryAfter } from './retry';
import { fetchSend, type SendFn, type SendResponse } from './send';

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
  /** Timer for the earliest nextAttemptAt; returns a cancel function. */
  schedule?: (delayMs: number, fn: () => void) => () => void;
  /** Wait before trying again when another tab holds the (lease) lock. */
  lockRetryMs?: number;
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

function reasonOf(response: SendResponse): string {
  const body = response.body;
  if (typeof body === 'object' && body !== null) {
    const error = (body as Record<string, unknown>).error;
    if (typeof error === 'string' && error !== '') return error;
  }
  return response.status === 0 ? 'The server could not be reached.' : `The server refused this change (${response.status}).`;
}

function interactionsOf(body: unknown): { id: string; toUser?: { id?: string } }[] {
  if (Array.isArray(body)) return body as { id: string; toUser?: { id?: string } }[];
  if (typeof body === 'object' && body !== null) {
    const list = Object.values(body).find(Array.isArray);
    if (list) return list as { id: string; toUser?: { id?: string } }[];
  }
  return [];
}

const NOTHING_TO_DO: SendResponse = { status: 204, body: null, retryAfter: null };

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { userId } = options;
  const db = options.db ?? outboxDb();
  const send = options.send ?? fetchSend;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const lock = options.lock ?? defaultLock(db);
  const schedule = options.schedule ?? defaultSchedule;
  const lockRetryMs = options.lockRetryMs ?? 2_000;
  const report = (result: SyncResult) => {
    try {
      options.onResult?.(result);
    } catch {
      // A UI callback must not stop the drain.
    }
  };

  let started = false;
  let paused = false;
  let draining: Promise<void> | null = null;
  let again = false;
  let cancelTimer: (() => void) | null = null;

  function setTimer(delayMs: number) {
    cancelTimer?.();
    cancelTimer = schedule(Math.max(0, delayMs), () => {
      cancelTimer = null;
      void trigger();
    });
  }

  const mine = () => db.outbox.where('[userId+createdAt]').between([userId, -Infinity], [userId, Infinity]);

  /** Sends one record's request(s); an undo that only knows the other member looks the interaction up. */
  async function deliver(record: OutboxRecord): Promise<SendResponse> {
    switch (record.kind) {
      case 'swipe': {
        const { eventId, toUserId, direction } = record.payload;
        return send({
          method: 'POST',
          path: `users/interactions/${direction === 'right' ? 'positive' : 'negative'}`,
          body: { toUserId, eventId },
          idempotencyKey: record.id,
        });
      }
      case 'undo-swipe': {
        let { interactionId } = record.payload;
        if (interactionId === undefined) {
          const listed = await send({ method: 'GET', path: `users/interactions/${record.payload.eventId}` });
          if (classifyStatus(listed.status) !== 'done') return listed;
          interactionId = interactionsOf(listed.body).find((i) => i.toUser?.id === record.payload.toUserId)?.id;
          // No interaction with them: the state the member asked for already holds.
          if (interactionId === undefined) return NOTHING_TO_DO;
        }
        const deleted = await send({ method: 'DELETE', path: `users/interactions/${interactionId}`, idempotencyKey: record.id });
        // Already gone is what an undo wants.
        return deleted.status === 404 ? NOTHING_TO_DO : deleted;
      }
      case 'goal':
        return send({
          method: 'PATCH',
          path: `events/${record.payload.eventId}/attendee`,
          body: { goal: record.payload.goal },
          idempotencyKey: record.id,
        });
    }
  }

  /** Claims the oldest due record of this member (pending -> sending), or says when the next is due. */
  async function claimNext(): Promise<OutboxRecord | { dueAt: number } | null> {
    return db.transaction('rw', db.outbox, async () => {
      const next = await mine()
        .filter((r) => r.state === 'pending')
        .first();
      if (!next) return null;
      if (next.nextAttemptAt > now()) return { dueAt: next.nextAttemptAt };
      await db.outbox.update(next.id, { state: 'sending' });
      return { ...next, state: 'sending' } as OutboxRecord;
    });
  }

  async function drainOnce(): Promise<void> {
    // We hold the exclusive lock, so a record still 'sending' was left by a holder that died between
    // send and acknowledgement: resend it with the same id; the Idempotency-Key makes that safe.
    await db.outbox.where('[userId+state]').equals([userId, 'sending']).modify({ state: 'pending' });
    // Strict order per member: the oldest record goes first and one waiting for its retry holds the rest.
    while (started && !paused) {
      const next = await claimNext();
      if (next === null) return;
      if (!('id' in next)) {
        setTimer(next.dueAt - now());
        return;
      }
      const response = await deliver(next);
      // The same key is still being applied by an earlier send (a replay overlapping the original):
      // not a refusal, the answer will be there in a moment.
      const inProgress = response.status === 409 && reasonOf(response) === IDEMPOTENCY_ERRORS.inProgress;
      const outcome = inProgress ? 'retry' : classifyStatus(response.status);
      if (outcome === 'done') {
        await db.outbox.delete(next.id);
        const newConnection =
          next.kind === 'swipe' ? ((response.body as Partial<InteractionResult> | null)?.newConnection ?? null) : null;
        report({ type: 'sent', record: next, body: response.body, newConnection });
      } else if (outcome === 'pause') {
        await db.outbox.update(next.id, { state: 'pending', lastError: reasonOf(response) });
        paused = true;
        report({ type: 'paused' });
        return;
      } else if (outcome === 'fail') {
        const reason = reasonOf(response);
        await db.outbox.update(next.id, { state: 'failed', lastError: reason, failureStatus: response.status });
        report({ type: 'failed', record: next, reason, status: response.status });
      } else {
        const attempts = next.attempts + 1;
        const jittered = backoffDelay(attempts, random);
        const retryAfter =
          response.status === 429 || response.status === 503 || inProgress ? parseRetryAfter(response.retryAfter, now()) : null;
        const delay = retryAfter ?? jittered;
        await db.outbox.update(next.id, {
          state: 'pending',
          attempts,
          nextAttemptAt: now() + delay,
          lastError: reasonOf(response),
          lastStatus: response.status,
        });
      }
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

  /**
   * Tries made while the device had no network grew the backoff (up to minutes), though the server
   * never saw them: when the network returns, records that only missed the network are due at once.
   */
  async function networkReturned(): Promise<void> {
    try {
      await db.outbox
        .where('[userId+state]')
        .equals([userId, 'pending'])
        .filter((r) => r.lastStatus === 0)
        .modify({ attempts: 0, nextAttemptAt: now() });
    } catch {
      // Storage unavailable: the records keep their schedule.
    }
    await trigger();
  }

  const onOnline = () => void networkReturned();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void trigger();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTBOX_SYNC_MESSAGE) void trigger();
  };
  const worker = () => (typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined);

  return {
    start() {
      if (started) return;
      started = true;
      if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
      worker()?.addEventListener('message', onWorkerMessage);
      void trigger();
    },
    stop() {
      started = false;
      cancelTimer?.();
      cancelTimer = null;
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
      worker()?.removeEventListener('message', onWorkerMessage);
    },
    syncNow: () => trigger(),
    resume() {
      paused = false;
      return trigger();
    },
    isPaused: () => paused,
  };
}
