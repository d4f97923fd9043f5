import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { IDEMPOTENCY_TTL_DAYS } from '../../contract/attendees';
import type { Database } from '../db/schema';

/**
 * Idempotency-Key records (DESIGN.md, 'How data flows'): the first answer to a replayable write is
 * kept per member and key in the database, so every API process answers a repeat the same way.
 * A record with status null is claimed: its request is still running.
 */

export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_TTL_DAYS * 24 * 60 * 60 * 1000;

/** What identifies a request for a key: method, path and body. */
export function requestHash(method: string, path: string, body: string): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${path}\n${body}`).digest('hex');
}

export interface StoredAnswer {
  status: number;
  body: string | null;
}

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'mismatch' }
  | { kind: 'in-flight' }
  | { kind: 'done'; answer: StoredAnswer };

/** What readKey finds: a claim result, or no record at all. */
export type KeyState = Exclude<ClaimResult, { kind: 'claimed' }> | { kind: 'gone' };

/**
 * Claims the key for this request with an insert (the primary key makes only one claim win, across
 * processes). Otherwise says what the existing record holds. The member's expired records are swept
 * first (an index range of the primary key), so an old key counts as new.
 */
export async function claimKey(
  db: Kysely<Database>,
  userId: string,
  key: string,
  hash: string,
  now: Date,
): Promise<ClaimResult> {
  await db
    .deleteFrom('idempotency_records')
    .where('user_id', '=', userId)
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .execute();
  // A record released between the insert and the read is claimed again (a few tries at most).
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('idempotency_records')
      .values({ user_id: userId, key, request_hash: hash, status: null, body: null, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed' };
    const state = await readKey(db, userId, key, hash);
    if (state.kind !== 'gone') return state;
  }
  return { kind: 'in-flight' };
}

/** The state of a key claimed by another request ('gone' when the record went away meanwhile). */
export async function readKey(db: Kysely<Database>, userId: string, key: string, hash: string): Promise<KeyState> {
  const row = await db
    .selectFrom('idempotency_records')
    .select(['request_hash', 'status', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return { kind: 'gone' };
  if (row.request_hash !== hash) return { kind: 'mismatch' };
  if (row.status === null) return { kind: 'in-flight' };
  return { kind: 'done', answer: { status: row.status, body: row.body } };
}

/** Stores the answer of the claimed request. */
export async function storeAnswer(db: Kysely<Database>, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db
    .updateTable('idempotency_records')
    .set({ status: answer.status, body: answer.body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Gives the key up (the request failed with a 5xx or an exception): a retry runs again. */
export async function releaseKey(db: Kysely<Database>, userId: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_records')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status', 'is', null)
    .execute();
}

/** One key of a batch with the hash of the single request it stands for. */
export interface KeyRequest {
  key: string;
  hash: string;
}

/**
 * claimKey for many keys at once (the batch endpoint): one sweep, one insert for all of them and
 * one read of those another request holds. A key whose record went away between the insert and the
 * read counts as in flight, so the caller's next round claims it.
 */
export async function claimKeys(
  db: Kysely<Database>,
  userId: string,
  requests: KeyRequest[],
  now: Date,
): Promise<Map<string, ClaimResult>> {
  const states = new Map<string, ClaimResult>();
  if (requests.length === 0) return states;
  await db
    .deleteFrom('idempotency_records')
    .where('user_id', '=', userId)
    .where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .execute();
  const inserted = await db
    .insertInto('idempotency_records')
    .values(requests.map(({ key, hash }) => ({ user_id: userId, key, request_hash: hash, status: null, body: null, created_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .execute();
  for (const { key } of inserted) states.set(key, { kind: 'claimed' });
  const others = requests.filter(({ key }) => !states.has(key));
  if (others.length === 0) return states;
  const rows = await db
    .selectFrom('idempotency_records')
    .select(['key', 'request_hash', 'status', 'body'])
    .where('user_id', '=', userId)
    .where('key', 'in', others.map(({ key }) => key))
    .execute();
  const found = new Map(rows.map((row) => [row.key, row]));
  for (const { key, hash } of others) {
    const row = found.get(key);
    // The order of readKey: another request under the key is a mismatch even while it runs.
    if (!row) states.set(key, { kind: 'in-flight' });
    else if (row.request_hash !== hash) states.set(key, { kind: 'mismatch' });
    else if (row.status === null) states.set(key, { kind: 'in-flight' });
    else states.set(key, { kind: 'done', answer: { status: row.status, body: row.body } });
  }
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
  await db
    .deleteFrom('idempotency_records')
    .where('user_id', '=', userId)
    .where('key', 'in', keys)
    .where('status', 'is', null)
    .execute();
}
