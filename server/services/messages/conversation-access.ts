import { sql, type Kysely, type Transaction } from 'kysely';
import { MESSAGE_ERRORS } from '../../../contract/messages';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { orderedPair } from '../connections/connection-write';

/**
 * Who may see the conversation of `me` with `other` (docs/product.md, 'Messages'): the two while
 * they are connected ('connected', and only then may they write), and the member alone once the
 * other deleted their account, while their conversation holds the member's own messages
 * ('other-deleted'). Anyone else, and members no longer connected (a block ends the connection),
 * find no conversation: 404, as for an id that names no one.
 */
export type ConversationAccess = 'connected' | 'other-deleted';

export async function conversationAccess(db: Kysely<Database> | Transaction<Database>, me: string, other: string): Promise<ConversationAccess | null> {
  if (me === other) return null;
  const [a, b] = orderedPair(me, other);
  const { rows } = await sql<{ connected: boolean; exists: boolean; conversation: boolean }>`
    select exists (select 1 from connections where user_a_id = ${a} and user_b_id = ${b}) as connected,
           exists (select 1 from users where id = ${other}) as exists,
           exists (select 1 from message_conversations where user_id = ${me} and other_id = ${other}) as conversation`.execute(db);
  const row = rows[0]!;
  if (row.connected) return 'connected';
  if (!row.exists && row.conversation) return 'other-deleted';
  return null;
}

/** The access, or 404 'Conversation not found'. */
export async function requireConversation(db: Kysely<Database> | Transaction<Database>, me: string, other: string): Promise<ConversationAccess> {
  const access = await conversationAccess(db, me, other);
  if (!access) throw new ApiError(404, MESSAGE_ERRORS.notFound);
  return access;
}
