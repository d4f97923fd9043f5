import { sql, type Kysely } from 'kysely';
import type { AccountExport } from '../../../contract/account';
import type { Database } from '../../db/schema';
import { messageJson, type MessageRow } from './message-json';
import { readMessageSettings } from './message-settings';

/**
 * The member's messages for their data export: both sides of every conversation they have (also
 * those a block or a deleted account hid), oldest first; the other member named only while they
 * are connected, as the app shows them.
 */
export async function exportMessages(db: Kysely<Database>, me: string): Promise<Pick<AccountExport, 'conversations' | 'messageSettings'>> {
  const messageSettings = await readMessageSettings(db, me);
  const { rows } = await sql<MessageRow & { other_id: string; first_name: string | null; last_name: string | null }>`
    select case when m.sender_id = ${me} then m.recipient_id else m.sender_id end as other_id,
           m.id, m.sender_id, m.text, m.sent_at, m.delivered_at, m.read_at, m.read_shown, u.first_name, u.last_name
    from messages m
    left join users u on u.id = case when m.sender_id = ${me} then m.recipient_id else m.sender_id end
      and exists (select 1 from connections cn where cn.user_a_id = m.user_a_id and cn.user_b_id = m.user_b_id)
    where m.sender_id = ${me} or m.recipient_id = ${me}
    order by other_id, m.sent_at, m.id`.execute(db);
  const conversations = new Map<string, AccountExport['conversations'][number]>();
  for (const row of rows) {
    let conversation = conversations.get(row.other_id);
    if (!conversation) {
      const name = row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim();
      conversations.set(row.other_id, (conversation = { userId: row.other_id, name, messages: [] }));
    }
    conversation.messages.push(messageJson(row, me, messageSettings.readReceipts));
  }
  return { conversations: [...conversations.values()], messageSettings };
}
