import { Link } from 'wouter';
import type { Conversation } from '../../../../contract/messages';
import { Avatar } from '../../../ui/Avatar';
import { clockOf, dayLabel } from '../message-days';

export const DELETED_MEMBER = 'Deleted member';

/** When the last message was written, as the list shows it: its time today, else its day. */
function whenText(at: string, now: Date): string {
  const label = dayLabel(new Date(at), now);
  return label === 'Today' ? clockOf(at) : label;
}

/** One conversation in the list: the person, the last message, when, and how many are unread. */
export function ConversationRow({ conversation, now, waiting }: { conversation: Conversation; now: Date; waiting: boolean }) {
  const person = conversation.with;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : DELETED_MEMBER;
  const last = conversation.lastMessage;
  const unread = conversation.unread > 0;
  return (
    <li>
      <Link href={`/messages/${encodeURIComponent(conversation.userId)}`} className={`conversation-row${unread ? ' conversation-row--unread' : ''}`}>
        <Avatar id={conversation.userId} firstName={person?.firstName ?? '?'} lastName={person?.lastName ?? ''} imageUrl={person?.imageUrl} size="sm" alt="" />
        <span className="conversation-row-main">
          <span className="conversation-row-name">{name}</span>
          <span className="conversation-row-last">{last ? `${last.fromMe ? 'You: ' : ''}${last.text}` : 'No messages yet'}</span>
        </span>
        <span className="conversation-row-side">
          <span className="conversation-row-time">{waiting ? 'Waiting to send' : whenText(conversation.updatedAt, now)}</span>
          {unread && (
            <span className="conversation-row-unread">
              {conversation.unread}
              <span className="visually-hidden"> unread</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
