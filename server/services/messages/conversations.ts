import { sql, type Kysely } from 'kysely';
import type { Conversation, MessagePage, UnreadCount } from '../../../contract/messages';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { API_ERRORS } from '../../../contract/errors';
import { orderedPair } from '../connections/connection-write';
import { messageJson, type MessageRow } from './message-json';
import { readMessageSettings } from './message-settings';

/**
 * The member's conversations, newest first (docs/product.md, 'Messages'): those with a message,
 * with a member they are connected to or one who deleted their account (shown as 'Deleted
 * member': `with` null). The last message through the pair's index, the unread count through the
 * index of unread messages: a few index reads per conversation, never a scan of the messages.
 */
export async function conversationsOf(db: Kysely<Database>, me: string): Promise<Conversation[]> {
  const { readReceipts } = await readMessageSettings(db, me);
  const { rows } = await sql<
    MessageRow & { other_id: string; u_id: string | null; first_name: string | null; last_name: string | null; image_url: string | null; unread: number }
  >`
    select c.other_id, u.id as u_id, u.first_name, u.last_name, u.image_url,
           lm.id, lm.sender_id, lm.text, lm.sent_at, lm.delivered_at, lm.read_at, lm.read_shown,
           (select count(*)::int from messages r where r.recipient_id = ${me} and r.sender_id = c.other_id and r.read_at is null) as unread
    from message_conversations c
    left join users u on u.id = c.other_id
    cross join lateral (
      select m.id, m.sender_id, m.text, m.sent_at, m.delivered_at, m.read_at, m.read_shown from messages m
      where m.user_a_id = least(${me}::uuid, c.other_id) and m.user_b_id = greatest(${me}::uuid, c.other_id)
      order by m.sent_at desc, m.id desc limit 1
    ) lm
    where c.user_id = ${me}
      and (u.id is null or exists (select 1 from connections cn
            where cn.user_a_id = least(${me}::uuid, c.other_id) and cn.user_b_id = greatest(${me}::uuid, c.other_id)))
    order by lm.sent_at desc, c.other_id`.execute(db);
  return rows.map((row) => ({
    userId: row.other_id,
    with: row.u_id === null ? null : { id: row.u_id, firstName: row.first_name ?? '', lastName: row.last_name ?? '', imageUrl: row.image_url },
    lastMessage: messageJson(row, me, readReceipts),
    unread: row.unread,
    updatedAt: new Date(row.sent_at).toISOString(),
  }));
}

/**
 * One page of the conversation, oldest first: the `limit` messages before the message `before`
 * (by time), or the latest. A `before` that is not in this conversation is refused (400).
 */
export async function messagePage(db: Kysely<Database>, me: string, other: string, before: string | undefined, limit: number): Promise<MessagePage> {
  const [a, b] = orderedPair(me, other);
  const { readReceipts } = await readMessageSettings(db, me);
  let query = db
    .selectFrom('messages as m')
    .select(['m.id', 'm.sender_id', 'm.text', 'm.sent_at', 'm.delivered_at', 'm.read_at', 'm.read_shown'])
    .where('m.user_a_id', '=', a)
    .where('m.user_b_id', '=', b);
  if (before !== undefined) {
    const anchor = await db
      .selectFrom('messages')
      .select(['sent_at', 'id'])
      .where('id', '=', before)
      .where('user_a_id', '=', a)
      .where('user_b_id', '=', b)
      .executeTakeFirst();
    if (!anchor) throw new ApiError(400, API_ERRORS.invalidInput, { field: 'before' });
    query = query.where(sql<boolean>`(m.sent_at, m.id) < (${anchor.sent_at}, ${anchor.id}::uuid)`);
  }
  const rows = await query
    .orderBy('m.sent_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
  const hasMore = rows.length > limit;
  return {
    messages: rows
      .slice(0, limit)
      .reverse()
      .map((row) => messageJson(row, me, readReceipts)),
    hasMore,
  };
}

/** The other members' messages the member has not read, in the conversations they can see. */
export async function unreadCount(db: Kysely<Database>, me: string): Promise<UnreadCount> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from messages m
    where m.recipient_id = ${me} and m.read_at is null
      and exists (select 1 from connections cn where cn.user_a_id = least(${me}::uuid, m.sender_id) and cn.user_b_id = greatest(${me}::uuid, m.sender_id))`.execute(
    db,
  );
  return { count: rows[0]?.count ?? 0 };
}
