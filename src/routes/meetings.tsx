import { lazy, Suspense } from 'react';
import { Route, Switch, useParams, useSearch } from 'wouter';
import { EventMeetingsScreen } from '../features/meetings/components/EventMeetingsScreen';
import { MeetingEventChooser } from '../features/meetings/components/MeetingEventChooser';
import { MeetingPage } from '../features/meetings/components/MeetingPage';
import { MeetingsScreen } from '../features/meetings/components/MeetingsScreen';
import { Spinner } from '../ui/Spinner';

const MeetingRequestScreen = lazy(() => import('../features/meetings/components/meeting-forms').then((m) => ({ default: m.MeetingRequestScreen })));

const withParam = (search: string) => new URLSearchParams(search).get('with') ?? '';

function EventMeetings() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  return <EventMeetingsScreen key={eventId} eventId={eventId} />;
}

function NewMeeting() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  const withUserId = withParam(useSearch());
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <MeetingRequestScreen key={`${eventId}/${withUserId}`} eventId={eventId} withUserId={withUserId} />
    </Suspense>
  );
}

function OneMeeting() {
  const { id = '' } = useParams<{ id: string }>();
  return <MeetingPage key={id} meetingId={id} />;
}

/**
 * The meetings screens, one chunk (docs/product.md, 'Meetings'): /meetings, /meetings/new?with=,
 * /meetings/{id}, /events/{id}/meetings and /events/{id}/meetings/new?with=.
 */
export function MeetingsRoute() {
  const search = useSearch();
  return (
    <Switch>
      <Route path="/meetings">
        <MeetingsScreen />
      </Route>
      <Route path="/meetings/new">
        <MeetingEventChooser key={withParam(search)} withUserId={withParam(search)} />
      </Route>
      <Route path="/meetings/:id">
        <OneMeeting />
      </Route>
      <Route path="/events/:eventId/meetings">
        <EventMeetings />
      </Route>
      <Route path="/events/:eventId/meetings/new">
        <NewMeeting />
      </Route>
    </Switch>
  );
}
