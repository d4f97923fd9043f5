import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { ConversationPerson } from '../../../../contract/messages';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ArrowLeftIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { connectionQueryOptions } from '../../connections/api/get-connection';
import { SafetyButton } from '../../safety/safety-button';
import { cacheConversationRead } from '../api/cache-message';
import { useConversations } from '../api/get-conversations';
import { useMessages } from '../api/get-messages';
import { refreshUnread } from '../api/get-unread';
import { markRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { messageDays } from '../message-days';
import { shownMessages } from '../messages-shown';
import { useMessagesOverlay } from '../use-messages-overlay';
import { Composer } from './Composer';
import { DELETED_MEMBER } from './ConversationRow';
import { MessageBubble } from './MessageBubble';
import './messages.css';

/** Near enough to the end that a new message scrolls into view. */
const NEAR_END_PX = 160;
const nearEnd = () => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - NEAR_END_PX;

/** /messages/{userId}: the conversation with one connection. */
export function ConversationScreen({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const conversations = useConversations();
  const listed = conversations.data?.find((c) => c.userId === userId);
  const { overlay, settled, outbox } = useMessagesOverlay();
  const queued = overlay.get(userId);
  // Whom the conversation is with: the list names them; a first message goes to a connection.
  const connection = useQuery({ ...connectionQueryOptions(userId), enabled: !listed && !conversations.isPending });
  const person: ConversationPerson | null | undefined = listed
    ? listed.with
    : connection.data
      ? { id: connection.data.id, firstName: connection.data.firstName, lastName: connection.data.lastName, imageUrl: connection.data.imageUrl }
      : queued?.[0]?.payload.to;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : person === null ? DELETED_MEMBER : '';
  useDocumentTitle(name ? `Messages with ${person?.firstName ?? DELETED_MEMBER}` : 'Messages');

  const messages = useMessages(userId);
  const stored = useMemo(() => (messages.data ? [...messages.data.pages].reverse().flatMap((page) => page.messages) : []), [messages.data]);
  const shown = useMemo(() => shownMessages(stored, queued), [stored, queued]);
  const days = useMemo(() => messageDays(shown, new Date()), [shown]);

  // Read up to their newest message while the conversation is on screen.
  const lastTheirs = [...stored].reverse().find((m) => !m.fromMe);
  const unread = (listed?.unread ?? 0) > 0 || (lastTheirs !== undefined && lastTheirs.state !== 'read');
  useEffect(() => {
    if (!lastTheirs || !unread) return;
    const read = () => {
      if (document.visibilityState !== 'visible') return;
      cacheConversationRead(queryClient, userId);
      void markRead(userId, lastTheirs.id).then(refreshUnread);
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [lastTheirs, unread, queryClient, userId]);

  // Opened at its end; a new message keeps the end in view when the member was there.
  const shownCount = useRef(0);
  const wasNearEnd = useRef(true);
  const olderFrom = useRef<number | null>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (olderFrom.current !== null) {
      // Older messages came in above: what the member was reading stays where it was.
      window.scrollTo(0, root.scrollHeight - olderFrom.current);
      olderFrom.current = null;
    } else if (shown.length > shownCount.current && (shownCount.current === 0 || wasNearEnd.current || shown.at(-1)?.fromMe)) {
      window.scrollTo(0, root.scrollHeight);
    }
    shownCount.current = shown.length;
  }, [shown]);
  useEffect(() => {
    const onScroll = () => (wasNearEnd.current = nearEnd());
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const loadOlder = () => {
    olderFrom.current = document.documentElement.scrollHeight - window.scrollY;
    void messages.fetchNextPage();
  };

  const { send, ready } = useSendMessage(person ?? { id: userId, firstName: name, lastName: '', imageUrl: null });

  const notFound = !listed && !queued?.length && connection.error instanceof ApiError && connection.error.status === 404 && stored.length === 0;
  if (notFound)
    return (
      <div className="page conversation-page">
        <EmptyState
          title="Conversation not found"
          action={
            <Link href="/messages" className="btn btn--primary btn--md">
              Your messages
            </Link>
          }
        >
          You can write to your connections.
        </EmptyState>
      </div>
    );

  const loading = (messages.isPending && !queued?.length) || !settled || (person === undefined && (conversations.isPending || connection.isPending));
  return (
    <div className="page conversation-page">
      <header className="conversation-header">
        <Link href="/messages" className="btn btn--ghost btn--sm" aria-label="Back to messages">
          <ArrowLeftIcon width="16" height="16" />
        </Link>
        {person ? (
          <Link href={`/connections/${encodeURIComponent(userId)}`} className="conversation-person">
            <Avatar id={userId} firstName={person.firstName} lastName={person.lastName} imageUrl={person.imageUrl} size="sm" alt="" />
            <h1 className="conversation-title">{name}</h1>
          </Link>
        ) : (
          <h1 className="conversation-title">{name || 'Messages'}</h1>
        )}
        {person && <SafetyButton member={person} className="conversation-safety" onBlocked={() => navigate('/messages')} />}
      </header>
      {loading ? (
        <Spinner label="Loading messages" />
      ) : (
        <>
          {messages.isError && (
            <p className="conversation-note" role="status">
              {errorMessage(messages.error)}{' '}
              <Button variant="link" onClick={() => void messages.refetch()}>
                Retry
              </Button>
            </p>
          )}
          {messages.hasNextPage && (
            <Button variant="ghost" size="sm" className="conversation-older" onClick={loadOlder} loading={messages.isFetchingNextPage}>
              Load earlier messages
            </Button>
          )}
          {shown.length === 0 && !messages.isError && <p className="conversation-note">No messages yet. Say hello!</p>}
          {days.map((day) => (
            <section key={`${day.label}-${day.messages[0]!.id}`} className="message-day" aria-label={day.label}>
              <h2 className="message-day-label">{day.label}</h2>
              <ol className="message-list">
                {day.messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    onRetry={outbox ? (id) => void outbox.retry(id) : undefined}
                    onDelete={outbox ? (id) => void outbox.discard(id) : undefined}
                  />
                ))}
              </ol>
            </section>
          ))}
        </>
      )}
      {person === null ? (
        <p className="conversation-note">This member deleted their account.</p>
      ) : (
        <Composer label={person ? `Message ${person.firstName}` : 'Message'} ready={ready && person !== undefined} onSend={send} />
      )}
    </div>
  );
}
