import type { Message, MessageState } from '../../../contract/messages';

/** The columns a message is answered from. */
export interface MessageRow {
  id: string;
  sender_id: string;
  text: string;
  sent_at: Date;
  delivered_at: Date | null;
  read_at: Date | null;
  read_shown: boolean;
}

/** The columns of a message row to select (messageJson's input), prefixed with the table's alias. */
export const MESSAGE_COLUMNS = ['id', 'sender_id', 'text', 'sent_at', 'delivered_at', 'read_at', 'read_shown'] as const;

/**
 * A message as `me` sees it (contract/messages.ts). The member's own: 'read' only when the reader
 * had read receipts on when reading (read_shown) and the member has them on now ('a member with
 * them off neither sends nor sees read'), else 'delivered' once the other's app has it. The
 * other's: on the member's device, so at least 'delivered'; 'read' once the member read it.
 */
export function messageJson(row: MessageRow, me: string, myReadReceipts: boolean): Message {
  const fromMe = row.sender_id === me;
  let state: MessageState;
  if (fromMe) state = row.read_shown && myReadReceipts ? 'read' : row.delivered_at ? 'delivered' : 'sent';
  else state = row.read_at ? 'read' : 'delivered';
  return { id: row.id, fromMe, text: row.text, sentAt: row.sent_at.toISOString(), state };
}
