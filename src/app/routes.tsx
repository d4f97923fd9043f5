import { Redirect, Route, Switch } from 'wouter';
import { PRIVACY_PATH, TERMS_PATH } from '../lib/legal-paths';
import { Protected, PublicOnly } from './guards';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { preloadOutboxModules } from './outbox/outbox-modules';

// Every screen is its own chunk, so the first screen loads only what it shows.
const auth = lazyScreen(() => import('../routes/auth').then((m) => m.AuthRoute));
const resetPassword = lazyScreen(() => import('../routes/reset-password').then((m) => m.ResetPasswordRoute));
const completeProfile = lazyScreen(() => import('../routes/complete-profile').then((m) => m.CompleteProfileRoute));
const events = lazyScreen(() => import('../routes/events').then((m) => m.EventsRoute));
const feed = lazyScreen(() => import('../routes/feed').then((m) => m.FeedRoute));
const profile = lazyScreen(() => import('../routes/profile').then((m) => m.ProfileRoute));
const eventDetail = lazyScreen(() => import('../routes/event-detail').then((m) => m.EventDetailRoute));
const createEvent = lazyScreen(() => import('../routes/create-event').then((m) => m.CreateEventRoute));
const eventJoinRedirect = lazyScreen(() => import('../routes/event-join').then((m) => m.EventJoinRedirectRoute));
const eventJoinGoal = lazyScreen(() => import('../routes/event-join').then((m) => m.EventJoinGoalRoute));
// The deck shows no card before the outbox answered: its code loads beside the screen's, not after.
const eventConnect = lazyScreen(() => {
  preloadOutboxModules();
  return import('../routes/event-connect').then((m) => m.EventConnectRoute);
});
const organizer = lazyScreen(() => import('../routes/organizer').then((m) => m.OrganizerRoute));
const connections = lazyScreen(() => import('../routes/connections').then((m) => m.ConnectionsRoute));
const connection = lazyScreen(() => import('../routes/connection').then((m) => m.ConnectionRoute));
const publicProfile = lazyScreen(() => import('../routes/public-profile').then((m) => m.PublicProfileRoute));
// /pricing and Checkout's return pages: one entry (the deck loads this table; its budget has no room for three).
const billing = lazyScreen(() => import('../routes/pricing').then((m) => m.BillingRoute));
// The assistant: /assistant and /assistant/{chatId}, one entry and one chunk.
const assistant = lazyScreen(() => import('../routes/assistant').then((m) => m.AssistantRoute));
// Meetings at events: every meetings screen, one chunk.
const meetings = lazyScreen(() => import('../routes/meetings').then((m) => m.MeetingsRoute));
// Messages: the conversations and one conversation, one chunk.
const messages = lazyScreen(() => import('../routes/messages').then((m) => m.MessagesRoute));
const notFound = lazyScreen(() => import('../routes/not-found').then((m) => m.NotFoundRoute));
// Public, and read rarely: off the first screen's budget, one entry for both (routes/legal.tsx).
const legal = lazyScreen(() => import('../routes/legal').then((m) => m.LegalRoute));
// The promotional page of a week: public, its own small chunk.
const week = lazyScreen(() => import('../routes/week').then((m) => m.WeekRoute));
// A fixed event's mingle compilation: for its attendees, its own chunk.
const mingle = lazyScreen(() => import('../routes/mingle-compilation').then((m) => m.MingleCompilationRoute));

/**
 * The screen at `pathname` among those a signed-in member's page can start on with its code
 * announced (server/http/first-screen.ts), or null. Its code is loaded before the first render
 * (main.tsx), so the first paint is the screen itself, not a spinner and the screen after it.
 */
export function startScreen(pathname: string): LazyScreen | null {
  if (pathname === '/' || /^\/events\/?$/.test(pathname)) return events;
  if (/^\/events\/[^/]+\/connect\/?$/.test(pathname)) return eventConnect;
  if (/^\/events\/create\/?$/.test(pathname)) return null;
  if (/^\/events\/[^/]+\/?$/.test(pathname)) return eventDetail;
  return null;
}

