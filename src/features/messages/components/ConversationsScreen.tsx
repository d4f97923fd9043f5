import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Conversation, MessagePage } from '../../../../contract/messages';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { useConversations } from '../api/get-conversations';
import { messagesQueryOptions } from '../api/get-messages';
import { messagesKeys } from '../api/keys';
import { lastIsQueued, shownConversations } from '../messages-shown';
import { useMessagesOverlay } from '../use-messages-overlay';
import { ConversationRow } from './ConversationRow';
import './messages.css';

/** The conversations whose newest messages are read ahead, newest first. */
const READ_AHEAD = 20;

/**
 * Reads the newest page of each recent conversation whose last message it does not hold yet, so
 * that each opens offline too (the persisted cache and the service worker keep the answers).
 */
function useReadAhead(conversations: readonly Conversation[] | undefined) {
  const queryClient = useQueryClient();
  const done = useRef(new Set<string>());
  useEffect(() => {
    if (!conversations || !navigator.onLine) return;
    for (const { userId, lastMessage } of conversations.slice(0, READ_AHEAD)) {
      const key = `${userId}/${lastMessage?.id ?? ''}`;
      const held = queryClient.getQueryData<InfiniteData<MessagePage>>(messagesKeys.conversation(userId));
      if (done.current.has(key) || (lastMessage && held?.pages[0]?.messages.at(-1)?.id === lastMessage.id)) continue;
      done.current.add(key);
      void queryClient.prefetchInfiniteQuery(messagesQueryOptions(userId));
    }
  }, [conversations, queryClient]);
}

/** /messages: the member's conversations, newest first. */
export function ConversationsScreen() {
  useDocumentTitle('Messages');
  const conversations = useConversations();
  useReadAhead(conversations.data);
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
