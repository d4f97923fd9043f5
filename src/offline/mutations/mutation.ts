import type { QueryKey } from '@tanstack/react-query';
import type { OutboxKind, OutboxPayloads, OutboxRecord } from '../db';
import type { Outcome } from '../retry';
import type { SendFn, SendResponse } from '../send';

/** The record of one kind. */
export type RecordOf<K extends OutboxKind> = Extract<OutboxRecord, { kind: K }>;

/** An answer as the engine took it: what the server said, and what that does to the record. */
export interface Answer extends SendResponse {
  outcome: Outcome;
}

/** One record and the answer it got (for a batch, its item's answer). */
export interface Answered {
  record: OutboxRecord;
  answer: Answer;
}

/**
 * What an answer changes in the query cache: the queries it touches, the write itself, and whether
 * those queries are all read again (a change the client cannot write in itself).
 */
export interface CacheChange {
  keys: QueryKey[];
  write: () => void;
  readAgain?: boolean;
}

/**
 * What a new write does to the member's queue: the records it replaces (`remove`), then the record
 * it adds (`payload`); or none where it only forgets queued work (`cancelled`: an undo of a swipe
 * the server never saw, a kind whose `Cancels` is true); or `same`, the record already waiting
 * that is this very write.
 */
export type Queued<K extends OutboxKind, Cancels extends boolean = false> =
  | { remove: readonly OutboxRecord[]; payload: OutboxPayloads[K] }
  | { same: RecordOf<K> }
  | (Cancels extends true ? { remove: readonly OutboxRecord[]; cancelled: true } : never);

/**
 * One offline write, whole (docs/architecture.md, "Writes that must survive the venue"): how it
 * joins the queue, how its record becomes a request, what the answer changes in the query cache,
 * and how the record, while it waits or after a refusal, changes what the screen shows.
 *
 * `Cache` is what the cache effect needs from the features (their query keys and cache writers):
 * offline/ imports no feature, so the app hands it in (app/outbox/outbox-delivery.ts). `View` is
 * the overlay the record folds into, shared by kinds that change the same screen. `Cancels`: a
 * write of this kind may only cancel queued work, and then queues no record.
 */
export interface Mutation<K extends OutboxKind, Cache, View, Cancels extends boolean = false> {
  kind: K;
  /**
   * How a new write joins the queue, given the member's records (any kind, oldest first; inside
   * the outbox's transaction). Without it the write is added as it is.
   */
  queue?(queued: readonly OutboxRecord[], payload: OutboxPayloads[K]): Queued<K, Cancels>;
  /** Sends the record's request(s), under its id as Idempotency-Key; the answer the engine classifies. */
  request(record: RecordOf<K>, send: SendFn): Promise<SendResponse>;
  /** Called with every answer the record gets (accepted, refused or to retry); null: the cache keeps what it has. */
  delivered(record: RecordOf<K>, answer: Answer, cache: Cache): CacheChange | null;
  /** Folds the record (in queue order, any state) into what the screen shows. */
  overlay(view: View, record: RecordOf<K>): void;
  /**
   * Once the record is marked refused: the queries read again, where the cache already holds the
   * write (written at once when it was queued) and should show the server's value under the refusal.
   */
  refused?(record: RecordOf<K>, cache: Cache): QueryKey[];
  /** A refused record is not kept: the member was told, and nothing on a screen offers it again. */
  discardWhenRefused?: true;
}

/** The server took the write (2xx). */
export const accepted = (answer: Answer) => answer.outcome === 'done';

/** Pending or being sent: what the member asked for shows as done. */
export const waiting = (record: OutboxRecord) => record.state === 'pending' || record.state === 'sending';

/** The kinds that fold into one view, by kind. */
export type OverlayKinds<View> = { [K in OutboxKind]?: { overlay(view: View, record: RecordOf<K>): void } };

/** Replays the records in queue order into a view, so the latest intent wins. */
export function foldOverlay<View>(records: readonly OutboxRecord[], view: View, kinds: OverlayKinds<View>): View {
  for (const record of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
    (kinds[record.kind] as { overlay(view: View, record: OutboxRecord): void } | undefined)?.overlay(view, record);
  }
  return view;
}
