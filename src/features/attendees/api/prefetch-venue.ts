import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventListItem } from '../../../../contract/events';
import { isProfileComplete } from '../../../../contract/profile-completeness';
import type { Me } from '../../../../contract/user';
import { eventQueryOptions } from '../../event-detail/api/get-event';
import { connectionsQueryOptions, deckCandidates, deckQueryOptions, interactionsQueryOptions } from './queries';

/**
 * What the venue needs kept in memory, and so in the persisted cache, whether or not its screen is
 * open: the member may open the deck offline hours after this prefetch (the app's 30 minutes for
 * unused answers would have dropped it by then).
 */
export const VENUE_KEEP_MS = 24 * 60 * 60_000;
/** Photos loaded at the same time: enough to finish soon, few enough not to crowd out the screen. */
export const PHOTO_CONCURRENCY = 4;

export interface VenuePrefetchOptions {
  isOnline?: () => boolean;
  /** Loads one photo; resolves when it arrived or failed. Defaults to an Image, which the worker caches. */
  loadPhoto?: (url: string) => Promise<void>;
}

// Per client (one per app, a fresh one per test): member and event already prefetched in this visit.
const done = new WeakMap<QueryClient, Set<string>>();

function loadPhotoWithImage(url: string): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => resolve();
    image.src = url;
  });
}

/** Loads the photos a few at a time; stops when the network goes. */
async function warmPhotos(urls: string[], loadPhoto: (url: string) => Promise<void>, isOnline: () => boolean): Promise<void> {
  const queue = [...new Set(urls)];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined && isOnline(); url = queue.shift()) await loadPhoto(url);
  };
  await Promise.all(Array.from({ length: PHOTO_CONCURRENCY }, worker));
}

/**
 * The venue prefetch: while online, fetches what Meet Attendees needs at the event (the event, the
 * deck's first page, the member's interactions there and their connections) into the query cache,
 * then loads the candidates' photos so the service worker's image cache holds them. Once per member
 * and event per visit; answers already fresh are not asked again. Nothing happens offline, nor for
 * an event the member cannot meet people at (not registered, locked, or an incomplete profile).
 */
export async function prefetchVenue(
  queryClient: QueryClient,
  { eventId, event, me }: { eventId: string; event: EventListItem | undefined; me: Me | null | undefined },
  options: VenuePrefetchOptions = {},
): Promise<void> {
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  if (!me || !isProfileComplete(me) || !event?.eventData?.isRegistered || !isOnline()) return;
  const seen = done.get(queryClient) ?? new Set<string>();
  done.set(queryClient, seen);
  const key = `${me.id} ${eventId}`;
  if (seen.has(key)) return;
  seen.add(key);

  const keep = { gcTime: VENUE_KEEP_MS };
  await Promise.all([
    queryClient.prefetchQuery({ ...eventQueryOptions(eventId), ...keep }),
    queryClient.prefetchInfiniteQuery({ ...deckQueryOptions(eventId), ...keep }),
    queryClient.prefetchQuery({ ...interactionsQueryOptions(eventId), ...keep }),
    queryClient.prefetchQuery({ ...connectionsQueryOptions(), ...keep }),
  ]);
  const photos = deckCandidates(queryClient.getQueryData(deckQueryOptions(eventId).queryKey)).flatMap((c) => (c.imageUrl ? [c.imageUrl] : []));
  await warmPhotos(photos, options.loadPhoto ?? loadPhotoWithImage, isOnline);
}

/** Runs the venue prefetch once the event and the member are known (event detail and Meet pages). */
export function usePrefetchVenue(eventId: string, event: EventListItem | undefined, me: Me | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void prefetchVenue(queryClient, { eventId, event, me });
  }, [queryClient, eventId, event, me]);
}
