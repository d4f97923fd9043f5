import { randomUUID } from 'node:crypto';
import { encodeDeckCursor } from '../../services/deck/deck-cursor';
import { DAY } from '../helpers/events-fixtures';
import { NAMES } from '../helpers/test-app';
import type { FuzzWorld } from './world';

/** A body a route accepts, from which the suite makes cases with exactly one field spoiled. */
export interface ValidBody {
  body: Record<string, unknown>;
  /** 400 answers this valid body may get that are about no one field ('Already registered'). */
  refusals?: string[];
  /** The route also reads multipart and urlencoded forms. */
  form?: boolean;
  /** Fields holding a URL the server requests later: one inside its network must be a 400 naming the field. */
  requested?: string[];
  /** Fields the route accepts for the client's sake and stores nothing of (a fixed value instead). */
  ignored?: string[];
}

/**
 * The fuzz app's settings, so that the valid bodies are valid: push endpoints at push.example (the
 * browsers' push services cannot be resolved here).
 */
// A stream ends at once here (STREAM_MAX_MS), so a case that opens one gets its whole answer.
export const FUZZ_APP_ENV = { PUSH_ALLOWED_ORIGINS: 'https://push.example', STREAM_MAX_MS: '1' };

/**
 * One entry per route that takes a body (every POST, PUT and PATCH; 'none' for those that take
 * none). A new route of those methods without an entry fails the fuzz suite, naming it.
 */
export const VALID_BODIES: Record<string, (w: FuzzWorld) => ValidBody | 'none'> = {
  'POST /api/signup/pin/request': () => ({ body: { ...NAMES, email: `fuzz-${randomUUID()}@example.com` } }),
  'POST /api/login/pin/request': (w) => ({ body: { email: w.memberEmail } }),
  'POST /api/signup/pin/verify': () => ({
    body: { ...NAMES, email: 'fuzz-never-asked@example.com', pin: '123456' },
    refusals: ['Invalid pin', 'Pin expired'],
  }),
  'POST /api/login/pin/verify': (w) => ({ body: { email: w.memberEmail, pin: '123456' }, refusals: ['Invalid pin', 'Pin expired'] }),
  'POST /api/oauth/logout': () => 'none',
  'POST /api/users/me/share': () => 'none',
  'POST /api/users/me/share/rotate': () => 'none',
  'POST /api/users/me/calendar-feed/rotate': () => 'none',
  'POST /api/users/:id/connect': () => 'none',
  'POST /api/users/:id/connect/:secret': () => 'none',
  'DELETE /api/users/me': () => ({ body: { pin: '123456' }, refusals: ['Invalid pin', 'Pin expired'] }),
  'POST /api/users/interactions/positive': (w) => ({ body: { toUserId: w.bob.id, eventId: w.ids.event[0] } }),
  'POST /api/users/interactions/negative': (w) => ({ body: { toUserId: w.bob.id, eventId: w.ids.event[0] } }),
  'POST /api/users/interactions/batch': (w) => ({
    body: { items: [{ key: randomUUID(), type: 'NEGATIVE', toUserId: w.bob.id, eventId: w.ids.event[0] }] },
  }),
  'PATCH /api/users/me': () => ({
    body: {
      ...NAMES,
      role: 'Engineer',
      story: 'I build things.',
      location: 'Stockholm',
      linkedinUrl: 'linkedin.com/in/ada',
      phone: '+46701234567',
      removeProfileImage: true,
    },
    form: true,
  }),
  // No provider in the fuzz app: a valid body is answered 503 PROFILE_LOOKUP_UNAVAILABLE (rules.ts).
  'POST /api/signup/linkedin/search': () => ({ body: { firstName: 'Ada', lastName: 'Lovelace', company: 'Babbage & Co' } }),
  'POST /api/signup/linkedin/search/profile': () => ({ body: { linkedinProfileUrl: 'https://www.linkedin.com/in/ada-lovelace/' } }),
  'PUT /api/users/:id/note': () => ({ body: { note: 'Met at the fuzz summit; follow up on Monday.' } }),
  // Safety: the path names bob (world.ts idKindOf), whom the member may block and report.
  'PUT /api/users/:id/block': () => 'none',
  'POST /api/users/:id/report': () => ({ body: { reason: 'harassment', text: 'Sent me the same pitch five times.\nThen insults.' } }),
  'PUT /api/users/me/networking': () => ({ body: { paused: false } }),
  // Meetings: bob asked the member (world.ts); answers that no longer fit its state are 409s.
  'POST /api/events/:id/meetings': (w) => ({
    body: { inviteeId: w.bob.id, startsAt: w.meetingStartsAt, minutes: 15, place: 'Table 12', message: 'Shall we compare notes on fuzzing?' },
  }),
  'POST /api/meetings/:id/accept': () => ({ body: {} }),
  'POST /api/meetings/:id/decline': () => ({ body: { note: 'Sorry, fully booked that morning.' } }),
  'POST /api/meetings/:id/propose': (w) => ({ body: { startsAt: w.meetingStartsAt, minutes: 30, place: 'Stand B4' } }),
  'POST /api/meetings/:id/cancel': () => ({ body: { note: 'Something came up.' } }),
  'PUT /api/meetings/:id/outcome': () => ({ body: { outcome: 'met' } }),
  // Messages: to bob, a connection (world.ts); five in a row wait for his answer (409).
  'PUT /api/conversations/:userId/messages/:id': () => ({
    body: { text: 'Shall we compare notes on fuzzing?\nAt the coffee bar', actedAt: new Date().toISOString() },
  }),
  'POST /api/conversations/:userId/read': (w) => ({ body: { upTo: w.ids.message[0]! } }),
  'PUT /api/users/me/message-settings': () => ({ body: { readReceipts: true } }),
  'PUT /api/events/:id/meetings/sessions': (w) => ({
    body: { sessions: [{ startsAt: w.meetingStartsAt, endsAt: new Date(Date.parse(w.meetingStartsAt) + 30 * 60_000).toISOString() }] },
  }),
  // The assistant: chat ids in the fuzz paths are junk or event ids, so those answer 404.
  'POST /api/chat': () => ({ body: { journeyType: 'DISCOVER_EVENTS', title: 'Fuzz chat' } }),
  'POST /api/chat/:id/message': () => ({ body: { content: 'Hello', role: 'USER', metadata: { chips: ['Events this week'] } } }),
  'POST /api/chat/:id/gpt-message': () => ({ body: { content: 'AI meetups in Stockholm next month' } }),
  'POST /api/chat/:id/select-event': (w) => ({ body: { selectedEventId: w.ids.event[0], selectedEventName: 'Fuzz event' } }),
  'PATCH /api/chat/:id/journey': () => ({ body: { journeyType: 'FOLLOW_UP' } }),
  // The fuzz app has no payments configured, so the base body names another price (refused before
  // any call to Stripe); each case spoils one field of it.
  'POST /api/stripe/create-checkout-session': () => ({
    body: { priceId: 'price_fuzz', successUrl: 'http://localhost/subscription/success', cancelUrl: 'http://localhost/subscription/cancel' },
    refusals: ['Unknown price ID'],
  }),
  // The fuzz member never went to checkout: 404 'No subscription to manage' once the body is valid.
  'POST /api/stripe/create-portal-session': () => ({ body: { returnUrl: 'http://localhost/profile' } }),
  'POST /api/stripe/reactivate': () => 'none',
  // Stripe's raw, signed body: anything else is 'Invalid signature' (server/routes/stripe.test.ts).
  'POST /api/stripe/webhook': () => 'none',
  'POST /api/users/consents': () => ({ body: { consents: [{ type: 'terms' }, { type: 'ai_recommendations', aiEnabled: true }] } }),
  'PUT /api/users/consents/:id': () => ({ body: { revoke: false, aiEnabled: true } }),
  'POST /api/events/user-added': () => ({
    body: {
      name: 'Fuzz meetup',
      dateTime: new Date(Date.now() + DAY).toISOString(),
      endDateTime: new Date(Date.now() + DAY + 3_600_000).toISOString(),
      eventUrl: 'https://fuzz.example/meetup',
      timeZone: 'Europe/Stockholm',
      imageUrl: '/img/default.png',
      location: 'See event details',
      description: 'Added by a community member.',
    },
    ignored: ['imageUrl', 'location', 'description'],
  }),
  'POST /api/events/:id/join': () => ({ body: { secret: '', goal: 'Meet people' }, refusals: ['Already registered'] }),
  'PATCH /api/events/:id/attendee': () => ({ body: { goal: 'Meet people' } }),
  'POST /api/locations': () => ({ body: { name: 'Fuzz Harbour', country: 'SE', region: 'Fuzz County' } }),
  'POST /api/locations/resolve': () => ({ body: { userInput: 'Fuzzholm, Sweden' } }),
  'PUT /api/ai-recommendations/consent': () => ({ body: { consent: true } }),
  'PUT /api/push/subscription': () => ({
    body: {
      endpoint: 'https://push.example/fuzz',
      expirationTime: null,
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    },
    requested: ['endpoint'],
  }),
  'PUT /api/push/settings': () => ({ body: { newConnection: true, eventReminder: false } }),
};

