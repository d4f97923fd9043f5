import { storage } from '../lib/storage';
import { outboxSummaryKey, readOutboxSummary } from './outbox-summary';

/** How the outbox writes the summary that outbox-summary.ts describes and reads. */

const ADDING = '+';

function write(userId: string, value: string): void {
  storage.set(outboxSummaryKey(userId), value);
}

/**
 * Called before a record is added (in the same task as the write's transaction starts): the
 * summary stops saying empty. Answers the mark, for recountAfterAdd.
 */
export function markOutboxAdding(userId: string): string {
  const mark = ADDING + (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()));
  write(userId, mark);
  return mark;
}

/**
 * A count of the member's records, with the value read just before counting. Writes the count
 * unless the value changed meanwhile (a newer add or count follows) or the count is zero over an
 * add's mark (that add may not have reached the database when the count started).
 */
export function settleOutboxSummary(userId: string, before: string | null, count: number): void {
  const now = readOutboxSummary(userId);
  if (now !== before) return;
  if (count === 0 && now !== null && now.startsWith(ADDING)) return;
  if (now === String(count)) return;
  write(userId, String(count));
}

/**
 * After an add's write settled (committed, failed, or added nothing, as an undo that cancelled a
 * queued swipe): counts again when its mark is still the value, and then may write zero.
 */
export async function recountAfterAdd(userId: string, mark: string, count: () => Promise<number>): Promise<void> {
  if (readOutboxSummary(userId) !== mark) return;
  const n = await count();
  if (readOutboxSummary(userId) === mark) write(userId, String(n));
}
