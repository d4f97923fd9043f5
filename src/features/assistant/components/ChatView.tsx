import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { BASIC_ASSISTANT_LABEL, CHAT_MESSAGE_MAX, type ChatDetail, type ChatEventCard } from '../../../../contract/chat';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useDeleteChat } from '../api/delete-chat';
import { useArchivedPage } from '../api/get-archived';
import { useChat } from '../api/get-chat';
import { useSelectEvent } from '../api/select-event';
import { useSendMessage } from '../api/send-message';
import { JOURNEY_LABELS } from '../journeys';
import { MessageItem } from './MessageItem';
import './assistant.css';
import { useSetGoal } from '../../event-detail/api/set-goal';

/** /assistant/{chatId}: one chat, its messages (earlier pages on demand) and the composer. */
export function ChatView({ chatId }: { chatId: string }) {
  const chat = useChat(chatId);
  useDocumentTitle(chat.data?.title, 'Assistant');
  if (chat.isPending) return <Spinner label="Loading the chat" />;
  if (chat.isError && !chat.data) {
    const missing = 'status' in chat.error && chat.error.status === 404;
    return (
      <div className="page">
        <EmptyState
          title={missing ? 'Chat not found' : 'Error loading chat'}
          action={
            <Link href="/assistant" className="btn btn--primary btn--md">
              Back to chats
            </Link>
          }
        >
          {missing ? "This chat doesn't exist or was deleted." : errorMessage(chat.error)}
        </EmptyState>
      </div>
    );
  }
  return <Chat chat={chat.data} />;
}

function Chat({ chat }: { chat: ChatDetail }) {
  const [, navigate] = useLocation();
  const online = useOnline();
  const sender = useSendMessage(chat.id);
  const select = useSelectEvent(chat.id);
  const remove = useDeleteChat();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [olderLoaded, setOlderLoaded] = useState(0);
  const endRef = useRef<HTMLDivElement>(null);
  const busy = sender.sending || select.isPending;
  const basic = chat.assistant === 'basic' || chat.messages.some((m) => m.metadata.basic);

  // The quick replies show only once the send has ended, a render after the answer lands: scroll
  // again then, or they stay under the composer.
  const count = chat.messages.length;
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count, sender.streaming, sender.sending]);

  const send = async (content: string) => {
    const trimmed = content.trim();
    if (!trimmed || busy) return;
    setText('');
    if (!(await sender.send(trimmed))) setText(trimmed);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(text);
    }
  };
  // The event the chat prepares for: its suggested goal can become the member's goal there.
  const goalEvent = chat.eventId ?? chat.selectedEventId;
  const goal = useSetGoal(goalEvent);
  const choose = (card: ChatEventCard) => select.mutate({ selectedEventId: card.eventId, ...(card.name ? { selectedEventName: card.name } : {}) });
  const confirmDelete = () =>
    remove.mutate(chat.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Chat deleted' });
        navigate('/assistant', { replace: true });
      },
    });

  // Archived pages, newest first above the live page: page n is the one just before it.
  const olderPages = Array.from({ length: olderLoaded }, (_, i) => chat.archivedPages - i)
    .filter((p) => p > 0)
    .reverse();
  const lastAnswer = [...chat.messages].reverse().find((m) => m.role === 'ASSISTANT');

  return (
    <div className="page assistant-page assistant-chat">
      <header className="assistant-chat-header">
        <Link href="/assistant" className="assistant-back">
          ← All chats
        </Link>
        <h1 className="page-title assistant-chat-heading">{chat.title}</h1>
        <p className="assistant-chat-meta">
          {JOURNEY_LABELS[chat.journeyType]}
          {chat.selectedEventId && chat.selectedEventName && (
            <>
              {' · '}Event: <Link href={`/events/${chat.selectedEventId}`}>{chat.selectedEventName}</Link>
            </>
          )}
        </p>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          Delete chat
        </Button>
      </header>
      {basic && (
        <p className="assistant-basic" role="note">
          {BASIC_ASSISTANT_LABEL}
        </p>
      )}

      {chat.archivedPages > olderLoaded && (
        <Button variant="secondary" size="sm" className="assistant-older" onClick={() => setOlderLoaded((n) => n + 1)}>
          Show earlier messages
        </Button>
      )}
      {olderPages.map((page) => (
        <ArchivedPage key={page} chatId={chat.id} page={page} />
      ))}

      <div role="log" aria-live="polite" aria-label="Messages">
        <ol className="assistant-messages">
          {chat.messages.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              showChips={message === lastAnswer && !sender.sending}
              busy={busy || !online}
              onChip={(chip) => void send(chip)}
              onUseGoal={goalEvent ? (suggested) => void goal.set(suggested) : undefined}
              goalBusy={goal.saving || !goal.ready}
              onChoose={choose}
            />
          ))}
          {sender.pending !== null && (
            <li className="assistant-message assistant-message--user">
              <span className="visually-hidden">You:</span>
              <div className="assistant-bubble">{sender.pending}</div>
            </li>
          )}
          {sender.sending && (
            <li className="assistant-message assistant-message--assistant" aria-busy="true">
              <span className="visually-hidden">Assistant:</span>
              <div className="assistant-bubble">{sender.streaming || <span className="assistant-typing">Thinking…</span>}</div>
            </li>
          )}
        </ol>
      </div>
      <div ref={endRef} className="assistant-end" />
      {select.isPending && <Spinner label="Choosing the event" />}
      {(sender.error || select.error) && (
        <p className="assistant-error" role="alert">
          {errorMessage(sender.error ?? select.error)}
        </p>
      )}

      <form className="assistant-composer" onSubmit={onSubmit}>
        <label htmlFor="assistant-input" className="visually-hidden">
          Message the assistant
        </label>
        <textarea
          id="assistant-input"
          className="assistant-input"
          rows={1}
          maxLength={CHAT_MESSAGE_MAX}
          placeholder={online ? 'Ask the assistant…' : "You're offline"}
          value={text}
          disabled={!online}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" loading={sender.sending} disabled={!online || !text.trim()}>
          Send
        </Button>
      </form>

      <Dialog
        open={confirming}
        title="Delete chat"
        description={`Are you sure you want to delete "${chat.title}"? This action cannot be undone.`}
        onClose={() => setConfirming(false)}
      >
        {remove.isError && (
          <p className="assistant-error" role="alert">
            {errorMessage(remove.error)}
          </p>
        )}
        <div className="assistant-dialog-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function ArchivedPage({ chatId, page }: { chatId: string; page: number }) {
  const archived = useArchivedPage(chatId, page);
  if (archived.isPending) return <Spinner label="Loading earlier messages" />;
  if (archived.isError) return <p className="assistant-error">{errorMessage(archived.error)}</p>;
  return (
    <ol className="assistant-messages assistant-messages--archived" aria-label={`Earlier messages, page ${page}`}>
      {archived.data.messages.map((message) => (
        <MessageItem key={message.id} message={message} showChips={false} busy onChip={() => undefined} onChoose={() => undefined} />
      ))}
    </ol>
  );
}
