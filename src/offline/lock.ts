import type { OutboxDb } from './db';

export const OUTBOX_LOCK_NAME = 'mingle-outbox';

/**
 * Runs fn while holding the outbox's exclusive lock. Resolves true when fn ran, false when another
 * holder has it and this caller should try again later (the lease fallback never waits).
 */
export type LockFn = (fn: () => Promise<void>) => Promise<boolean>;

/** The Web Locks API (one tab drains at a time; the lock dies with its tab), or null where missing. */
export function webLock(name: string = OUTBOX_LOCK_NAME): LockFn | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return async (fn) => {
    await locks.request(name, () => fn());
    return true;
  };
}

export interface LeaseLockOptions {
  db: OutboxDb;
  name?: string;
  /** This holder's identity (a tab); a fresh UUID by default. */
  owner?: string;
  /** How long a lease lasts without renewal; a crashed holder's lease is taken over after it. */
  ttlMs?: number;
  now?: () => number;
}

/**
 * The fallback where Web Locks is missing: a lease record in IndexedDB with an expiry, taken in a
 * readwrite transaction (IndexedDB serialises those across tabs), renewed while fn runs.
 */
export function leaseLock(options: LeaseLockOptions): LockFn {
  const { db } = options;
  const name = options.name ?? OUTBOX_LOCK_NAME;
  const owner = options.owner ?? crypto.randomUUID();
  const ttlMs = options.ttlMs ?? 30_000;
  const now = options.now ?? Date.now;

  const renew = () =>
    db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(name);
      if (lease?.owner === owner) await db.leases.put({ name, owner, expiresAt: now() + ttlMs });
    });

  return async (fn) => {
    const acquired = await db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get(name);
      if (lease && lease.owner !== owner && lease.expiresAt > now()) return false;
      await db.leases.put({ name, owner, expiresAt: now() + ttlMs });
      return true;
    });
    if (!acquired) return false;
    const timer = setInterval(() => void renew().catch(() => {}), Math.max(1_000, ttlMs / 3));
    try {
      await fn();
    } finally {
      clearInterval(timer);
      await db
        .transaction('rw', db.leases, async () => {
          const lease = await db.leases.get(name);
          if (lease?.owner === owner) await db.leases.delete(name);
        })
        .catch(() => {});
    }
    return true;
  };
}

/** Web Locks where the browser has them, else the IndexedDB lease. */
export function defaultLock(db: OutboxDb): LockFn {
  return webLock() ?? leaseLock({ db });
}
