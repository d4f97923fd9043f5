import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Connection, DeckPage, Interaction } from '../../../../contract/attendees';
import { apiClient } from '../../../lib/api-client';
import { attendeesKeys } from './keys';

/** How many candidates the deck asks for at once (prefetched for the venue). */
export const DECK_LIMIT = 200;

/** GET events/{id}/attendees: the first page of the deck (up to DECK_LIMIT candidates). */
export function getDeck(eventId: string, signal?: AbortSignal): Promise<DeckPage> {
  return apiClient.get<DeckPage>(`events/${encodeURIComponent(eventId)}/attendees?limit=${DECK_LIMIT}`, { signal });
}

/** GET users/interactions/{eventId}: the member's interactions at this event. */
export function getInteractions(eventId: string, signal?: AbortSignal): Promise<Interaction[]> {
  return apiClient.get<Interaction[]>(`users/interactions/${encodeURIComponent(eventId)}`, { signal });
}

/** GET users/connections: all the member's connections (the tab filters by event). */
export function getConnections(signal?: AbortSignal): Promise<Connection[]> {
  return apiClient.get<Connection[]>('users/connections', { signal });
}

// offlineFirst: try even when the browser says it is offline, so the persisted cache or the
// service worker answers instead of the query waiting for the network.
export const deckQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: attendeesKeys.deck(eventId),
    queryFn: ({ signal }) => getDeck(eventId, signal),
    networkMode: 'offlineFirst',
  });

export const interactionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: attendeesKeys.interactions(eventId),
    queryFn: ({ signal }) => getInteractions(eventId, signal),
    networkMode: 'offlineFirst',
  });

export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: attendeesKeys.connections(),
    queryFn: ({ signal }) => getConnections(signal),
    networkMode: 'offlineFirst',
    // SPEC.md section 9: the connections list stays fresh for 5 minutes.
    staleTime: 5 * 60_000,
  });

export const useDeck = (eventId: string) => useQuery(deckQueryOptions(eventId));
export const useInteractions = (eventId: string) => useQuery(interactionsQueryOptions(eventId));
export const useConnections = () => useQuery(connectionsQueryOptions());
