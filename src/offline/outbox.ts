import { liveQuery } from 'dexie';
import { outboxDb, type OutboxDb, type OutboxKind, type OutboxPayloads, type OutboxRecord } from './db';
import type { Mutation, RecordOf } from './mutations/mutation';
import { beforeOutboxAdd, forgetEventRecordsCopies, keepEventRecordsCopy, outboxAddMark } from './keep-event-records-copy';
import { markOutboxAdding, recountAfterAdd, settleOutboxSummary } from './keep-outbox-summary';
import { readOutboxSummary } from './outbox-summary';

export interface OutboxOptions {
  /** The signed-in member; every record is stamped with it and only theirs are listed. */
  userId: string;
  db?: OutboxDb;
  now?: () => number;
  newId?: () => string;
}

/** What enqueue needs of a kind (mutations/): its name and its queueing rule. */
export type Queueing<K extends OutboxKind, Cancels extends boolean> = Pick<Mutation<K, unknown, unknown, Cancels>, 'kind' | 'queue'>;

export interface FailedRecord {
  record: OutboxRecord;
  /** The server's reason (its error text), or a generic one. */
  reason: string;
  status: number | undefined;
}

export interface Outbox {
  readonly userId: string;
  /**
   * Queues a write of the mutation's kind as its queueing rule says (mutations/), in one
   * transaction; answers the record that now stands for it, or null when the write only cancelled
   * queued work (an undo of a swipe the server never saw).
   */
  enqueue<K extends OutboxKind, Cancels extends boolean = false>(
    mutation: Queueing<K, Cancels>,
    payload: OutboxPayloads[K],
  ): Promise<Cancels extends true ? RecordOf<K> | null : RecordOf<K>>;
  /** The member's records of one kind (any state), oldest first; `filter` keeps the ones asked for. */
  records<K extends OutboxKind>(kind: K, filter?: (record: RecordOf<K>) => boolean): Promise<RecordOf<K>[]>;
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
  /** Every record of this event (swipes, undos, goal; any state), oldest first: what screens overlay. */
  eventRecords(eventId: string): Promise<OutboxRecord[]>;
  /** `onError`: the records could not be read (storage gone); no answer follows. */
  subscribeEventRecords(eventId: string, listener: (records: OutboxRecord[]) => void, onError?: () => void): () => void;
  /** records(), live: what a screen overlays (the profile its edits, a connection's page its note). */
  subscribeRecords<K extends OutboxKind>(kind: K, listener: (records: RecordOf<K>[]) => void, filter?: (record: RecordOf<K>) => boolean): () => void;
  /** The member's records of these kinds, live, oldest first: what a screen of several kinds overlays (meetings). */
  subscribeKinds(kinds: readonly OutboxKind[], listener: (records: OutboxRecord[]) => void): () => void;
  /** Every record of this member not yet acknowledged (pending, sending or failed). */
  recordCount(): Promise<number>;
  /**
   * Keeps the member's localStorage summary (outbox-summary.ts) counted while subscribed, also
   * after changes made by other tabs and by the sync engine. Returns the unsubscribe.
   */
  keepSummary(): () => void;
}

const GENERIC_REASON = 'The change could not be saved.';

