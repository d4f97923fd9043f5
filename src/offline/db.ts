import Dexie, { type EntityTable } from 'dexie';
import { OUTBOX_DB_NAME } from './outbox-db-name';

/**
 * The payload of each kind of write that must survive the venue (docs/architecture.md, "Writes
 * that must survive the venue"), by kind. Empty here: each kind's module in mutations/ adds its
 * own entry by declaration merging, so a new kind is that module alone and the record types below
 * follow from it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface OutboxPayloads {}

export type OutboxKind = keyof OutboxPayloads;

export type OutboxState = 'pending' | 'sending' | 'failed';

interface OutboxBase {
  /** A UUID, also the Idempotency-Key of every replay of this record. */
  id: string;
  /** The member who queued it: records of another member are never sent. */
  userId: string;
  /** Epoch ms, strictly increasing across the database so it fixes the drain order. */
  createdAt: number;
  /** Sends that ended in a retryable failure. */
  attempts: number;
  /** Epoch ms before which the record is not sent again. */
  nextAttemptAt: number;
  lastError: string | null;
  /** The status of the last retryable failure; 0 when no answer came (offline, reset). */
  lastStatus?: number;
  state: OutboxState;
  /** The HTTP status that made the record failed (state 'failed'). */
  failureStatus?: number;
}

export type OutboxRecord = { [K in OutboxKind]: OutboxBase & { kind: K; payload: OutboxPayloads[K] } }[OutboxKind];

/** A lease on a named lock, the fallback where the Web Locks API is missing. */
export interface LeaseRecord {
  name: string;
  owner: string;
  expiresAt: number;
}

export type OutboxDb = Dexie & {
  outbox: EntityTable<OutboxRecord, 'id'>;
  leases: EntityTable<LeaseRecord, 'name'>;
};

/** Opens (lazily, on first use) the outbox database; tests pass their own name. */
export function createOutboxDb(name: string = OUTBOX_DB_NAME): OutboxDb {
  const db = new Dexie(name) as OutboxDb;
  db.version(1).stores({
    // [userId+createdAt] drains one member's records in order; [userId+state] counts and lists.
    outbox: 'id, createdAt, [userId+createdAt], [userId+state], [userId+kind]',
    leases: 'name',
  });
  return db;
}

let shared: OutboxDb | null = null;

/** The app's single outbox database. */
export function outboxDb(): OutboxDb {
  shared ??= createOutboxDb();
  return shared;
}
