import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PIN_LENGTH } from '../../../contract/limits';
import type { Database } from '../../db/schema';
import type { PinPurpose } from '../../db/tables/members';

export const PIN_TTL_MS = 10 * 60 * 1000;
/** Wrong tries after which a code is burnt, even for the right digits. */
export const PIN_MAX_ATTEMPTS = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generatePin(): string {
  return randomInt(0, 10 ** PIN_LENGTH)
    .toString()
    .padStart(PIN_LENGTH, '0');
}

/**
 * Stored as "salt$sha256(salt:code)" with a random salt per code, so a database dump does not
 * show codes and equal codes do not look equal. A 6-digit code could still be found by trying
 * all million values against a leaked hash; what protects it is the 10-minute life, single use
 * and the 5-try limit. (An HMAC with a server secret would add nothing without a secret to manage.)
 */
export function hashPin(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function pinMatches(code: string, stored: string): boolean {
  const salt = stored.split('$')[0] ?? '';
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashPin(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

interface PinTarget {
  email: string;
  purpose: PinPurpose;
}

/** Stores a new code for the address and purpose and returns it (to be mailed). */
export async function issuePin(db: Kysely<Database>, target: PinTarget, now: Date): Promise<{ id: string; code: string }> {
  const code = generatePin();
  const row = await db
    .insertInto('pin_codes')
    .values({
      email: target.email,
      purpose: target.purpose,
      code_hash: hashPin(code),
      created_at: now,
      expires_at: new Date(now.getTime() + PIN_TTL_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

/**
 * Once a new code is mailed, the older ones stop working: only the latest mail counts. Done after
 * sending, so a failed send leaves the previous code usable; only codes older than this one are
 * touched, so two requests racing cannot cancel each other's code.
 */
export async function supersedeOlderPins(db: Kysely<Database>, target: PinTarget, keepId: string, now: Date): Promise<void> {
  const kept = db.selectFrom('pin_codes').select('created_at').where('id', '=', keepId);
  await db
    .updateTable('pin_codes')
    .set({ consumed_at: now })
    .where('email', '=', target.email)
    .where('purpose', '=', target.purpose)
    .where('consumed_at', 'is', null)
    .where('id', '!=', keepId)
    .where('created_at', '<=', kept)
    .execute();
}

export async function discardPin(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('pin_codes').where('id', '=', id).execute();
}

/**
 * - 'ok': the code matched and is now used up.
 * - 'invalid': wrong digits; the try is counted (and by the caller against the address's ceiling).
 * - 'expired': there is no usable code: none was requested, it timed out, it was used, a newer
 *   one replaced it, or it was burnt by 5 wrong tries; also the digits of such an older code. The client answers all of these the same
 *   way (back to the form to request a new code), so they share one answer.
 */
export type PinCheck = 'ok' | 'invalid' | 'expired';

/** Codes of the address and purpose issued within a code's life, other than the latest. */
async function matchesAnOlderCode(db: Kysely<Database>, target: PinTarget, pin: string, latestId: string, now: Date): Promise<boolean> {
  const older = await db
    .selectFrom('pin_codes')
    .select('code_hash')
    .where('email', '=', target.email)
    .where('purpose', '=', target.purpose)
    .where('id', '!=', latestId)
    .where('created_at', '>', new Date(now.getTime() - PIN_TTL_MS))
    .execute();
  return older.some((row) => pinMatches(pin, row.code_hash));
}

/** Checks a code against the latest one for the address and purpose. Run inside a transaction. */
export async function consumePin(db: Kysely<Database>, target: PinTarget, pin: string, now: Date): Promise<PinCheck> {
  const latest = await db
    .selectFrom('pin_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('email', '=', target.email)
    .where('purpose', '=', target.purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!latest || latest.expires_at.getTime() <= now.getTime() || latest.attempts >= PIN_MAX_ATTEMPTS) {
    return 'expired';
  }
  if (!pinMatches(pin, latest.code_hash)) {
    // An older code of this address, replaced by a newer mail or used already, is a mix-up, not a
    // guess: it says 'Pin expired' and costs the newest code none of its 5 tries.
    if (await matchesAnOlderCode(db, target, pin, latest.id, now)) return 'expired';
    await db
      .updateTable('pin_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', latest.id)
      .execute();
    return 'invalid';
  }
  await db.updateTable('pin_codes').set({ consumed_at: now }).where('id', '=', latest.id).execute();
  return 'ok';
}
