import { randomUUID } from 'node:crypto';
import { NAMES } from '../helpers/test-app';
import type { TestResponse } from '../helpers/test-client';
import type { Actor, EventName, MatrixWorld } from './world';

type Statuses = Record<Actor, number>;

export interface MatrixRow {
  route: string;
  /** What the row points at, when a route has several rows. */
  target?: string;
  params?: (w: MatrixWorld) => Record<string, string>;
  query?: string | ((w: MatrixWorld) => string);
  body?: (w: MatrixWorld) => unknown;
  /** Statuses by actor; for a row `about` a member, derived from the rule instead (member-rule.ts). */
  expect: Statuses;
  /** A route about this member: `seen` for an actor who may see them, the 404 of an unknown id otherwise. */
  about?: { member: (w: MatrixWorld) => string; seen: number };
  /** The event whose join link this route hands out to anyone by design (a promotional page). */
  publishesJoinLinkOf?: EventName;
  /** What else the answer must (not) hold for this actor; returns the problem. */
  check?: (w: MatrixWorld, actor: Actor, res: TestResponse) => string | undefined;
}

/** 401 for anonymous, `status` for every member, except where told. */
const members = (status: number, except: Partial<Statuses> = {}): Statuses => ({
  anonymous: 401,
  stranger: status,
  free: status,
  pro: status,
  connection: status,
  attendee: status,
  creator: status,
  ...except,
});
const everyone = (status: number, except: Partial<Statuses> = {}) => members(status, { anonymous: status, ...except });
/** C is the creator's community event: it does not exist for members who are not their connection. */
const communityHidden = { stranger: 404, free: 404, pro: 404, attendee: 404 };

/** A row about member `target`, its expectations derived from who may see them (member-rule.ts). */
const aboutMember = (route: string, target: 'dave' | 'loner' | 'creator' | 'attendee' | 'blockedByAttendee', seen = 200): MatrixRow => {
  const member = (w: MatrixWorld) =>
    target === 'dave' ? w.targets.dave.id : target === 'loner' ? w.loner.id : target === 'blockedByAttendee' ? w.blockedByAttendee.id : w.members[target].id;
  const param = route.includes(':userId') ? 'userId' : 'id';
  return { route, target, params: (w) => ({ [param]: member(w) }), expect: members(404), about: { member, seen } };
};

const onEvent = (name: EventName) => (w: MatrixWorld) => ({ id: w.events[name].id });
const eventRows = (route: string, statuses: Partial<Record<EventName, Statuses>>, body?: MatrixRow['body']): MatrixRow[] =>
  Object.entries(statuses).map(([name, expect]) => ({ route, target: name, params: onEvent(name as EventName), expect, ...(body ? { body } : {}) }));

const idsIn = (res: TestResponse): string[] => (Array.isArray(res.body) ? res.body.map((item: { id: string }) => item.id) : []);
const memberId = (w: MatrixWorld, actor: Actor) => (actor === 'anonymous' ? null : w.members[actor].id);

/** The creator and their connection see each other, and so do the free member and the attendee (world.ts). */
function connectionsOf(w: MatrixWorld, actor: Actor): string[] {
  if (actor === 'creator') return [w.members.connection.id];
  if (actor === 'connection') return [w.members.creator.id];
  if (actor === 'free') return [w.members.attendee.id];
  if (actor === 'attendee') return [w.members.free.id];
  return [];
}

function onlyConnections(w: MatrixWorld, actor: Actor, res: TestResponse): string | undefined {
  if (res.status !== 200) return undefined;
  const allowed = connectionsOf(w, actor);
  const shown = idsIn(res).filter((id) => !allowed.includes(id));
  return shown.length > 0 ? `shows members who are not connections: ${shown.join(', ')}` : undefined;
}

/** A feed tells only about the member's own connections. */
function onlyFeedOfConnections(w: MatrixWorld, actor: Actor, res: TestResponse): string | undefined {
  if (res.status !== 200) return undefined;
  const allowed = connectionsOf(w, actor);
  const about: string[] = (res.body?.activities ?? []).map((item: { userId: string }) => item.userId);
  const shown = about.filter((id) => !allowed.includes(id));
  return shown.length > 0 ? `feed tells about members who are not connections: ${shown.join(', ')}` : undefined;
}

