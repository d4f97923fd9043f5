import { liveQuery } from 'dexie';
import type { ProfileTextChanges } from '../../contract/user';
import { outboxDb, type OutboxDb, type OutboxRecord } from './db';
import type { ConnectPayload } from './mutations/connect';
import type { ConnectionNotePayload } from './mutations/connection-note';
import type { GoalPayload } from './mutations/goal';
import type { SwipePayload } from './mutations/swipe';
import type { UndoPayload } from './mutations/undo-swipe';
import { markOutboxAdding, readOutboxSummary, recountAfterAdd, settleOutboxSummary } from './outbox-summary';

export interface OutboxOptions {
  /** The signed-in member; every record is stamped with it and only theirs are listed. */
  userId: string;
  db?: OutboxDb;
  now?: () => number;
  newId?: () => string;
}

export type EnqueueUndoInput = { eventId: string } & ({ interactionId: string; toUserId?: string } | { toUserId: string; interactionId?: string });

/** What an undo did: removed the still-queued swipe, or queued an undo for the server. */
export type UndoOutcome = { cancelled: true; record: null } | { cancelled: false; record: OutboxRecord };

export interface FailedRecord {
  record: OutboxRecord;
  /** The server's reason (its error text), or a generic one. */
  reason: string;
  status: number | undefined;
}

export interface Outbox {
  readonly userId: string;
  enqueueSwipe(input: SwipePayload): Promise<OutboxRecord>;
  enqueueUndo(input: EnqueueUndoInput): Promise<UndoOutcome>;
  enqueueGoal(input: GoalPayload): Promise<OutboxRecord>;
  /**
   * Text edits of the member's profile. One record per member: the edit merges into the one still
   * waiting (the newest value of each field wins) under a new id, since the server may already hold
   * the waiting one's key with its first answer. One being sent stays, and this follows it.
   */
  enqueueProfile(changes: ProfileTextChanges): Promise<OutboxRecord>;
  /** A private note on a connection: the newest replaces one still waiting for the same connection. */
  enqueueConnectionNote(input: ConnectionNotePayload): Promise<OutboxRecord>;
  /**
   * Connecting through a member's share link. The same member scanned again while one waits is
   * that one (no second request); a newer secret replaces a waiting one under a new id (its key may
   * already be on the server with the old body); a refused one gives way to the new try.
   */
  enqueueConnect(input: ConnectPayload): Promise<OutboxRecord>;
  /** Swipes of this event not yet acknowledged (pending, sending or failed), oldest first. */
  pendingSwipes(eventId: string): Promise<OutboxRecord[]>;
  /** Records waiting to sync (pending or sending; failed ones are listed by failed()). */
  pendingCount(): Promise<number>;
  failed(): Promise<FailedRecord[]>;
  discard(id: string): Promise<void>;
  /** Deletes every record of this member, whatever its state (logging out discards them); answers how many. */
  discardAll(): Promise<number>;
  /**
   * Puts a failed record back at the end of the queue, due at once, under a new id: the server
   * keeps its refusal for the old Idempotency-Key, so only a new key can get a new answer.
   */
  retry(id: string): Promise<void>;
  /** Live versions for the UI (useSyncExternalStore or a useEffect): each returns an unsubscribe. */
  subscribePendingCount(listener: (count: number) => void): () => void;
  subscribeFailed(listener: (failed: FailedRecord[]) => void): () => void;
  subscribePendingSwipes(eventId: string, listener: (records: OutboxRecord[]) => void): () => void;
  /** Every record of this event (swipes, undos, goal; any state), oldest first: what screens overlay. */
  eventRecords(eventId: string): Promise<OutboxRecord[]>;
  /** `onError`: the records could not be read (storage gone); no answer follows. */
  subscribeEventRecords(eventId: string, listener: (records: OutboxRecord[]) => void, onError?: () => void): () => void;
  /** The member's profile edits (any state), oldest first: what the profile overlays. */
  subscribeProfileRecords(listener: (records: OutboxRecord[]) => void, onError?: () => void): () => void;
  /** The member's note records about one connection (any state), oldest first. */
  subscribeConnectionNoteRecords(aboutUserId: string, listener: (records: OutboxRecord[]) => void, onError?: () => void): () => void;
  /** The member's connect records (any state), oldest first. */
  subscribeConnectRecords(listener: (records: OutboxRecord[]) => void, onError?: () => void): () => void;
  /** Every record of this member not yet acknowledged (pending, sending or failed). */
  recordCount(): Promise<number>;
  /**
   * Keeps the member's localStorage summary (outbox-summary.ts) counted while subscribed, also
   * after changes made by other tabs and by the sync engine. Returns the unsubscribe.
   */
  keepSummary(): () => void;
}

