import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { JOURNEY_TYPES, type JourneyType } from '../../../../contract/chat';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useOnline } from '../../../lib/use-online';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { SparklesIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useCreateChat } from '../api/create-chat';
import { useChats } from '../api/get-chats';
import { JOURNEY_HINTS, JOURNEY_LABELS } from '../journeys';
import './assistant.css';

export interface AssistantHomeProps {
  /** From the URL (?journey=...&eventId=...): start this journey at once (event detail's links). */
  start?: { journeyType: JourneyType; eventId: string | null } | null;
}

/** /assistant: new chat by journey, and the member's chats. */
export function AssistantHome({ start }: AssistantHomeProps) {
  const [, navigate] = useLocation();
  const chats = useChats();
  const create = useCreateChat();
  const online = useOnline();
  const started = useRef(false);

  const begin = (journeyType: JourneyType, eventId: string | null = null) => {
    create.mutate({ journeyType, ...(eventId ? { eventId } : {}) }, { onSuccess: (chat) => navigate(`/assistant/${chat.id}`, { replace: Boolean(start) }) });
  };

  useEffect(() => {
    if (!start || started.current) return;
    started.current = true;
    begin(start.journeyType, start.eventId);
    // Once per visit of the link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [start]);

  const list = chats.data?.chats ?? [];
  return (
    <div className="page assistant-page">
      <header className="page-header">
        <h1 className="page-title">Assistant</h1>
        <p className="page-lead">Find events, prepare for one, or follow up after it.</p>
      </header>

      <section aria-labelledby="assistant-new" className="assistant-section">
        <h2 id="assistant-new" className="assistant-section-title">
          Start a new chat
        </h2>
        <div className="assistant-journeys">
          {JOURNEY_TYPES.map((journeyType) => (
            <button key={journeyType} type="button" className="assistant-journey" disabled={create.isPending || !online} onClick={() => begin(journeyType)}>
              <span className="assistant-journey-name">{JOURNEY_LABELS[journeyType]}</span>
              <span className="assistant-journey-hint">{JOURNEY_HINTS[journeyType]}</span>
            </button>
          ))}
        </div>
        {create.isPending && <Spinner label="Starting the chat" />}
        {create.isError && (
          <p className="assistant-error" role="alert">
            {errorMessage(create.error)}
          </p>
        )}
        {!online && <p className="assistant-note">You're offline: your past chats can be read, new ones need a connection.</p>}
      </section>

      <section aria-labelledby="assistant-chats" className="assistant-section">
        <h2 id="assistant-chats" className="assistant-section-title">
          Your chats
        </h2>
        {chats.isPending ? (
          <Spinner label="Loading your chats" />
        ) : chats.isError && !chats.data ? (
          <EmptyState
            title="Error loading chats"
            action={
              <Button onClick={() => void chats.refetch()} loading={chats.isFetching}>
                Retry
              </Button>
            }
          >
            {errorMessage(chats.error)}
          </EmptyState>
        ) : list.length === 0 ? (
          <EmptyState icon={<SparklesIcon />} title="No chats yet">
            Start one above: the assistant answers at once.
          </EmptyState>
        ) : (
          <ul className="assistant-chat-list">
            {list.map((chat) => (
              <li key={chat.id}>
                <Link href={`/assistant/${chat.id}`} className="assistant-chat-link">
                  <span className="assistant-chat-title">{chat.title}</span>
                  <span className="assistant-chat-meta">
                    {JOURNEY_LABELS[chat.journeyType]} · {formatDate(chat.updatedAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