/**
 * One row per route and target (E: an event, P: PRO-only, C: the creator's community event; J*,
 * L*: only for joining and leaving). Anonymous sign-in calls answer alike for everyone.
 */
export const MATRIX_ROWS: MatrixRow[] = [
  { route: 'POST /api/signup/pin/request', body: () => ({ ...NAMES, email: `matrix-${randomUUID()}@example.com` }), expect: everyone(200) },
  { route: 'POST /api/login/pin/request', body: () => ({ email: `nobody-${randomUUID()}@example.com` }), expect: everyone(404) },
  { route: 'POST /api/signup/pin/verify', body: () => ({ ...NAMES, email: `matrix-${randomUUID()}@example.com`, pin: '123456' }), expect: everyone(400) },
  { route: 'POST /api/login/pin/verify', body: () => ({ email: `nobody-${randomUUID()}@example.com`, pin: '123456' }), expect: everyone(404) },
  { route: 'POST /api/oauth/logout', expect: everyone(204) },
  // 'Create with AI': the matrix app has no profile-lookup provider (503 PROFILE_LOOKUP_UNAVAILABLE).
  { route: 'GET /api/signup/linkedin/status', expect: members(200) },
  { route: 'POST /api/signup/linkedin/search', body: () => ({ firstName: 'Ada', lastName: 'Lovelace', company: '' }), expect: members(503) },
  { route: 'POST /api/signup/linkedin/search/profile', body: () => ({ linkedinProfileUrl: '@ada-lovelace' }), expect: members(503) },

  {
    route: 'POST /api/users/interactions/positive',
    body: (w) => ({ toUserId: w.targets.dave.id, eventId: w.events.E.id }),
    expect: members(403, { attendee: 201 }),
  },
  {
    route: 'POST /api/users/interactions/negative',
    body: (w) => ({ toUserId: w.targets.erin.id, eventId: w.events.E.id }),
    expect: members(403, { attendee: 201 }),
  },
  {
    route: 'POST /api/users/interactions/batch',
    body: (w) => ({ items: [{ key: randomUUID(), type: 'NEGATIVE', toUserId: w.targets.frank.id, eventId: w.events.E.id }] }),
    expect: members(200),
    check: (_w, actor, res) => {
      const wanted = actor === 'attendee' ? 201 : 403;
      const got = res.body?.results?.[0]?.status;
      return actor === 'anonymous' || got === wanted ? undefined : `batch item answered ${got}, expected ${wanted}`;
    },
  },
  { route: 'GET /api/users/interactions/:eventId', params: (w) => ({ eventId: w.events.E.id }), expect: members(200) },
  { route: 'DELETE /api/users/interactions/:id', params: (w) => ({ id: w.interactionToUndo }), expect: members(404, { attendee: 204 }) },

  // Meetings: only the two members see one; a request takes two attendees of the event.
  { route: 'GET /api/meetings', expect: members(200) },
  { route: 'GET /api/meetings/:id', params: (w) => ({ id: w.meetings.asked }), expect: members(404, { attendee: 200 }) },
  ...eventRows('GET /api/events/:id/meetings', { E: members(200) }),
  ...eventRows('POST /api/events/:id/meetings', { E: members(403, { attendee: 201 }) }, (w) => ({
    inviteeId: w.targets.bob.id,
    startsAt: w.meetingStartsAt,
    minutes: 30,
    place: 'Coffee bar, level 2',
  })),
  // Asked by the free member: their own request is not theirs to accept.
  {
    route: 'POST /api/meetings/:id/accept',
    params: (w) => ({ id: w.meetings.toAccept }),
    body: () => ({}),
    expect: members(404, { free: 409, attendee: 200 }),
  },
  { route: 'POST /api/meetings/:id/decline', params: (w) => ({ id: w.meetings.toDecline }), body: () => ({}), expect: members(404, { attendee: 200 }) },
  {
    route: 'POST /api/meetings/:id/propose',
    params: (w) => ({ id: w.meetings.toPropose }),
    body: (w) => ({ startsAt: w.meetingStartsAt, minutes: 30, place: 'Stand B4' }),
    expect: members(404, { attendee: 200 }),
  },
  { route: 'POST /api/meetings/:id/cancel', params: (w) => ({ id: w.meetings.toCancel }), body: () => ({}), expect: members(404, { attendee: 200 }) },
  // 'Add to calendar': an accepted meeting's file is its two members'; a request is in no calendar (409).
  { route: 'GET /api/meetings/:id/calendar.ics', target: 'accepted', params: (w) => ({ id: w.meetings.accepted }), expect: members(404, { attendee: 200 }) },
  { route: 'GET /api/meetings/:id/calendar.ics', target: 'asked', params: (w) => ({ id: w.meetings.asked }), expect: members(404, { attendee: 409 }) },
  // Availability: windows for whoever sees the event, another's busy times only between attendees
  // (meeting-availability.test.ts); sessions only for a member registered there.
  ...eventRows('GET /api/events/:id/meetings/availability', { E: members(200), C: members(200, communityHidden) }),
  ...eventRows('PUT /api/events/:id/meetings/sessions', { E: members(403, { attendee: 200 }) }, (w) => ({
    sessions: [{ startsAt: w.meetingStartsAt, endsAt: new Date(Date.parse(w.meetingStartsAt) + 15 * 60_000).toISOString() }],
  })),
  ...eventRows('PUT /api/events/:id/meetings/sessions', { C: members(403, { ...communityHidden, creator: 200 }) }, () => ({ sessions: [] })),
  // Not over yet: the attendee is told so; for everyone else the meeting does not exist.
  {
    route: 'PUT /api/meetings/:id/outcome',
    params: (w) => ({ id: w.meetings.asked }),
    body: () => ({ outcome: 'met' }),
    expect: members(404, { attendee: 409 }),
  },
  { route: 'GET /api/users/connections', expect: members(200), check: onlyConnections },
  {
    route: 'GET /api/users/me',
    expect: members(200),
    check: (w, actor, res) => (res.status === 200 && res.body.id !== memberId(w, actor) ? `answers member ${res.body.id}` : undefined),
  },
  { route: 'PATCH /api/users/me', body: () => ({ location: 'Matrix City' }), expect: members(200) },
  // Profiles: dave attends E with the attendee, and nobody else here shares an event or a connection
  // with him; the loner shares nothing with anyone. Who may see whom follows from member-rule.ts.
  aboutMember('GET /api/users/:id/public', 'dave'),
  aboutMember('GET /api/users/:id/public', 'loner'),
  { route: 'GET /api/users/:id/public/:secret', params: (w) => ({ id: w.targets.dave.id, secret: w.daveShareSecret }), expect: members(200) },
  // The link's preview needs no session: everyone with the secret sees dave's name, photo and title; a wrong secret is not found.
  {
    route: 'GET /api/users/:id/public/:secret/preview',
    params: (w) => ({ id: w.targets.dave.id, secret: w.daveShareSecret }),
    expect: everyone(200),
    check: (_w, _actor, res) =>
      res.status === 200 && Object.keys(res.body).sort().join() !== 'firstName,imageUrl,lastName,role' ? 'more than the preview' : undefined,
  },
  {
    route: 'GET /api/users/:id/public/:secret/preview',
    target: 'wrong secret',
    params: (w) => ({ id: w.targets.dave.id, secret: 'not-his-secret' }),
    expect: everyone(404),
  },
  { route: 'POST /api/users/me/share', expect: members(200) },
  { route: 'POST /api/users/me/share/rotate', expect: members(200) },
  // A wrong secret connects nobody; without one, only a member who may see dave records interest (he has none back).
  { route: 'POST /api/users/:id/connect/:secret', params: (w) => ({ id: w.targets.dave.id, secret: 'not-his-secret' }), expect: members(404) },
  aboutMember('POST /api/users/:id/connect', 'dave'),
  aboutMember('POST /api/users/:id/connect', 'loner'),
  // The creator and the connection are connected: each other's full profile, with contact details, and nobody else's.
  {
    route: 'GET /api/users/:id/connection',
    params: (w) => ({ id: w.members.creator.id }),
    expect: members(404, { connection: 200 }),
    check: (_w, _actor, res) => (res.status === 200 && res.body.email === undefined ? 'no contact details' : undefined),
  },
  {
    route: 'GET /api/users/:id/connection.vcf',
    params: (w) => ({ id: w.members.creator.id }),
    expect: members(404, { connection: 200 }),
  },
  // The free member met the attendee at P, locked to them: neither answer may name P.
  { route: 'GET /api/users/:id/connection', target: 'attendee', params: (w) => ({ id: w.members.attendee.id }), expect: members(404, { free: 200 }) },
  { route: 'GET /api/users/:id/connection.vcf', target: 'attendee', params: (w) => ({ id: w.members.attendee.id }), expect: members(404, { free: 200 }) },
  aboutMember('GET /api/users/:id/public', 'attendee'),
  { route: 'GET /api/feed', expect: members(200), check: onlyFeedOfConnections },
  // Safety (contract/safety.ts): anyone who exists may be blocked and reported, also a member one
  // cannot see. The loner is seen by nobody here, so blocking him changes no other row's answer.
  { route: 'PUT /api/users/:id/block', params: (w) => ({ id: w.loner.id }), expect: members(204) },
  { route: 'PUT /api/users/:id/block', target: 'unknown', params: () => ({ id: randomUUID() }), expect: members(404) },
  { route: 'DELETE /api/users/:id/block', params: (w) => ({ id: w.loner.id }), expect: members(204) },
  {
    route: 'GET /api/users/me/blocked',
    expect: members(200),
    check: (w, actor, res) => {
      const blocked = actor === 'attendee' ? [w.loner.id, w.blockedByAttendee.id] : [w.loner.id];
      return res.status === 200 && idsIn(res).some((id) => !blocked.includes(id)) ? 'lists someone the actor never blocked' : undefined;
    },
  },
  // An attendee of E whom the attendee blocked: the profile, Connect, the counts and their events
  // answer the attendee as for nobody, though they share E (member-rule.ts).
  ...(['GET /api/users/:id/public', 'POST /api/users/:id/connect', 'GET /api/users/:id/connections/count', 'GET /api/events/users/:userId'] as const).map(
    (route) => aboutMember(route, 'blockedByAttendee'),
  ),
  { route: 'POST /api/users/:id/report', params: (w) => ({ id: w.loner.id }), body: () => ({ reason: 'spam' }), expect: members(201) },
  { route: 'POST /api/users/:id/report', target: 'unknown', params: () => ({ id: randomUUID() }), body: () => ({ reason: 'spam' }), expect: members(404) },
  { route: 'GET /api/users/me/networking', expect: members(200) },
  { route: 'PUT /api/users/me/networking', body: () => ({ paused: false }), expect: members(200) },
  // AI recommendations; every member actor has opted in (world.ts). PRO-only events
  // come to others as locked previews, hidden community events never (checked on every answer).
  { route: 'GET /api/ai-recommendations/status', expect: members(200) },
  { route: 'GET /api/ai-recommendations/consent', expect: members(200) },
  { route: 'PUT /api/ai-recommendations/consent', body: () => ({ consent: true }), expect: members(200) },
  { route: 'GET /api/ai-recommendations/top-3', expect: members(200) },
  { route: 'GET /api/ai-recommendations/top-3', target: 'like P', query: (w) => `eventId=${w.events.P.id}`, expect: members(403, { pro: 200, attendee: 200 }) },
  { route: 'GET /api/ai-recommendations/top-3', target: 'like C', query: (w) => `eventId=${w.events.C.id}`, expect: members(200, communityHidden) },
  { route: 'GET /api/ai-recommendations/pro/status', expect: members(200) },
  { route: 'GET /api/ai-recommendations/batches', expect: members(200) },
  { route: 'GET /api/ai-recommendations/pro/batch/:batch', params: () => ({ batch: '2' }), expect: members(403, { pro: 200 }) },
  { route: 'GET /api/stripe/plans', expect: members(200) },
  { route: 'GET /api/stripe/subscription', expect: members(200) },
  {
    route: 'GET /api/stripe/check-access',
    expect: members(200),
    check: (_w, actor, res) => (res.status === 200 && res.body.hasAccess !== (actor === 'pro') ? `hasAccess ${res.body.hasAccess}` : undefined),
  },
  // The matrix's app has no payments configured: past the checks, the calls that need Stripe say so (503).
  {
    route: 'POST /api/stripe/create-checkout-session',
    body: () => ({ priceId: 'price_local_pro', successUrl: 'http://localhost/subscription/success', cancelUrl: 'http://localhost/subscription/cancel' }),
    expect: members(503, { pro: 409 }),
  },
  // Nobody in the matrix went to checkout (the PRO member's subscription was written directly).
  { route: 'POST /api/stripe/create-portal-session', body: () => ({ returnUrl: 'http://localhost/profile' }), expect: members(404) },
  { route: 'POST /api/stripe/reactivate', expect: members(404) },
  { route: 'POST /api/stripe/webhook', body: () => ({ id: 'evt_unsigned', type: 'invoice.paid' }), expect: everyone(400) },
  // The calendar feed's URL is the member's own; the feed answers only its secret (any cookie or none).
  // Web Push: each member's own device and settings.
  { route: 'GET /api/push/public-key', expect: members(200) },
  {
    route: 'PUT /api/push/subscription',
    body: () => ({
      endpoint: `https://push.example/matrix-${randomUUID()}`,
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }),
    expect: members(204),
  },
  // Nobody, whatever their role, makes the server post inside its network.
  {
    route: 'PUT /api/push/subscription',
    target: 'an address inside the network',
    body: () => ({
      endpoint: 'http://169.254.169.254/latest/meta-data/',
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }),
    expect: members(400),
  },
  { route: 'DELETE /api/push/subscription', expect: members(204) },
  { route: 'GET /api/push/settings', expect: members(200) },
  { route: 'PUT /api/push/settings', body: () => ({ newConnection: true, eventReminder: true }), expect: members(200) },
  // Messages: the creator and the connection are connected (world.ts); for everyone else their
  // conversation does not exist. A stream is each member's own (it ends at once in the matrix's app).
  { route: 'GET /api/conversations', expect: members(200) },
  { route: 'GET /api/conversations/:userId/messages', params: (w) => ({ userId: w.members.creator.id }), expect: members(404, { connection: 200 }) },
  {
    route: 'PUT /api/conversations/:userId/messages/:id',
    params: (w) => ({ userId: w.members.creator.id, id: randomUUID() }),
    body: () => ({ text: 'Good to meet you at the stand' }),
    expect: members(404, { connection: 201 }),
  },
  {
    route: 'POST /api/conversations/:userId/read',
    params: (w) => ({ userId: w.members.creator.id }),
    body: () => ({ upTo: randomUUID() }),
    expect: members(404, { connection: 204 }),
  },
  { route: 'GET /api/users/me/messages/unread', expect: members(200) },
  { route: 'GET /api/users/me/message-settings', expect: members(200) },
  { route: 'PUT /api/users/me/message-settings', body: () => ({ readReceipts: true }), expect: members(200) },
  { route: 'GET /api/stream', expect: members(200) },
  { route: 'GET /api/users/me/calendar-feed', expect: members(200) },
  { route: 'POST /api/users/me/calendar-feed/rotate', expect: members(200) },
  { route: 'GET /api/calendar/:file', params: () => ({ file: `${randomUUID().replace(/-/g, '')}-not-a-feed-secret.ics` }), expect: everyone(404) },
  { route: 'GET /api/users/connections/export.vcf', expect: members(200) },
  { route: 'GET /api/users/connections/export.csv', expect: members(200) },
  {
    route: 'PUT /api/users/:id/note',
    params: (w) => ({ id: w.members.creator.id }),
    body: () => ({ note: 'Met at the matrix' }),
    expect: members(404, { connection: 200 }),
  },
  ...(['dave', 'loner', 'creator'] as const).flatMap((target) => [
    aboutMember('GET /api/users/:id/connections/count', target),
    aboutMember('GET /api/users/:id/events/count', target),
  ]),
  {
    route: 'GET /api/users/me/export',
    expect: members(200),
    check: (w, actor, res) => (res.status === 200 && res.body.profile?.id !== memberId(w, actor) ? `exports member ${res.body.profile?.id}` : undefined),
  },
  // No code was asked for: nobody's account goes.
  { route: 'DELETE /api/users/me', body: () => ({ pin: '123456' }), expect: members(400) },
  { route: 'POST /api/users/consents', body: () => ({ consents: [{ type: 'product_updates' }] }), expect: members(201) },
  { route: 'GET /api/users/consents', expect: members(200) },
  {
    route: 'PUT /api/users/consents/:id',
    params: (w) => ({ id: w.creatorConsent }),
    body: () => ({ aiEnabled: false }),
    expect: members(404, { creator: 200 }),
  },

  {
    route: 'POST /api/events/user-added',
    body: () => ({ name: 'Matrix meetup', dateTime: new Date(Date.now() + 86_400_000).toISOString(), eventUrl: 'https://matrix.example/' }),
    expect: members(201),
  },
  ...eventRows('GET /api/events/:id/request-join-secret', {
    E: members(403, { attendee: 200 }),
    P: members(403, { attendee: 200 }),
    C: members(403, { ...communityHidden, creator: 200 }),
  }),
  ...eventRows(
    'POST /api/events/:id/join',
    {
      J: members(201, { attendee: 400 }),
      JP: members(403, { pro: 201, attendee: 400 }),
      JC: members(404, { connection: 201, attendee: 400, creator: 400 }),
    },
    () => ({ goal: '' }),
  ),
  ...eventRows(
    'PATCH /api/events/:id/attendee',
    {
      E: members(403, { attendee: 200 }),
      P: members(403, { attendee: 200 }),
      C: members(403, { ...communityHidden, creator: 200 }),
    },
    () => ({ goal: 'Matrix goal' }),
  ),
  ...eventRows('GET /api/events/:id/attendees/my-connections', {
    E: members(200),
    P: members(403, { pro: 200, attendee: 200 }),
    C: members(200, communityHidden),
  }).map((row) => ({ ...row, check: onlyConnections })),
  ...eventRows('DELETE /api/users/me/events/:id', { L: members(404, { attendee: 204 }), LC: members(404, { creator: 204 }) }),
  ...eventRows('GET /api/events/:id/attendees', {
    E: members(403, { attendee: 200 }),
    P: members(403, { attendee: 200 }),
    C: members(403, { ...communityHidden, creator: 200 }),
  }),

  { route: 'GET /api/events', query: 'includeAttendeeConnections=true&limit=50', expect: members(200) },
  { route: 'GET /api/events/my-events', query: 'includeAttendeeConnections=true', expect: members(200) },
  // A promotional page is public and its button is E's join link; its programme never names a
  // PRO-only or community event.
  { route: 'GET /api/promotions/:slug', target: 'E', params: (w) => ({ slug: w.promotionSlug }), publishesJoinLinkOf: 'E', expect: everyone(200) },
  { route: 'GET /api/promotions/:slug', target: 'unknown', params: () => ({ slug: 'no-such-week' }), expect: everyone(404) },
  // The mingle compilation of E (its promotion's event) is for E's attendees; P and C have no
  // promotion, so no compilation (C is hidden from most besides).
  ...eventRows('GET /api/events/:id/mingle-compilation', { E: members(403, { attendee: 200 }), P: members(404), C: members(404) }),
  ...eventRows('GET /api/events/public/:id', { E: everyone(200), P: everyone(200), C: everyone(404, { connection: 200, creator: 200 }) }),
  ...(['creator', 'attendee', 'loner'] as const).map((target) => aboutMember('GET /api/events/users/:userId', target)),
  ...eventRows('GET /api/events/:id', { E: members(200), P: members(200), C: members(200, communityHidden) }),
  // As the event page, but a locked event has no file: only its preview may be seen.
  ...eventRows('GET /api/events/:id/calendar.ics', { E: members(200), P: members(403, { pro: 200, attendee: 200 }), C: members(200, communityHidden) }),
  { route: 'GET /api/organizers/:id', params: (w) => ({ id: w.organizer }), expect: members(200) },
  { route: 'GET /api/organizers/:id/events', params: (w) => ({ id: w.organizer }), query: 'includeAttendeeConnections=true', expect: members(200) },
  {
    route: 'GET /api/categories',
    expect: members(200),
    // E, P (locked ones count too) and C carry the category; C counts only where it is visible.
    check: (w, actor, res) => {
      if (res.status !== 200) return undefined;
      const count = res.body.categories.find((c: { id: string }) => c.id === w.category)?.count;
      const wanted = actor === 'creator' || actor === 'connection' ? 3 : 2;
      return count === wanted ? undefined : `counts ${count} events in the category, expected ${wanted}`;
    },
  },
  { route: 'GET /api/event-types', expect: members(200) },
  { route: 'GET /api/locations', query: 'query=matrixholm', expect: members(200) },
  { route: 'POST /api/locations', body: () => ({ name: `Matrix Place ${randomUUID()}`, country: 'SE' }), expect: members(201) },
  { route: 'POST /api/locations/resolve', body: () => ({ userInput: 'Matrixholm, Sweden' }), expect: members(200) },
  { route: 'GET /api/locations/suggestions', query: 'q=matrix', expect: members(200) },
  { route: 'GET /api/locations/popular', expect: members(200) },
  { route: 'GET /api/locations/countries', expect: members(200) },
  { route: 'GET /api/locations/countries/:country/regions', params: () => ({ country: 'SE' }), expect: members(200) },
  // The assistant: a chat is its member's alone; another's id is 404 like an unknown one.
  { route: 'GET /api/chat', expect: members(200) },
  { route: 'POST /api/chat', target: 'discover', body: () => ({ journeyType: 'DISCOVER_EVENTS' }), expect: members(201) },
  {
    route: 'POST /api/chat',
    target: 'prepare E',
    body: (w) => ({ journeyType: 'PREPARE_FOR_EVENT', eventId: w.events.E.id }),
    expect: members(403, { attendee: 201 }),
  },
  {
    route: 'POST /api/chat',
    target: 'prepare C',
    body: (w) => ({ journeyType: 'PREPARE_FOR_EVENT', eventId: w.events.C.id }),
    expect: members(403, { ...communityHidden, creator: 201 }),
  },
  ...['GET /api/chat/:id', 'DELETE /api/chat/:id', 'GET /api/chat/:id/archived-pages'].map((route) => ({
    route,
    params: () => ({ id: randomUUID() }),
    expect: members(404),
  })),
  { route: 'GET /api/chat/:id/archived', params: () => ({ id: randomUUID() }), query: 'page=1', expect: members(404) },
  { route: 'POST /api/chat/:id/message', params: () => ({ id: randomUUID() }), body: () => ({ content: 'Hello' }), expect: members(404) },
  { route: 'POST /api/chat/:id/gpt-message', params: () => ({ id: randomUUID() }), body: () => ({ content: 'Hello' }), expect: members(404) },
  { route: 'POST /api/chat/:id/select-event', params: () => ({ id: randomUUID() }), body: (w) => ({ selectedEventId: w.events.E.id }), expect: members(404) },
  { route: 'PATCH /api/chat/:id/journey', params: () => ({ id: randomUUID() }), body: () => ({ journeyType: 'FOLLOW_UP' }), expect: members(404) },
];
