import { Redirect, useParams } from 'wouter';
import { joinGoalPath } from '../features/event-detail/event-summary';
import { usePublicEvent } from '../features/join/api/get-public-event';
import { JoinGoalPage } from '../features/join/components/JoinGoalPage';
import { useDocumentTitle } from '../lib/use-document-title';

type JoinParams = { eventId: string; secret: string };

/** /events/{eventId}/join/{secret}: the link members share; it opens the goal page. */
export function EventJoinRedirectRoute() {
  const { eventId = '', secret = '' } = useParams<JoinParams>();
  return <Redirect to={joinGoalPath(eventId, secret)} replace />;
}

/** /events/{eventId}/join/{secret}/goal: public (anonymous visitors sign up right there). */
export function EventJoinGoalRoute() {
  const { eventId = '', secret = '' } = useParams<JoinParams>();
  useDocumentTitle('Join', usePublicEvent(eventId, secret).data?.eventData?.name);
  return <JoinGoalPage key={`${eventId}/${secret}`} eventId={eventId} secret={secret} />;
}
