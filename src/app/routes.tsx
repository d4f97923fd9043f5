import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PRIVACY_PATH, TERMS_PATH } from '../lib/legal-paths';
import { Spinner } from '../ui/Spinner';
import { Protected, PublicOnly } from './guards';
import { preloadOutboxModules, startsOnMeetPage } from './outbox-modules';

// Every screen is its own chunk, so the first screen loads only what it shows.
const AuthRoute = lazy(() => import('../routes/auth').then((m) => ({ default: m.AuthRoute })));
const ResetPasswordRoute = lazy(() => import('../routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));
const CompleteProfileRoute = lazy(() => import('../routes/complete-profile').then((m) => ({ default: m.CompleteProfileRoute })));
const EventsRoute = lazy(() => import('../routes/events').then((m) => ({ default: m.EventsRoute })));
const FeedRoute = lazy(() => import('../routes/feed').then((m) => ({ default: m.FeedRoute })));
const ProfileRoute = lazy(() => import('../routes/profile').then((m) => ({ default: m.ProfileRoute })));
const EventDetailRoute = lazy(() => import('../routes/event-detail').then((m) => ({ default: m.EventDetailRoute })));
const CreateEventRoute = lazy(() => import('../routes/create-event').then((m) => ({ default: m.CreateEventRoute })));
const EventJoinRedirectRoute = lazy(() => import('../routes/event-join').then((m) => ({ default: m.EventJoinRedirectRoute })));
const EventJoinGoalRoute = lazy(() => import('../routes/event-join').then((m) => ({ default: m.EventJoinGoalRoute })));
// The deck shows no card before the outbox answered: its code loads beside the screen's, not after.
let loadedEventConnect: ComponentType | null = null;
const loadEventConnect = () => {
  preloadOutboxModules();
  return import('../routes/event-connect').then((m) => (loadedEventConnect = m.EventConnectRoute));
};

/**
 * The Meet page, loaded like the lazy screens but without Suspense: after a Suspense fallback
 * showed, React holds the revealed screen back for a moment, which an offline start at a venue
 * would wait for. Its code usually came with the shell's start (below), so it renders at once.
 */
function EventConnectRoute() {
  const [Loaded, setLoaded] = useState(() => loadedEventConnect);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    loadEventConnect().then(
      (component) => live && setLoaded(() => component),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [Loaded]);
  // As a lazy screen's failed import does: the error boundary shows it.
  if (failure) throw failure.error;
  return Loaded ? <Loaded /> : <Spinner />;
}

// Started on the Meet page (a venue, the home screen): its code loads with the shell, while the
// persisted cache is restored before the first render. A failure shows through the lazy screen.
if (startsOnMeetPage()) loadEventConnect().catch(() => {});

const OrganizerRoute = lazy(() => import('../routes/organizer').then((m) => ({ default: m.OrganizerRoute })));
const NotFoundRoute = lazy(() => import('../routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
// Public, and read rarely: their own chunks, off the first screen's budget.
const TermsRoute = lazy(() => import('../routes/terms').then((m) => ({ default: m.TermsRoute })));
const PrivacyRoute = lazy(() => import('../routes/privacy').then((m) => ({ default: m.PrivacyRoute })));

/**
 * The route table of SPEC.md section 2, as far as it is built. Screens of later issues
 * (connections, pricing, subscription, public profile) are not registered yet, so their paths show
 * Not Found (after sign-in, like every protected path); /feed and /profile
 * are registered because the navigation links to them.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path="/auth">
          <PublicOnly>
            <AuthRoute />
          </PublicOnly>
        </Route>
        <Route path="/auth/reset-password">
          {/* It signs in with a code: once signed in, the member goes on as from /auth. */}
          <PublicOnly>
            <ResetPasswordRoute />
          </PublicOnly>
        </Route>
        <Route path="/auth/login">
          <Redirect to="/auth" replace />
        </Route>
        <Route path="/auth/signup">
          <Redirect to="/auth?tab=signup" replace />
        </Route>
        <Route path="/login">
          <Redirect to="/auth" replace />
        </Route>
        <Route path="/signup">
          <Redirect to="/auth?tab=signup" replace />
        </Route>
        {/* The Terms of Service and the Privacy Policy: readable before signing up and from the
            consent dialog (which the app does not show over them). */}
        <Route path={TERMS_PATH}>
          <TermsRoute />
        </Route>
        <Route path={PRIVACY_PATH}>
          <PrivacyRoute />
        </Route>
        <Route path="/complete-profile">
          <Protected allowIncompleteProfile>
            <CompleteProfileRoute />
          </Protected>
        </Route>
        <Route path="/">
          <Protected>
            <EventsRoute />
          </Protected>
        </Route>
        <Route path="/events">
          <Protected>
            <EventsRoute />
          </Protected>
        </Route>
        {/* /events/create before /events/:eventId, which would otherwise take "create" as an id. */}
        <Route path="/events/create">
          <Protected>
            <CreateEventRoute />
          </Protected>
        </Route>
        {/* Join links are public: a visitor sees the event and signs up on the goal page itself. */}
        <Route path="/events/:eventId/join/:secret">
          <EventJoinRedirectRoute />
        </Route>
        <Route path="/events/:eventId/join/:secret/goal">
          <EventJoinGoalRoute />
        </Route>
        {/* A member without role or story may open an event: it offers 'Complete Profile to
            Connect', and Meet Attendees sends them back to it with the reason. */}
        <Route path="/events/:eventId/connect">
          <Protected allowIncompleteProfile>
            <EventConnectRoute />
          </Protected>
        </Route>
        <Route path="/events/:eventId">
          <Protected allowIncompleteProfile>
            <EventDetailRoute />
          </Protected>
        </Route>
        <Route path="/organizer/:id">
          <Protected>
            <OrganizerRoute />
          </Protected>
        </Route>
        <Route path="/feed">
          <Protected>
            <FeedRoute />
          </Protected>
        </Route>
        <Route path="/profile">
          <Protected>
            <ProfileRoute />
          </Protected>
        </Route>
        {/* Every screen but the public ones needs a signed-in member, so an unknown path does too:
            an anonymous visitor signs in first and then sees Not Found (or the screen, once built). */}
        <Route>
          <Protected allowIncompleteProfile>
            <NotFoundRoute />
          </Protected>
        </Route>
      </Switch>
    </Suspense>
  );
}
