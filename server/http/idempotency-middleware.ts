import type { MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../contract/attendees';
import { IDEMPOTENCY_ERRORS } from '../../contract/errors';
import {
  claimKey,
  claimKeys,
  IDEMPOTENCY_LEASE_MS,
  type KeyRequest,
  leaseExpired,
  readKey,
  type ClaimResult,
  releaseKey,
  requestHash,
  storeAnswer,
  type StoredAnswer,
} from '../services/idempotency/claim-store';
import { ApiError } from './api-error';
import type { AppDeps, AppEnv } from './app-env';
import { isUuid } from './path-ids';

/** How long a duplicate waits for the first request's answer before 409 'Request in progress'. */
export const IDEMPOTENCY_WAIT_MS = 5000;
const POLL_MS = 50;

export const REPLAYED_HEADER = 'Idempotent-Replayed';

const leaseOf = (deps: AppDeps) => deps.idempotency?.leaseMs ?? IDEMPOTENCY_LEASE_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function replay(answer: StoredAnswer): Response {
  const headers = new Headers({ [REPLAYED_HEADER]: 'true' });
  if (answer.body) headers.set('Content-Type', 'application/json');
  return new Response(answer.body || null, { status: answer.status, headers });
}

/**
 * Makes a replayable write (the outbox's swipes, undo and goal edits) apply at most once per member
 * and Idempotency-Key. Runs after requireUser. Without the header the route runs as usual.
 *
 * - The key is claimed with an insert before the route runs (status null: in flight). A claim left
 *   unanswered for longer than the lease (its process died) is taken over by a retry
 *   (services/idempotency/claim-store.ts, IDEMPOTENCY_LEASE_MS: why that is safe).
 * - The route's answer is stored when its status is below 500; a 5xx or an exception releases the
 *   key, so a retry runs the request again.
 * - A repeat gets the stored status and body with Idempotent-Replayed: true; the same key with
 *   another method, path or body is 422; a duplicate of a request still running polls for its
 *   answer for up to IDEMPOTENCY_WAIT_MS, then answers 409 with Retry-After: 1.
 */
export function idempotent(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!isUuid(key)) throw new ApiError(400, IDEMPOTENCY_ERRORS.invalidKey, { field: IDEMPOTENCY_HEADER });
    const normalizedKey = key.toLowerCase();
    const userId = c.get('userId');
    const hash = requestHash(c.req.method, c.req.path, await c.req.text());

    const leaseMs = leaseOf(deps);
    const claim = () => claimKey(deps.db, userId, normalizedKey, hash, deps.clock(), leaseMs);
    let state: ClaimResult = await claim();
    const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
    while (state.kind === 'in-flight') {
      if (Date.now() >= deadline) {
        throw new ApiError(409, IDEMPOTENCY_ERRORS.inProgress, { headers: { 'Retry-After': '1' } });
      }
      await sleep(POLL_MS);
      const seen = await readKey(deps.db, userId, normalizedKey, hash);
      // The first request failed and let the key go, or its lease ran out while we waited: this one may run it.
      state = seen.kind === 'gone' || leaseExpired(seen, deps.clock(), leaseMs) ? await claim() : seen;
    }
    if (state.kind === 'mismatch') throw new ApiError(422, IDEMPOTENCY_ERRORS.keyReused);
    if (state.kind === 'done') return replay(state.answer);
    deps.idempotency?.afterClaim?.();

    try {
      await next();
    } catch (error) {
      await releaseKey(deps.db, userId, normalizedKey);
      throw error;
    }
    const status = c.res.status;
    if (status >= 500) {
      await releaseKey(deps.db, userId, normalizedKey);
      return;
    }
    const body = await c.res.clone().text();
    await storeAnswer(deps.db, userId, normalizedKey, { status, body: body || null });
  };
}

/** What a batch item's key allows: run it, or answer it without running (stored answer, 422, 409). */
export type BatchKeyState = { kind: 'claimed' } | { kind: 'answered'; answer: StoredAnswer };

/** The answers the middleware gives for a key it does not run, as stored answers (JSON text). */
const keyReusedAnswer = (): StoredAnswer => ({ status: 422, body: JSON.stringify(new ApiError(422, IDEMPOTENCY_ERRORS.keyReused).body) });
const inProgressAnswer = (): StoredAnswer => ({ status: 409, body: JSON.stringify(new ApiError(409, IDEMPOTENCY_ERRORS.inProgress).body) });

/**
 * The middleware's claim for the items of a batch, each under its own key and with the hash of the
 * single request it stands for: all keys are claimed in one round (claims whose lease ran out are
 * taken over, as by the middleware); keys another request is still running are claimed again
 * together each round for up to IDEMPOTENCY_WAIT_MS, then answered 409 'Request in progress'.
 * Keys must be distinct and lower case.
 */
export async function claimBatchKeys(deps: AppDeps, userId: string, requests: KeyRequest[]): Promise<Map<string, BatchKeyState>> {
  const states = new Map<string, BatchKeyState>();
  const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
  let open = requests;
  for (;;) {
    const claims = await claimKeys(deps.db, userId, open, deps.clock(), leaseOf(deps));
    const waiting: KeyRequest[] = [];
    for (const request of open) {
      const claim = claims.get(request.key);
      if (claim?.kind === 'claimed') states.set(request.key, { kind: 'claimed' });
      else if (claim?.kind === 'done') states.set(request.key, { kind: 'answered', answer: claim.answer });
      else if (claim?.kind === 'mismatch') states.set(request.key, { kind: 'answered', answer: keyReusedAnswer() });
      else waiting.push(request);
    }
    if (waiting.length === 0 || Date.now() >= deadline) {
      for (const { key } of waiting) states.set(key, { kind: 'answered', answer: inProgressAnswer() });
      if ([...states.values()].some((state) => state.kind === 'claimed')) deps.idempotency?.afterClaim?.();
      return states;
    }
    await sleep(POLL_MS);
    open = waiting;
  }
}