/**
 * Query strings routes accept, for cases with one parameter spoiled (a 400 must name it). Routes
 * not listed still get junk parameters.
 */
export const VALID_QUERIES: Record<string, (w: FuzzWorld) => Record<string, string>> = {
  'GET /api/events': (w) => ({
    nonPassed: 'true',
    categories: w.filters.category,
    eventTypeIds: w.filters.eventType,
    locationIds: w.filters.location,
    search: 'fuzz',
    page: '1',
    limit: '10',
    includeAttendeeConnections: 'true',
  }),
  'GET /api/organizers/:id/events': (w) => ({ categories: w.filters.category, search: 'event', page: '1', limit: '5' }),
  'GET /api/locations': () => ({ query: 'fuzz', page: '1', limit: '10', country: 'SE', isCustom: 'false' }),
  'GET /api/locations/suggestions': () => ({ q: 'fuzz', limit: '10' }),
  'GET /api/locations/popular': () => ({ limit: '10' }),
  'GET /api/conversations/:userId/messages': () => ({ limit: '20' }),
  'GET /api/stream': () => ({ lastEventId: '1' }),
  'GET /api/events/:id/attendees': (w) => ({ limit: '10', cursor: encodeDeckCursor({ score: 1000, id: w.bob.id }) }),
  'GET /api/events/public/:id': () => ({ secret: 'not-the-secret' }),
  'GET /api/events/my-events': () => ({ includeAttendeeConnections: '1' }),
  'GET /api/feed': () => ({ limit: '10' }),
  'GET /api/ai-recommendations/top-3': (w) => ({ eventId: w.ids.event[0]! }),
  'GET /api/ai-recommendations/pro/batch/:batch': (w) => ({ eventId: w.ids.event[0]! }),
  'GET /api/chat/:id/archived': () => ({ page: '1' }),
  'GET /api/chat/:id/archived-pages': () => ({ pageIndex: '1' }),
  'GET /api/events/users/:userId': () => ({ includeAttendeeConnections: 'false' }),
};

/** Methods whose routes must have an entry in VALID_BODIES. */
export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