/** The route table of docs/product.md section 2. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/auth">
        <PublicOnly>
          <auth.Screen />
        </PublicOnly>
      </Route>
      <Route path="/auth/reset-password">
        {/* It signs in with a code: once signed in, the member goes on as from /auth. */}
        <PublicOnly>
          <resetPassword.Screen />
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
        <legal.Screen />
      </Route>
      <Route path={PRIVACY_PATH}>
        <legal.Screen />
      </Route>
      <Route path="/week/:slug">
        <week.Screen />
      </Route>
      <Route path="/complete-profile">
        <Protected allowIncompleteProfile>
          <completeProfile.Screen />
        </Protected>
      </Route>
      <Route path="/">
        <Protected>
          <events.Screen />
        </Protected>
      </Route>
      <Route path="/events">
        <Protected>
          <events.Screen />
        </Protected>
      </Route>
      {/* /events/create before /events/:eventId, which would otherwise take "create" as an id. */}
      <Route path="/events/create">
        <Protected>
          <createEvent.Screen />
        </Protected>
      </Route>
      {/* Join links are public: a visitor sees the event and signs up on the goal page itself. */}
      <Route path="/events/:eventId/join/:secret">
        <eventJoinRedirect.Screen />
      </Route>
      <Route path="/events/:eventId/join/:secret/goal">
        <eventJoinGoal.Screen />
      </Route>
      {/* A member without role or story may open an event: it offers 'Complete Profile to
          Connect', and Meet Attendees sends them back to it with the reason. */}
      <Route path="/events/:eventId/connect">
        <Protected allowIncompleteProfile>
          <eventConnect.Screen />
        </Protected>
      </Route>
      {/* /events/{id}/meetings and its new request (routes/meetings.tsx tells the screens apart), and
          /meetings, /meetings/new and /meetings/{id}: one route, one chunk. */}
      <Route path="/:events?/:eventId?/meetings/:rest?">
        <Protected>
          <meetings.Screen />
        </Protected>
      </Route>
      <Route path="/messages/:userId?">
        <Protected>
          <messages.Screen />
        </Protected>
      </Route>
      <Route path="/events/:eventId/mingle">
        <Protected allowIncompleteProfile>
          <mingle.Screen />
        </Protected>
      </Route>
      <Route path="/events/:eventId">
        <Protected allowIncompleteProfile>
          <eventDetail.Screen />
        </Protected>
      </Route>
      <Route path="/organizer/:id">
        <Protected>
          <organizer.Screen />
        </Protected>
      </Route>
      {/* A shared profile link: sign-in first (the path is kept for after it), then the profile. */}
      <Route path="/users/:userId/public/:secretId">
        <Protected>
          <publicProfile.Screen />
        </Protected>
      </Route>
      {/* A member seen at an event the member attends too: their profile, without a link's secret. */}
      <Route path="/users/:userId">
        <Protected>
          <publicProfile.Screen />
        </Protected>
      </Route>
      <Route path="/connections">
        <Protected>
          <connections.Screen />
        </Protected>
      </Route>
      <Route path="/connections/:id">
        <Protected>
          <connection.Screen />
        </Protected>
      </Route>
      <Route path="/feed">
        <Protected>
          <feed.Screen />
        </Protected>
      </Route>
      <Route path="/profile">
        <Protected>
          <profile.Screen />
        </Protected>
      </Route>
      <Route path="/pricing">
        <Protected>
          <billing.Screen />
        </Protected>
      </Route>
      {/* Checkout's return pages (docs/product.md section 2): /subscription/success and /cancel. */}
      <Route path="/subscription/:page">
        <Protected>
          <billing.Screen />
        </Protected>
      </Route>
      <Route path="/assistant/:chatId?">
        <Protected>
          <assistant.Screen />
        </Protected>
      </Route>
      {/* Every screen but the public ones needs a signed-in member, so an unknown path does too:
          an anonymous visitor signs in first and then sees Not Found (or the screen, once built). */}
      <Route>
        <Protected allowIncompleteProfile>
          <notFound.Screen />
        </Protected>
      </Route>
    </Switch>
  );
}
