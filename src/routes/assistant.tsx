import { useMemo } from 'react';
import { useParams, useSearch } from 'wouter';
import { AssistantHome } from '../features/assistant/components/AssistantHome';
import { ChatView } from '../features/assistant/components/ChatView';
import { isJourneyType } from '../features/assistant/journeys';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /assistant (chat list, new chat by journey; ?journey=...&eventId=... starts one at once, from the
 * event detail) and /assistant/{chatId} (one chat). One lazy chunk for both.
 */
export function AssistantRoute() {
  const { chatId } = useParams<{ chatId?: string }>();
  return chatId ? <ChatView key={chatId} chatId={chatId} /> : <Home />;
}

function Home() {
  useDocumentTitle('Assistant');
  const search = useSearch();
  const start = useMemo(() => {
    const params = new URLSearchParams(search);
    const journey = params.get('journey');
    return isJourneyType(journey) ? { journeyType: journey, eventId: params.get('eventId') } : null;
  }, [search]);
  return <AssistantHome start={start} />;
}
