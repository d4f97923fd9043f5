import { apiPath } from './api-routes';
import { DECK_PAGE_SIZE } from './deck-page-size';
import { DISCOVERY_PAGE_SIZE } from './events';
import { FEED_DEFAULT_LIMIT } from './feed';
import { CONNECTION_PAGE, DECK_PAGE, EVENT_PAGE } from './screen-code';

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
 * the plans the plans with the member's subscription, and the assistant the member's chats.
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

/** The signed-in member's reads for the page at `pathname` + `search`; [] when it has none here. */
export function firstScreenReads(pathname: string, search: string): string[] {
  const reads = [apiPath('/users/me')];
  // The query's parameters by name (contract/ has no URL classes: it runs everywhere).
  const query = new Map(
    search
      .replace(/^\?/, '')
      .split('&')
      .filter(Boolean)
      .map((pair) => [decoded(pair.split('=')[0]!), decoded(pair.split('=')[1] ?? '')] as const),
  );
  const deck = DECK_PAGE.exec(pathname);
  const event = EVENT_PAGE.exec(pathname);
  if (deck) {
    const id = decoded(deck[1]!);
    if (id === null) return [];
    reads.push(
      apiPath('/events/:id', { id }),
      `${apiPath('/events/:id/attendees', { id })}?limit=${DECK_PAGE_SIZE}`,
      apiPath('/users/interactions/:eventId', { eventId: id }),
      apiPath('/users/connections'),
    );
  } else if (event && event[1] !== 'create') {
    const id = decoded(event[1]!);
    if (id === null) return [];
    reads.push(apiPath('/events/:id', { id }), apiPath('/events/:id/attendees/my-connections', { id }));
  } else if (pathname === '/profile' || pathname === '/profile/') {
    reads.push(`${apiPath('/events/my-events')}?includeAttendeeConnections=true`);
  } else if (pathname === '/connections' || pathname === '/connections/') {
    reads.push(apiPath('/users/connections'));
  } else if (CONNECTION_PAGE.test(pathname)) {
    const id = decoded(CONNECTION_PAGE.exec(pathname)![1]!);
    if (id === null) return [];
    reads.push(apiPath('/users/:id/connection', { id }));
  } else if (pathname === '/pricing' || pathname === '/pricing/') {
    reads.push(apiPath('/stripe/plans'), apiPath('/stripe/subscription'));
  } else if (pathname === '/assistant' || pathname === '/assistant/') {
    reads.push(apiPath('/chat'));
  } else if (pathname === '/feed' || pathname === '/feed/') {
    reads.push(`${apiPath('/feed')}?limit=${FEED_DEFAULT_LIMIT}`);
  } else if (pathname === '/' || pathname === '/events' || pathname === '/events/') {
    reads.push(`${apiPath('/events/my-events')}?includeAttendeeConnections=true`);
    const unfiltered = [...query.keys()].every((key) => key === 'tab');
    if (unfiltered && query.get('tab') !== 'attending') {
      reads.push(`${apiPath('/events')}?nonPassed=true&page=1&limit=${DISCOVERY_PAGE_SIZE}&includeAttendeeConnections=true`);
    }
  } else {
    return [];
  }
  return reads;
}
