import { apiPath } from './api-routes';
import { DECK_PAGE_SIZE } from './deck-page-size';
import { DISCOVERY_PAGE_SIZE } from './events';
import { FEED_DEFAULT_LIMIT } from './feed';
import { screenAt, type ScreenSource } from './screen-code';

/**
 * The API reads a screen of the app makes before it can paint, by page path. The server answers
 * them while it sends the page and embeds the answers in it (server/http/first-screen.ts); the
 * app's api client takes an embedded answer instead of asking the network for the same path once
 * (src/lib/first-screen-data.ts). So a cold load waits for one round trip, not for the JavaScript
 * and then a chain of API calls. Paths are exactly what the app's fetchers ask for (without /api):
 * a path that drifts is only fetched the usual way (tests/e2e/first-screen-data.spec.ts notices).
 *
 * The events list embeds only its unfiltered first page (filtered views come from shared links,
 * rarer and fast enough), an event page its connections who attend (their card is in view on a
 * phone), and the deck its first page with the member's interactions and connections, without
 * which it shows no card. The profile embeds the member (in every page) and their events, the
 * connections list and the feed their first answer, a connection's page that connection's profile,
 * the plans the plans with the member's subscription, the assistant the member's chats, the
 * meetings screens their list (an event's with the event, for its name) or the one meeting, and
 * the messages the conversations (a conversation also its newest page).
 */

/** An embedded answer: its path (as the app asks, without /api/) and the JSON body of a 200. */
export interface FirstScreenAnswer {
  path: string;
  body: unknown;
}

/** The id of the <script type="application/json"> element that carries the answers. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** How long after the page started an embedded answer is still taken (older, it is asked again). */
export const FIRST_SCREEN_DATA_MAX_AGE_MS = 30_000;

/** A URL part decoded, or null when it is malformed (a page path can be anything). */
function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

type Query = ReadonlyMap<string, string | null>;

/**
 * Each screen's reads besides the member, from the path's values (decoded) and the page's query.
 * Keyed by the screens' table (contract/screen-code.ts): a screen added there fails the type check
 * until its reads are here.
 */
const SCREEN_READS: Record<ScreenSource, (values: string[], query: Query) => string[]> = {
  'src/routes/events.tsx': (_values, query) => {
    const reads = [`${apiPath('/events/my-events')}?includeAttendeeConnections=true`];
    const unfiltered = [...query.keys()].every((key) => key === 'tab');
    if (unfiltered && query.get('tab') !== 'attending') {
      reads.push(`${apiPath('/events')}?nonPassed=true&page=1&limit=${DISCOVERY_PAGE_SIZE}&includeAttendeeConnections=true`);
    }
    return reads;
  },
  'src/routes/event-connect.tsx': ([id]) => [
    apiPath('/events/:id', { id: id! }),
    `${apiPath('/events/:id/attendees', { id: id! })}?limit=${DECK_PAGE_SIZE}`,
    apiPath('/users/interactions/:eventId', { eventId: id! }),
    apiPath('/users/connections'),
  ],
  'src/routes/event-detail.tsx': ([id]) => [apiPath('/events/:id', { id: id! }), apiPath('/events/:id/attendees/my-connections', { id: id! })],
  'src/routes/profile.tsx': () => [`${apiPath('/events/my-events')}?includeAttendeeConnections=true`],
  'src/routes/connections.tsx': () => [apiPath('/users/connections')],
  'src/routes/connection.tsx': ([id]) => [apiPath('/users/:id/connection', { id: id! })],
  'src/routes/pricing.tsx': () => [apiPath('/stripe/plans'), apiPath('/stripe/subscription')],
  'src/routes/assistant.tsx': () => [apiPath('/chat')],
  'src/routes/feed.tsx': () => [`${apiPath('/feed')}?limit=${FEED_DEFAULT_LIMIT}`],
  'src/routes/messages.tsx': ([userId]) =>
    userId ? [apiPath('/conversations'), apiPath('/conversations/:userId/messages', { userId })] : [apiPath('/conversations')],
  'src/routes/meetings.tsx': ([eventId, meetingId]) => {
    if (eventId) return [apiPath('/events/:id', { id: eventId }), apiPath('/events/:id/meetings', { id: eventId })];
    return [meetingId ? apiPath('/meetings/:id', { id: meetingId }) : apiPath('/meetings')];
  },
};

/** The signed-in member's reads for the page at `pathname` + `search`; [] when it has none here. */
export function firstScreenReads(pathname: string, search: string): string[] {
  const screen = screenAt(pathname);
  if (!screen) return [];
  const values = screen.values.map(decoded);
  if (values.some((value) => value === null)) return [];
  // The query's parameters by name (contract/ has no URL classes: it runs everywhere).
  const query = new Map(
    search
      .replace(/^\?/, '')
      .split('&')
      .filter(Boolean)
      .map((pair) => [decoded(pair.split('=')[0]!), decoded(pair.split('=')[1] ?? '')] as const),
  );
  return [apiPath('/users/me'), ...SCREEN_READS[screen.source](values as string[], query as Query)];
}
