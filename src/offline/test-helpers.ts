import { INTERACTION_BATCH_PATH, type InteractionBatchItem } from '../../contract/interaction-batch';
import { createOutboxDb, type OutboxDb } from './db';
import type { LockFn } from './lock';
import type { OutboxRequest, SendFn, SendResponse } from './send';

/** Test support (imported by *.test.ts only): a fresh database, a clock, a scripted network. */
export function freshDb(): OutboxDb {
  return createOutboxDb(`mingle-offline-test-${crypto.randomUUID()}`);
}

export function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, set: (v: number) => void (t = v), advance: (ms: number) => void (t += ms) };
}

/** The items of a batch request (POST users/interactions/batch), else null. */
export function batchItems(request: OutboxRequest): InteractionBatchItem[] | null {
  return request.path === INTERACTION_BATCH_PATH ? (request.body as { items: InteractionBatchItem[] }).items : null;
}

/** The Idempotency-Keys a list of requests carried, a batch's items counted one by one. */
export function sentKeys(requests: OutboxRequest[]): (string | undefined)[] {
  return requests.flatMap((r) => batchItems(r)?.map((i) => i.key) ?? [r.idempotencyKey]);
}

/** A batch's answer (200) with each item's status and body as `answer` gives them. */
export function batchAnswer(request: OutboxRequest, answer: (item: InteractionBatchItem) => { status: number; body?: unknown }): Partial<SendResponse> {
  const results = (batchItems(request) ?? []).map((item) => {
    const { status, body = {} } = answer(item);
    return { key: item.key, status, body };
  });
  return { status: 200, body: { results } };
}

export interface FakeNetwork {
  send: SendFn;
  requests: OutboxRequest[];
  /** Answers the next calls in order; then the default. */
  queue(...responses: Partial<SendResponse>[]): void;
  setDefault(reply: (request: OutboxRequest) => Partial<SendResponse>): void;
}

export function fakeNetwork(): FakeNetwork {
  const requests: OutboxRequest[] = [];
  const queued: Partial<SendResponse>[] = [];
  // By default every write succeeds, each item of a batch too.
  let fallback: (request: OutboxRequest) => Partial<SendResponse> = (request) =>
    batchItems(request) ? batchAnswer(request, () => ({ status: 201 })) : { status: 200, body: {} };
  return {
    requests,
    queue: (...responses) => void queued.push(...responses),
    setDefault: (reply) => void (fallback = reply),
    send: async (request) => {
      requests.push(request);
      const reply = queued.shift() ?? fallback(request);
      return { status: reply.status ?? 200, body: reply.body ?? null, retryAfter: reply.retryAfter ?? null };
    },
  };
}

/** An in-process mutex standing in for navigator.locks: callers wait their turn. */
export function memoryLock(): LockFn {
  let tail: Promise<unknown> = Promise.resolve();
  return (fn) => {
    const run = tail.then(fn);
    tail = run.catch(() => {});
    return run.then(() => true);
  };
}

/** Collects scheduled timers instead of running them. */
export function manualTimers() {
  const timers: { delayMs: number; fn: () => void; cancelled: boolean }[] = [];
  return {
    timers,
    schedule: (delayMs: number, fn: () => void) => {
      const timer = { delayMs, fn, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
    active: () => timers.filter((t) => !t.cancelled),
  };
}
