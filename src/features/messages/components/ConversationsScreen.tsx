import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { useConversations } from '../api/get-conversations';
import { lastIsQueued, shownConversations } from '../messages-shown';
import { useMessagesOverlay } from '../use-messages-overlay';
import { ConversationRow } from './ConversationRow';
import './messages.css';

/** /messages: the member's conversations, newest first. */
export function ConversationsScreen() {
  useDocumentTitle('Messages');
  const conversations = useConversations();
  const { overlay, settled } = useMessagesOverlay();
  const [now] = useState(() => new Date());
  // Offline before the list was ever read, this device's own waiting messages still show.
  const { data, isError } = conversations;
  const shown = useMemo(() => {
    const known = data ?? (isError ? [] : undefined);
    return known && shownConversations(known, overlay);
  }, [data, isError, overlay]);

  let body;
  if (!shown || !settled) body = <Spinner label="Loading conversations" />;
  else if (conversations.isError && shown.length === 0)
    body = (
      <EmptyState
        title="Error loading messages"
        action={
          <Button onClick={() => void conversations.refetch()} loading={conversations.isFetching}>
            Retry
          </Button>
        }
      >
        {errorMessage(conversations.error)}
      </EmptyState>
    );
  else if (shown.length === 0)
    body = (
      <EmptyState
        title="No messages yet"
        action={
          <Link href="/connections" className="btn btn--primary btn--md">
            Your connections
          </Link>
        }
      >
        Write to a connection from their page: &apos;Message&apos;.
      </EmptyState>
    );
  else
    body = (
      <ul className="conversation-list">
        {shown.map((conversation) => (
          <ConversationRow key={conversation.userId} conversation={conversation} now={now} waiting={lastIsQueued(conversation, overlay)} />
        ))}
      </ul>
    );

  return (
    <div className="page messages-page">
      <header className="page-header">
        <h1 className="page-title">Messages</h1>
      </header>
      {body}
    </div>
  );
}
