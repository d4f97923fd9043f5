/**
 * Every route of the API below /api: its method and its path as the server routes it, a ':name'
 * for each segment that varies. One list for every side: the server routes exactly these (a test
 * compares them with the app's routes), the app builds its request paths from them (apiPath), and
 * the service worker and the first-screen reads match requests with them (apiPathPattern). A path
 * written by hand elsewhere drifts; one taken from here cannot name a route that does not exist.
 */
export const API_ROUTES = [
  'GET /ai-recommendations/batches',
  'GET /ai-recommendations/consent',
  'PUT /ai-recommendations/consent',
  'GET /ai-recommendations/pro/batch/:batch',
  'GET /ai-recommendations/pro/status',
  'GET /ai-recommendations/status',
  'GET /ai-recommendations/top-3',
  'GET /calendar/:file',
  'GET /categories',
  'GET /chat',
  'POST /chat',
  'DELETE /chat/:id',
  'GET /chat/:id',
  'GET /chat/:id/archived',
  'GET /chat/:id/archived-pages',
  'POST /chat/:id/gpt-message',
  'PATCH /chat/:id/journey',
  'POST /chat/:id/message',
  'POST /chat/:id/select-event',
  'GET /conversations',
  'GET /conversations/:userId/messages',
  'PUT /conversations/:userId/messages/:id',
  'POST /conversations/:userId/read',
  'GET /event-types',
  'GET /events',
  'GET /events/:id',
  'PATCH /events/:id/attendee',
  'GET /events/:id/attendees',
  'GET /events/:id/attendees/my-connections',
  'GET /events/:id/calendar.ics',
  'POST /events/:id/join',
  'GET /events/:id/meetings',
  'POST /events/:id/meetings',
  'GET /events/:id/meetings/availability',
  'PUT /events/:id/meetings/sessions',
  'GET /events/:id/mingle-compilation',
  'GET /events/:id/request-join-secret',
  'GET /events/my-events',
  'GET /events/public/:id',
  'POST /events/user-added',
  'GET /events/users/:userId',
  'GET /feed',
  'GET /locations',
  'POST /locations',
  'GET /locations/countries',
  'GET /locations/countries/:country/regions',
  'GET /locations/popular',
  'POST /locations/resolve',
  'GET /locations/suggestions',
  'POST /login/pin/request',
  'POST /login/pin/verify',
  'GET /meetings',
  'GET /meetings/:id',
  'POST /meetings/:id/accept',
  'GET /meetings/:id/calendar.ics',
  'POST /meetings/:id/cancel',
  'POST /meetings/:id/decline',
  'PUT /meetings/:id/outcome',
  'POST /meetings/:id/propose',
  'POST /oauth/logout',
  'GET /organizers/:id',
  'GET /organizers/:id/events',
  'GET /promotions/:slug',
  'GET /push/public-key',
  'GET /push/settings',
  'PUT /push/settings',
  'DELETE /push/subscription',
  'PUT /push/subscription',
  'POST /signup/linkedin/search',
  'POST /signup/linkedin/search/profile',
  'GET /signup/linkedin/status',
  'POST /signup/pin/request',
  'POST /signup/pin/verify',
  'GET /stream',
  'GET /stripe/check-access',
  'POST /stripe/create-checkout-session',
  'POST /stripe/create-portal-session',
  'POST /stripe/reactivate',
  'GET /stripe/plans',
  'GET /stripe/subscription',
  'POST /stripe/webhook',
  'DELETE /users/:id/block',
  'PUT /users/:id/block',
  'POST /users/:id/connect',
  'POST /users/:id/connect/:secret',
  'GET /users/:id/connection',
  'GET /users/:id/connection.vcf',
  'GET /users/:id/connections/count',
  'GET /users/:id/events/count',
  'PUT /users/:id/note',
  'GET /users/:id/public',
  'GET /users/:id/public/:secret',
  'GET /users/:id/public/:secret/preview',
  'POST /users/:id/report',
  'GET /users/connections',
  'GET /users/connections/export.csv',
  'GET /users/connections/export.vcf',
  'GET /users/consents',
  'POST /users/consents',
  'PUT /users/consents/:id',
  'GET /users/interactions/:eventId',
  'DELETE /users/interactions/:id',
  'POST /users/interactions/batch',
  'POST /users/interactions/negative',
  'POST /users/interactions/positive',
  'DELETE /users/me',
  'GET /users/me',
  'PATCH /users/me',
  'GET /users/me/blocked',
  'GET /users/me/calendar-feed',
  'POST /users/me/calendar-feed/rotate',
  'DELETE /users/me/events/:id',
  'GET /users/me/export',
  'GET /users/me/message-settings',
  'PUT /users/me/message-settings',
  'GET /users/me/messages/unread',
  'GET /users/me/networking',
  'PUT /users/me/networking',
  'POST /users/me/share',
  'POST /users/me/share/rotate',
] as const;

export type ApiRoute = (typeof API_ROUTES)[number];
type PathOf<R> = R extends `${string} ${infer Path}` ? Path : never;
/** A route's path as the server writes it, such as '/events/:id/attendees'. */
export type ApiRoutePath = PathOf<ApiRoute>;

type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name extends `${infer Bare}.${string}`
      ? Bare
      : Name
    : never;

/** The values of a path's ':name' segments, by name. */
export type ApiPathParams<Path extends string> = Record<ParamsOf<Path>, string>;

/** What apiPath takes after the path: the segments' values, when it has any. */
export type ApiPathArgs<Path extends string> = ParamsOf<Path> extends never ? [] : [params: ApiPathParams<Path>];

/**
 * The path of a request to `path` as the app's api client and the first-screen reads write it:
 * below '/api/', without a leading slash ('events/e1/attendees'), each ':name' replaced by its
 * value, encoded; a query is appended by the caller. Every first screen loads this, so it is as
 * small as it can be: the types make sure each ':name' has its value.
 */
export function apiPath<Path extends ApiRoutePath>(path: Path, ...[params]: ApiPathArgs<Path>): string {
  return path.slice(1).replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent((params as Record<string, string>)[name]!));
}

/** A regular expression that matches the URL path ('/api/...', no query) of any request to `path`. */
export function apiPathPattern(path: ApiRoutePath): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+');
  return new RegExp(`^/api${escaped}$`);
}
