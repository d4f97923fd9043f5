import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { apiPath } from '../../../../contract/api-routes';
import type { Connection, DeckCandidate, DeckPage, Interaction } from '../../../../contract/attendees';
import { DECK_PAGE_SIZE } from '../../../../contract/deck-page-size';
import { apiClient } from '../../../lib/api-client';
import { firstScreenInitialData, refetchOnMountUnlessPageAnswer } from '../../../lib/first-screen-data';
import { attendeesKeys } from './keys';

/** How many candidates the deck asks for at once (the first page is prefetched for the venue). */
export const DECK_LIMIT = DECK_PAGE_SIZE;

/** GET events/{id}/attendees: one page of the deck (up to DECK_LIMIT candidates) after `cursor` (none for the first). */
export function getDeckPage(eventId: string, cursor: string | null, signal?: AbortSignal): Promise<DeckPage> {
  const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  return apiClient.get<DeckPage>(`${deckPath(eventId)}${after}`, { signal });
}

const deckPath = (eventId: string) => `${apiPath('/events/:id/attendees', { id: eventId })}?limit=${DECK_LIMIT}`;
const interactionsPath = (eventId: string) => apiPath('/users/interactions/:eventId', { eventId });

/** The deck's first page from the page's embedded answer (a cold load of the Meet page), as the infinite query holds it. */
function firstScreenDeck(eventId: string): () => InfiniteData<DeckPage, string | null> | undefined {
  const take = firstScreenInitialData<DeckPage>(deckPath(eventId));
  return () => {
    const page = take();
    return page ? { pages: [page], pageParams: [null] } : undefined;
  };
}

/** The first page of the deck. */
export function getDeck(eventId: string, signal?: AbortSignal): Promise<DeckPage> {
  return getDeckPage(eventId, null, signal);
}

/** GET users/interactions/{eventId}: the member's interactions at this event. */
export function getInteractions(eventId: string, signal?: AbortSignal): Promise<Interaction[]> {
  return apiClient.get<Interaction[]>(interactionsPath(eventId), { signal });
}

/** GET users/connections: all the member's connections (the tab filters by event). */
export function getConnections(signal?: AbortSignal): Promise<Connection[]> {
  return apiClient.get<Connection[]>(apiPath('/users/connections'), { signal });
}

// offlineFirst: try even when the browser says it is offline, so the persisted cache or the
// service worker answers instead of the query waiting for the network. On a cold load of the Meet
// page the deck and the interactions are the page's embedded answers (initialData), so its first
// render shows the cards.
// The deck is an infinite query: prefetch it with queryClient.prefetchInfiniteQuery(deckQueryOptions(id)).
export const deckQueryOptions = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: attendeesKeys.deck(eventId),
    queryFn: ({ pageParam, signal }) => getDeckPage(eventId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DeckPage) => last.nextCursor ?? undefined,
    networkMode: 'offlineFirst',
    initialData: firstScreenDeck(eventId),
  });

export const interactionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: attendeesKeys.interactions(eventId),
    queryFn: ({ signal }) => getInteractions(eventId, signal),
    networkMode: 'offlineFirst',
    initialData: firstScreenInitialData<Interaction[]>(interactionsPath(eventId)),
  });

export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: attendeesKeys.connections(),
    queryFn: ({ signal }) => getConnections(signal),
    networkMode: 'offlineFirst',
    // docs/product.md section 9: the connections list stays fresh for 5 minutes.
    staleTime: 5 * 60_000,
  });

export const useDeck = (eventId: string) => useInfiniteQuery(deckQueryOptions(eventId));
export const useInteractions = (eventId: string) => useQuery(interactionsQueryOptions(eventId));
export const useConnections = () => useQuery(connectionsQueryOptions());

/**
 * The Meet page's reads of what may have changed on another device (a swipe, a connection made by
 * the other side): fetched again whenever the page opens, however fresh the cache looks, so the
 * deck can be reconciled with them (SwipeDeck). Offline the cached answer stands.
 */
export const useFreshInteractions = (eventId: string) => useQuery({ ...interactionsQueryOptions(eventId), refetchOnMount: refetchOnMountUnlessPageAnswer });
export const useFreshConnections = () => useQuery({ ...connectionsQueryOptions(), refetchOnMount: 'always' });

/**
 * The candidates of every loaded page in the server's order, each once: a page refetched after
 * swipes starts later in the order and may repeat someone of the next page.
 */
export function deckCandidates(data: InfiniteData<DeckPage> | undefined): DeckCandidate[] {
  const seen = new Set<string>();
  const result: DeckCandidate[] = [];
  for (const page of data?.pages ?? []) {
    for (const candidate of page.attendees) {
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      result.push(candidate);
    }
  }
  return result;
}
