import * as v from 'valibot';
import { checkedText } from './fields';

/**
 * A member's private note on a connection (beyond docs/product.md): one per connection, at most 1,000
 * characters, content-checked, seen by nobody else. Paths, under /api:
 *
 *   PUT users/{id}/note {note}   the note ('' removes it); Idempotency-Key accepted   -> ConnectionNote
 *
 * GET users/{id}/connection carries it as `note`. 404 'User not found' unless {id} is a connection.
 */
export const connectionNoteSchema = v.object({ note: checkedText('note') });
export type ConnectionNoteInput = v.InferInput<typeof connectionNoteSchema>;

export interface ConnectionNote {
  note: string | null;
  updatedAt: string | null;
}
