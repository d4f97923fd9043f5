import Dexie, { type EntityTable } from 'dexie';
import type { ProfileTextChanges } from '../../contract/user';
import { OUTBOX_DB_NAME } from './outbox-db-name';

/** The writes that must survive the venue (docs/architecture.md, "How data flows"). */
export type OutboxKind = 'swipe' | 'undo-swipe' | 'goal' | 'profile' | 'connection-note' | 'connect';
export type SwipeDirection = 'right' | 'left';

export interface SwipePayload {
  eventId: string;
  toUserId: string;
  direction: SwipeDirection;
}

/** An undo knows the interaction id when the swipe was already sent, otherwise only the other user. */
export interface UndoPayload {
  eventId: string;
  interactionId?: string;
  toUserId?: string;
}

export interface GoalPayload {
  eventId: string;
  goal: string;
}

/** Text edits of the member's own profile (name, About, contact): one record holds them all. */
export interface ProfilePayload {
  changes: ProfileTextChanges;
}

/** The member's private note on a connection; '' removes it. */
export interface ConnectionNotePayload {
  /** The connection the note is about. */
  aboutUserId: string;
  note: string;
}

/** Connecting through a member's share link (a QR code scanned, or Connect pressed, without network). */
export interface ConnectPayload {
  /** The member whose link it is. */
  userId: string;
  /** The link's share secret. */
  secret: string;
}

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

export type OutboxRecord =
  | (OutboxBase & { kind: 'swipe'; payload: SwipePayload })
  | (OutboxBase & { kind: 'undo-swipe'; payload: UndoPayload })
  | (OutboxBase & { kind: 'goal'; payload: GoalPayload })
  | (OutboxBase & { kind: 'profile'; payload: ProfilePayload })
  | (OutboxBase & { kind: 'connection-note'; payload: ConnectionNotePayload })
  | (OutboxBase & { kind: 'connect'; payload: ConnectPayload });

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
