import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { meQueryOptions } from '../lib/signed-in-member';
import { useMingleCompilation } from '../features/mingle-compilation/api/get-mingle-compilation';
import { MingleCompilationPage } from '../features/mingle-compilation/components/MingleCompilationPage';
import { ApiError } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { NotFoundMessage } from '../ui/NotFoundMessage';

/**
 * /events/{eventId}/mingle: the fixed event's mingle compilation, for its attendees.
 * The route is protected, so an anonymous visitor signs in first and comes back here; a session
 * that ended meanwhile (401) asks who is signed in again, and the guard does the same. An event
 * without a compilation is the app's not-found screen.
 */
export function MingleCompilationRoute() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  const { data, error } = useMingleCompilation(eventId);
  const status = error instanceof ApiError ? error.status : null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === 401) void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
  }, [status, queryClient]);
  useDocumentTitle(...(status === 404 ? ['Page not found'] : ['Mingle compilation', data?.event.name]));
  if (status === 404) return <NotFoundMessage />;
  return <MingleCompilationPage key={eventId} eventId={eventId} />;
}