const GENERIC_REASON = 'The change could not be saved.';

/** Subscribes a listener to a Dexie live query; errors are ignored (the last value stays shown). */
export function subscribeLive<T>(query: () => Promise<T>, listener: (value: T) => void, onError: () => void = () => {}): () => void {
  const subscription = liveQuery(query).subscribe({ next: listener, error: onError });
  return () => subscription.unsubscribe();
}

export function createOutbox(options: OutboxOptions): Outbox {
  const db = options.db ?? outboxDb();
  const { userId } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());

  /** A createdAt after every existing record's, so order survives two enqueues in one millisecond. */
  async function nextCreatedAt(): Promise<number> {
    const last = await db.outbox.orderBy('createdAt').last();
    const t = now();
    return last && last.createdAt >= t ? last.createdAt + 1 : t;
  }

  async function add<R extends OutboxRecord>(fields: Pick<R, 'kind' | 'payload'>): Promise<OutboxRecord> {
    const createdAt = await nextCreatedAt();
    const record = {
      ...fields,
      id: newId(),
      userId,
      createdAt,
      attempts: 0,
      // Due at once (createdAt may sit a millisecond ahead of the clock to keep the order).
      nextAttemptAt: now(),
      lastError: null,
      state: 'pending',
    } as OutboxRecord;
    await db.outbox.add(record);
    return record;
  }

  const ofKind = <K extends OutboxRecord['kind']>(kind: K) =>
    db.outbox.where('[userId+kind]').equals([userId, kind]) as unknown as {
      toArray(): Promise<Extract<OutboxRecord, { kind: K }>[]>;
    };

  const pendingSwipes = async (eventId: string) =>
    (await ofKind('swipe').toArray()).filter((r) => r.payload.eventId === eventId).sort((a, b) => a.createdAt - b.createdAt);

  const eventRecords = (eventId: string) =>
    db.outbox
      .where('[userId+createdAt]')
      .between([userId, -Infinity], [userId, Infinity])
      .filter((r) => 'eventId' in r.payload && r.payload.eventId === eventId)
      .toArray();

  const connectionNoteRecords = async (aboutUserId: string) =>
    (await ofKind('connection-note').toArray()).filter((r) => r.payload.aboutUserId === aboutUserId).sort((a, b) => a.createdAt - b.createdAt);

  const connectRecords = async () => (await ofKind('connect').toArray()).sort((a, b) => a.createdAt - b.createdAt);

  const profileRecords = async () => (await ofKind('profile').toArray()).sort((a, b) => a.createdAt - b.createdAt);

  const pendingCount = () => db.outbox.where('[userId+state]').anyOf([userId, 'pending'], [userId, 'sending']).count();

  const recordCount = () => db.outbox.where('[userId+createdAt]').between([userId, -Infinity], [userId, Infinity]).count();

  /**
   * Every write that may add a record marks the summary first (never "empty" while a record may
   * exist, even after a crash in between) and counts again once it settled, before answering.
   */
  const adding = async <T>(write: () => Promise<T>): Promise<T> => {
    const mark = markOutboxAdding(userId);
    try {
      return await write();
    } finally {
      // The summary staying at "not empty" only costs a later start its head start.
      await recountAfterAdd(userId, mark, recordCount).catch(() => {});
    }
  };

  const failed = async (): Promise<FailedRecord[]> =>
    (await db.outbox.where('[userId+state]').equals([userId, 'failed']).sortBy('createdAt')).map((record) => ({
      record,
      reason: record.lastError ?? GENERIC_REASON,
      status: record.failureStatus,
    }));

  return {
    userId,

    enqueueSwipe: (input) =>
      adding(() =>
        db.transaction('rw', db.outbox, () =>
          add({ kind: 'swipe', payload: { eventId: input.eventId, toUserId: input.toUserId, direction: input.direction } }),
        ),
      ),

    enqueueUndo: (input) =>
      adding(() =>
        db.transaction('rw', db.outbox, async (): Promise<UndoOutcome> => {
          // Latest intent wins: a swipe the server has not seen is simply forgotten.
          if (input.toUserId !== undefined) {
            const queued = (await ofKind('swipe').toArray()).filter(
              (r) => r.payload.eventId === input.eventId && r.payload.toUserId === input.toUserId && r.state !== 'sending',
            );
            if (queued.length > 0) {
              await db.outbox.bulkDelete(queued.map((r) => r.id));
              return { cancelled: true, record: null };
            }
          }
          const payload = { eventId: input.eventId } as UndoPayload;
          if (input.interactionId !== undefined) payload.interactionId = input.interactionId;
          if (input.toUserId !== undefined) payload.toUserId = input.toUserId;
          return { cancelled: false, record: await add({ kind: 'undo-swipe', payload }) };
        }),
      ),

    enqueueGoal: (input) =>
      adding(() =>
        db.transaction('rw', db.outbox, async () => {
          // The newest goal replaces one still waiting; one already being sent stays and this follows it.
          const waiting = (await ofKind('goal').toArray()).filter((r) => r.payload.eventId === input.eventId && r.state !== 'sending');
          await db.outbox.bulkDelete(waiting.map((r) => r.id));
          return add({ kind: 'goal', payload: { eventId: input.eventId, goal: input.goal } });
        }),
      ),

    enqueueProfile: async (changes) => {
      // Loaded here rather than with the outbox: the deck's cold load carries the outbox, and only
      // the profile (which has it loaded already) queues profile edits. Not inside the transaction,
      // which would end while waiting for it.
      const { mergeProfileChanges } = await import('./mutations/profile');
      return adding(() =>
        db.transaction('rw', db.outbox, async () => {
          const waiting = (await ofKind('profile').toArray()).filter((r) => r.state !== 'sending').sort((a, b) => a.createdAt - b.createdAt);
          // A refused edit is not merged: it stays shown as refused until discarded or retried.
          const mergeable = waiting.filter((r) => r.state === 'pending');
          const merged = mergeable.reduce<ProfileTextChanges>((all, r) => mergeProfileChanges(all, r.payload.changes), {});
          await db.outbox.bulkDelete(mergeable.map((r) => r.id));
          return add({ kind: 'profile', payload: { changes: mergeProfileChanges(merged, changes) } });
        }),
      );
    },

    enqueueConnectionNote: (input) =>
      adding(() =>
        db.transaction('rw', db.outbox, async () => {
          // Latest intent wins, as for a goal: a note still waiting is replaced, one being sent stays.
          const waiting = (await connectionNoteRecords(input.aboutUserId)).filter((r) => r.state === 'pending');
          await db.outbox.bulkDelete(waiting.map((r) => r.id));
          return add({ kind: 'connection-note', payload: { aboutUserId: input.aboutUserId, note: input.note } });
        }),
      ),

    enqueueConnect: (input) =>
      adding(() =>
        db.transaction('rw', db.outbox, async () => {
          const same = (await connectRecords()).filter((r) => r.payload.userId === input.userId);
          const waiting = same.find((r) => r.state !== 'failed' && r.payload.secret === input.secret);
          if (waiting) return waiting;
          const replaced = same.filter((r) => r.state !== 'sending');
          await db.outbox.bulkDelete(replaced.map((r) => r.id));
          return add({ kind: 'connect', payload: { userId: input.userId, secret: input.secret } });
        }),
      ),

    pendingSwipes,
    pendingCount,
    failed,

    discard: async (id) => {
      await db.outbox
        .where({ id })
        .and((r) => r.userId === userId)
        .delete();
    },

    discardAll: () => db.outbox.where('[userId+createdAt]').between([userId, -Infinity], [userId, Infinity]).delete(),

    retry: (id) =>
      adding(() =>
        db.transaction('rw', db.outbox, async () => {
          const record = await db.outbox.get(id);
          if (!record || record.userId !== userId || record.state !== 'failed') return;
          await db.outbox.delete(id);
          await add({ kind: record.kind, payload: record.payload } as Pick<OutboxRecord, 'kind' | 'payload'>);
        }),
      ),

    subscribePendingCount: (listener) => subscribeLive(pendingCount, listener),
    subscribeFailed: (listener) => subscribeLive(failed, listener),
    subscribePendingSwipes: (eventId, listener) => subscribeLive(() => pendingSwipes(eventId), listener),
    eventRecords,
    subscribeEventRecords: (eventId, listener, onError) => subscribeLive(() => eventRecords(eventId), listener, onError),
    subscribeProfileRecords: (listener, onError) => subscribeLive(profileRecords, listener, onError),
    subscribeConnectionNoteRecords: (aboutUserId, listener, onError) => subscribeLive(() => connectionNoteRecords(aboutUserId), listener, onError),
    subscribeConnectRecords: (listener, onError) => subscribeLive(connectRecords, listener, onError),
    recordCount,
    keepSummary: () =>
      subscribeLive(
        // The value is read before counting: settleOutboxSummary writes only over that same value.
        async () => {
          const before = readOutboxSummary(userId);
          return { before, count: await recordCount() };
        },
        ({ before, count }) => settleOutboxSummary(userId, before, count),
      ),
  };
}
