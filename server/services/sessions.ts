import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** last_seen_at is written at most this often, so reading pages does not mean writing rows. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** The cookie holds 256 random bits; the database holds only their SHA-256. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Kysely<Database>, userId: string, now: Date): Promise<string> {
  const token = newSessionToken();
  await db
    .insertInto('sessions')
    .values({ id_hash: hashSessionToken(token), user_id: userId, created_at: now, last_seen_at: now })
    .execute();
  return token;
}

export interface ActiveSession {
  idHash: string;
  userId: string;
  lastSeenAt: Date;
}

/** The session behind a cookie value, if it is not revoked and was used within the idle window. */
export async function findActiveSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
  idleMs: number,
): Promise<ActiveSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['id_hash', 'user_id', 'last_seen_at'])
    .where('id_hash', '=', hashSessionToken(token))
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>', new Date(now.getTime() - idleMs))
    .executeTakeFirst();
  return row ? { idHash: row.id_hash, userId: row.user_id, lastSeenAt: row.last_seen_at } : null;
}

export async function touchSession(db: Kysely<Database>, idHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function revokeSession(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  if (!TOKEN_SHAPE.test(token)) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id_hash', '=', hashSessionToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}
