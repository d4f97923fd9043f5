import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { IDEMPOTENCY_TTL_DAYS } from '../../../contract/attendees';
import type { Database } from '../../db/schema';

/**
 * Idempotency-Key records (docs/architecture.md, 'How data flows'): the first answer to a replayable write is
 * kept per member and key in the database, so every API process answers a repeat the same way.
 * A record with status null is claimed: its request is still running.
 */

export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * The lease of a claim: a record still unanswered (status null) this long after its claim belongs
 * to a request that will never answer, and a retry of the same request takes the key over.
 *
 * Why: the claim is its own statement before the route's transaction, and the answer is stored
 * after it; a process killed in between (kill -9, OOM, power) leaves a claim nobody releases, and
 * without a lease every retry would get 409 'Request in progress' for 30 days: the outbox record
 * would never land.
 *
 * Why it is safe, and what it assumes:
 * - Requests finish well within the lease (a write takes milliseconds; the lease is 30 s), so an
 *   unanswered claim that old is one whose process died, not one still running. API processes'
 *   clocks agree to well within the lease (created_at is written from the process's clock).
 * - The takeover is one conditional update (status null and claimed before now - lease), so of
 *   several retries only one wins, across processes; the others wait for its answer as usual.
 * - The crash may have come after the route's effect committed and before its answer was stored,
 *   so the taking-over retry runs the route again. Every route behind an Idempotency-Key is safe to
 *   run again: the same swipe answers 200 with the existing interaction (one per member, target
 *   and event), a goal edit sets the same goal, and an undo of a gone interaction answers 404,
 *   which the outbox treats as done (src/offline/deliver-record.ts). A new replayable route must
 *   keep that property or write its answer in the transaction of its effect.
 * - Should a request ever outlive the lease after all, the retry runs it a second time at once,
 *   which the point above makes harmless; the last answer stored is the one replayed.
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;

/** What identifies a request for a key: method, path and body. */
export function requestHash(method: string, path: string, body: string): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${path}\n${body}`).digest('hex');
}

export interface StoredAnswer {
  status: number;
  body: string | null;
}

export type ClaimResult = { kind: 'claimed' } | { kind: 'mismatch' } | { kind: 'in-flight'; claimedAt: Date } | { kind: 'done'; answer: StoredAnswer };

/** What readKey finds: a claim result, or no record at all. */
export type KeyState = Exclude<ClaimResult, { kind: 'claimed' }> | { kind: 'gone' };

/** An in-flight claim older than the lease: its request died (see IDEMPOTENCY_LEASE_MS). */
export function leaseExpired(state: KeyState | ClaimResult, now: Date, leaseMs: number): boolean {
  return state.kind === 'in-flight' && state.claimedAt.getTime() < now.getTime() - leaseMs;
}

/**
 * Takes over the unanswered claims among `keys` (of requests with these hashes) whose lease ran out,
 * in one conditional update: of several retries only one sees the old created_at and wins.
 * Answers the keys it took.
 */
async function takeOverExpired(db: Kysely<Database>, userId: string, requests: KeyRequest[], now: Date, leaseMs: number): Promise<Set<string>> {
  if (requests.length === 0) return new Set();
  const pairs = sql.join(requests.map((r) => sql`(${r.key}::text, ${r.hash}::text)`));
  const taken = await sql<{ key: string }>`update idempotency_records r set created_at = ${now}::timestamptz
    from (values ${pairs}) as v(key, hash)
    where r.user_id = ${userId} and r.key = v.key and r.request_hash = v.hash
      and r.status is null and r.created_at < ${new Date(now.getTime() - leaseMs)}::timestamptz
    returning r.key`.execute(db);
  return new Set(taken.rows.map((row) => row.key));
}

/**
 * The insert that claims keys: new ones, and those whose record is older than the TTL, which count
 * as new (taken over in the same statement; the rest of the expired records goes in the
 * housekeeping sweep, not on every write). Returns the keys claimed.
 */
function insertClaims(db: Kysely<Database>, userId: string, requests: KeyRequest[], now: Date) {
  return db
    .insertInto('idempotency_records')
    .values(requests.map(({ key, hash }) => ({ user_id: userId, key, request_hash: hash, status: null, body: null, created_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key'])
        .doUpdateSet((eb) => ({ request_hash: eb.ref('excluded.request_hash'), status: null, body: null, created_at: eb.ref('excluded.created_at') }))
        .where('idempotency_records.created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
    )
    .returning('key');
}

/**
 * Claims the key for this request with an insert (the primary key makes only one claim win, across
 * processes), or takes over a claim whose lease ran out. Otherwise says what the existing record
 * holds. A record older than the TTL counts as none.
 */
export async function claimKey(
  db: Kysely<Database>,
  userId: string,
  key: string,
  hash: string,
  now: Date,
  leaseMs: number = IDEMPOTENCY_LEASE_MS,
): Promise<ClaimResult> {
  // A record released between the insert and the read is claimed again (a few tries at most).
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await insertClaims(db, userId, [{ key, hash }], now).executeTakeFirst();
    if (inserted) return { kind: 'claimed' };
    const state = await readKey(db, userId, key, hash);
    if (leaseExpired(state, now, leaseMs)) {
      if ((await takeOverExpired(db, userId, [{ key, hash }], now, leaseMs)).has(key)) return { kind: 'claimed' };
      // Another retry took it over first: read again.
      continue;
    }
    if (state.kind !== 'gone') return state;
  }
  return { kind: 'in-flight', claimedAt: now };
}

/** The state of a key claimed by another request ('gone' when the record went away meanwhile). */
export async function readKey(db: Kysely<Database>, userId: string, key: string, hash: string): Promise<KeyState> {
  const row = await db
    .selectFrom('idempotency_records')
    .select(['request_hash', 'status', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return { kind: 'gone' };
  if (row.request_hash !== hash) return { kind: 'mismatch' };
  if (row.status === null) return { kind: 'in-flight', claimedAt: new Date(row.created_at) };
  return { kind: 'done', answer: { status: row.status, body: row.body } };
}

/** Stores the answer of the claimed request. */
export async function storeAnswer(db: Kysely<Database>, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.updateTable('idempotency_records').set({ status: answer.status, body: answer.body }).where('user_id', '=', userId).where('key', '=', key).execute();
}

/** Gives the key up (the request failed with a 5xx or an exception): a retry runs again. */
export async function releaseKey(db: Kysely<Database>, userId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_records').where('user_id', '=', userId).where('key', '=', key).where('status', 'is', null).execute();
}

/** One key of a batch with the hash of the single request it stands for. */
export interface KeyRequest {
  key: string;
  hash: string;
}

/**
 * claimKey for many keys at once (the batch endpoint): one insert for all of them, one
 * read of those another request holds and one takeover of those whose lease ran out. A key whose
 * record went away between the insert and the read counts as in flight, so the caller's next round
 * claims it.
 */
export async function claimKeys(
  db: Kysely<Database>,
  userId: string,
  requests: KeyRequest[],
  now: Date,
  leaseMs: number = IDEMPOTENCY_LEASE_MS,
): Promise<Map<string, ClaimResult>> {
  const states = new Map<string, ClaimResult>();
  if (requests.length === 0) return states;
  const inserted = await insertClaims(db, userId, requests, now).execute();
  for (const { key } of inserted) states.set(key, { kind: 'claimed' });
  const others = requests.filter(({ key }) => !states.has(key));
  if (others.length === 0) return states;
  const rows = await db
    .selectFrom('idempotency_records')
    .select(['key', 'request_hash', 'status', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .where(
      'key',
      'in',
      others.map(({ key }) => key),
    )
    .execute();
  const found = new Map(rows.map((row) => [row.key, row]));
  for (const { key, hash } of others) {
    const row = found.get(key);
    // The order of readKey: another request under the key is a mismatch even while it runs.
    if (!row) states.set(key, { kind: 'in-flight', claimedAt: now });
    else if (row.request_hash !== hash) states.set(key, { kind: 'mismatch' });
    else if (row.status === null) states.set(key, { kind: 'in-flight', claimedAt: new Date(row.created_at) });
    else states.set(key, { kind: 'done', answer: { status: row.status, body: row.body } });
  }
  const expired = others.filter(({ key }) => leaseExpired(states.get(key)!, now, leaseMs));
  for (const key of await takeOverExpired(db, userId, expired, now, leaseMs)) states.set(key, { kind: 'claimed' });
  return states;
}

/** storeAnswer for many claimed keys in one statement; runs in the transaction of their effect. */
export async function storeAnswers(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  answers: Array<{ key: string } & StoredAnswer>,
): Promise<void> {
  if (answers.length === 0) return;
  const rows = sql.join(answers.map((a) => sql`(${a.key}::text, ${a.status}::int, ${a.body}::text)`));
  await sql`update idempotency_records r set status = v.status, body = v.body
    from (values ${rows}) as v(key, status, body)
    where r.user_id = ${userId} and r.key = v.key`.execute(db);
}

/** releaseKey for many keys. */
export async function releaseKeys(db: Kysely<Database>, userId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('idempotency_records').where('user_id', '=', userId).where('key', 'in', keys).where('status', 'is', null).execute();
}
