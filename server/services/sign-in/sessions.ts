import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hasProAccess } from '../billing/access';

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
  /** Whether the member's subscription gives PRO access at the time asked (read in the same statement). */
  hasProAccess: boolean;
}

/** Whether a cookie value can be a session token at all (anything else is not looked up). */
export function isSessionTokenShape(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/**
 * SELECT of the session behind a well-formed cookie value, if it is not revoked and was used within
 * the idle window, with the member's subscription: nearly every signed-in answer depends on PRO
 * access, and one statement costs less than two. A list statement reads it as its first part
 * (http/signed-in-read.ts).
 */
export function activeSessionQuery(db: Kysely<Database>, token: string, now: Date, idleMs: number) {
  return activeSessionByHash(db, activeSessionKey(token, now, idleMs));
}

/** What finds a session: its token's hash, and the time before which an unused session has lapsed. */
export interface ActiveSessionKey {
  idHash: string;
  seenAfter: Date;
}

export function activeSessionKey(token: string, now: Date, idleMs: number): ActiveSessionKey {
  return { idHash: hashSessionToken(token), seenAfter: new Date(now.getTime() - idleMs) };
}

/** activeSessionQuery from the key itself, for a statement that reads the session with more (http/signed-in-read.ts). */
export function activeSessionByHash(db: Kysely<Database>, { idHash, seenAfter }: ActiveSessionKey) {
  return db
    .selectFrom('sessions as s')
    .leftJoin('subscriptions as sub', 'sub.user_id', 's.user_id')
    .select(['s.id_hash', 's.user_id', 's.last_seen_at', 'sub.status', 'sub.ends_at', 'sub.past_due_since'])
    .where('s.id_hash', '=', idHash)
    .where('s.revoked_at', 'is', null)
    .where('s.last_seen_at', '>', seenAfter);
}

export type ActiveSessionRow = Awaited<ReturnType<ReturnType<typeof activeSessionQuery>['executeTakeFirstOrThrow']>>;

export function toActiveSession(row: ActiveSessionRow, now: Date): ActiveSession {
  const { status, ends_at, past_due_since } = row;
  return {
    idHash: row.id_hash,
    userId: row.user_id,
    lastSeenAt: row.last_seen_at,
    hasProAccess: status !== null && hasProAccess({ status, ends_at, past_due_since }, now),
  };
}

/** The session behind a cookie value, if it is not revoked and was used within the idle window. */
export async function findActiveSession(db: Kysely<Database>, token: string, now: Date, idleMs: number): Promise<ActiveSession | null> {
  if (!isSessionTokenShape(token)) return null;
  const row = await activeSessionQuery(db, token, now, idleMs).executeTakeFirst();
  return row ? toActiveSession(row, now) : null;
}

export async function touchSession(db: Kysely<Database>, idHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function revokeSession(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  if (!isSessionTokenShape(token)) return;
  await db.updateTable('sessions').set({ revoked_at: now }).where('id_hash', '=', hashSessionToken(token)).where('revoked_at', 'is', null).execute();
}