/** The event a payload belongs to (swipes, undos, goals), if any. */
const eventOf = (payload: object): string | undefined => ('eventId' in payload && typeof payload.eventId === 'string' ? payload.eventId : undefined);

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

  async function add<K extends OutboxKind>(kind: K, payload: OutboxPayloads[K]): Promise<RecordOf<K>> {
    const createdAt = await nextCreatedAt();
    const record = {
      kind,
      payload,
      id: newId(),
      userId,
      createdAt,
      attempts: 0,
      // Due at once (createdAt may sit a millisecond ahead of the clock to keep the order).
      nextAttemptAt: now(),
      lastError: null,
      state: 'pending',
    } as RecordOf<K>;
    await db.outbox.add(record);
    return record;
  }

  /** The member's records, oldest first. */
  const mine = () => db.outbox.where('[userId+createdAt]').between([userId, -Infinity], [userId, Infinity]);

  const records = <K extends OutboxKind>(kind: K, filter: (record: RecordOf<K>) => boolean = () => true) =>
    db.outbox
      .where('[userId+kind]')
      .equals([userId, kind])
      .filter(filter as (record: OutboxRecord) => boolean)
      .sortBy('createdAt') as unknown as Promise<RecordOf<K>[]>;

  const eventRecords = (eventId: string) =>
    mine()
      .filter((r) => 'eventId' in r.payload && r.payload.eventId === eventId)
      .toArray();

  const pendingCount = () => db.outbox.where('[userId+state]').anyOf([userId, 'pending'], [userId, 'sending']).count();

  const recordCount = () => mine().count();

  /**
   * Every write that may add a record marks the summary first (never "empty" while a record may
   * exist, even after a crash in between) and counts again once it settled, before answering.
   */
  const adding = async <T>(eventId: string | null | undefined, write: () => Promise<T>): Promise<T> => {
    beforeOutboxAdd(userId, eventId);
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

  const enqueue = <K extends OutboxKind>(mutation: Queueing<K, boolean>, payload: OutboxPayloads[K]): Promise<RecordOf<K> | null> =>
    adding(eventOf(payload), () =>
      db.transaction('rw', db.outbox, async () => {
        const queued = mutation.queue ? mutation.queue(await mine().toArray(), payload) : { remove: [], payload };
        if ('same' in queued) return queued.same;
        await db.outbox.bulkDelete(queued.remove.map((r) => r.id));
        return 'payload' in queued ? add(mutation.kind, queued.payload) : null;
      }),
    );

  return {
    userId,
    // Null only where the kind's rule may cancel, as the interface's type says.
    enqueue: enqueue as Outbox['enqueue'],

    records,
    pendingCount,
    failed,

    discard: async (id) => {
      await db.outbox
        .where({ id })
        .and((r) => r.userId === userId)
        .delete();
    },

    discardAll: async () => {
      const discarded = await mine().delete();
      forgetEventRecordsCopies(userId);
      return discarded;
    },

    retry: (id) =>
      adding(null, () =>
        db.transaction('rw', db.outbox, async () => {
          const record = await db.outbox.get(id);
          if (!record || record.userId !== userId || record.state !== 'failed') return;
          await db.outbox.delete(id);
          await add(record.kind, record.payload);
        }),
      ),

    subscribePendingCount: (listener) => subscribeLive(pendingCount, listener),
    subscribeFailed: (listener) => subscribeLive(failed, listener),
    eventRecords,
    // Each answer is also copied for the next start (event-records-copy.ts), if no add began meanwhile.
    subscribeEventRecords: (eventId, listener, onError) =>
      subscribeLive(
        async () => {
          const before = outboxAddMark(userId);
          return { before, records: await eventRecords(eventId) };
        },
        ({ before, records }) => {
          keepEventRecordsCopy(userId, eventId, before, records);
          listener(records);
        },
        onError,
      ),
    subscribeRecords: (kind, listener, filter) => subscribeLive(() => records(kind, filter), listener),
    subscribeKinds: (kinds, listener) =>
      subscribeLive(
        () =>
          db.outbox
            .where('[userId+kind]')
            .anyOf(kinds.map((kind) => [userId, kind]))
            .sortBy('createdAt'),
        listener,
      ),
    recordCount,
    keepSummary: () =>
      subscribeLive(
        // The value is read before counting: settleOutboxSummary writes only over that same value.
        async () => {
          const before = readOutboxSummary(userId);
          return { before, count: await recordCount() };
        },
        ({ before, count }) => {
          settleOutboxSummary(userId, before, count);
          // Nothing left to hide: the copies could only hold records already sent or discarded.
          if (count === 0) forgetEventRecordsCopies(userId);
        },
      ),
  };
}
