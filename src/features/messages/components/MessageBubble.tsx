import { Button } from '../../../ui/Button';
import { clockOf } from '../message-days';
import type { ShownMessage, ShownState } from '../messages-shown';
import { MessageText } from './MessageText';

const STATE_TEXT: Record<ShownState, string> = {
  waiting: 'Waiting to send',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not sent',
};

interface Props {
  message: ShownMessage;
  onRetry?: (recordId: string) => void;
  onDelete?: (recordId: string) => void;
}

/** One message: the member's on the right with its state, the other's on the left. */
export function MessageBubble({ message, onRetry, onDelete }: Props) {
  const mine = message.fromMe;
  return (
    <li className={`message${mine ? ' message--mine' : ''}${message.state === 'failed' ? ' message--failed' : ''}`}>
      <div className="message-bubble">
        <MessageText text={message.text} />
      </div>
      <p className="message-meta">
        <time dateTime={message.sentAt}>{clockOf(message.sentAt)}</time>
        {mine && <span className="message-state"> · {STATE_TEXT[message.state]}</span>}
      </p>
      {message.state === 'failed' && message.recordId && (
        <div className="message-refusal" role="group" aria-label="Message not sent">
          <p className="message-refusal-text">{message.reason}</p>
          {onRetry && (
            <Button variant="secondary" size="sm" onClick={() => onRetry(message.recordId!)}>
              Retry
            </Button>
          )}
          {onDelete && (
            <Button variant="ghost" size="sm" onClick={() => onDelete(message.recordId!)}>
              Delete
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
