import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { EventListItem } from '../../../../contract/events';
import { isProfileComplete } from '../../../../contract/profile-completeness';
import type { Me } from '../../../../contract/user';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { isControlledByWorker, subscribeToWorkerControl } from '../../../lib/service-worker-control';
import { meQueryOptions } from '../../../lib/signed-in-member';
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
  /** Whether a service worker controls the page, so that what is fetched lands in its caches. */
  throughWorker?: boolean;
  /** Loads one photo; resolves when it arrived or failed. Defaults to a fetch, which the worker caches. */
  loadPhoto?: (url: string) => Promise<void>;
}

// Per client (one per app, a fresh one per test): member and event already prefetched in this
// visit, and whether that prefetch went through the service worker.
const done = new WeakMap<QueryClient, Map<string, boolean>>();

// A fetch, not an Image: an Image of a photo this page already showed is answered from the page's
// memory without reaching the worker, whose image cache (sw/image-cache.ts: all of /media/, also
// when fetched ahead of time) would then miss it at the venue.
async function loadPhotoWithFetch(url: string): Promise<void> {
  try {
    await (await fetch(url)).arrayBuffer();
  } catch {
    // No photo this time: the card shows without it, as it would anyway.
  }
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
 * then, when a service worker controls the page, loads the candidates' photos so its image cache
 * holds them. Once per member and event per visit; answers already fresh are not asked again.
 * Nothing happens offline, nor for an event the member cannot meet people at (not registered,
 * locked, or an incomplete profile).
 *
 * Once more when a service worker starts controlling the page after a prefetch made without one
 * (the first visit: the worker installs after the screen's data arrived): everything, the member
 * (GET users/me) and the photos included, is asked again, fresh or not, so that the worker's caches
 * hold it too and an offline start finds it even where the persisted query cache is missing.
 */
export async function prefetchVenue(
  queryClient: QueryClient,
  { eventId, event, me }: { eventId: string; event: EventListItem | undefined; me: Me | null | undefined },
  options: VenuePrefetchOptions = {},
): Promise<void> {
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  if (!me || !isProfileComplete(me) || !event?.eventData?.isRegistered || !isOnline()) return;
  const throughWorker = options.throughWorker ?? isControlledByWorker();
  const seen = done.get(queryClient) ?? new Map<string, boolean>();
  done.set(queryClient, seen);
  const key = `${me.id} ${eventId}`;
  const earlier = seen.get(key);
  if (earlier === true || (earlier === false && !throughWorker)) return;
  seen.set(key, throughWorker);

  const again = earlier === false;
  const keep = { gcTime: VENUE_KEEP_MS, ...(again ? { staleTime: 0 } : {}) };
  await Promise.all([
    again ? queryClient.prefetchQuery({ ...meQueryOptions(), staleTime: 0 }) : undefined,
    queryClient.prefetchQuery({ ...eventQueryOptions(eventId), ...keep }),
    queryClient.prefetchInfiniteQuery({ ...deckQueryOptions(eventId), ...keep }),
    queryClient.prefetchQuery({ ...interactionsQueryOptions(eventId), ...keep }),
    queryClient.prefetchQuery({ ...connectionsQueryOptions(), ...keep }),
  ]);
  // The photos are for the worker's image cache: without a worker in control they would land where
  // an offline start cannot find them, and the run when a worker takes over loads them.
  if (!throughWorker) return;
  const photos = deckCandidates(queryClient.getQueryData(deckQueryOptions(eventId).queryKey)).flatMap((c) => (c.imageUrl ? [c.imageUrl] : []));
  await warmPhotos(photos, options.loadPhoto ?? loadPhotoWithFetch, isOnline);
}

const notControlledOnServer = () => false;

/**
 * Runs the venue prefetch once the event and the member are known (event detail and Meet pages),
 * and again when a service worker takes control of the page. It waits for the first screen to be
 * done (lib/after-first-screen.ts): four more answers to parse and keep would compete with the
 * screen the member is waiting for, while the venue is hours away.
 */
export function usePrefetchVenue(eventId: string, event: EventListItem | undefined, me: Me | null | undefined): void {
  const queryClient = useQueryClient();
  const throughWorker = useSyncExternalStore(subscribeToWorkerControl, isControlledByWorker, notControlledOnServer);
  useEffect(() => {
    let live = true;
    afterFirstScreen(() => {
      // Not awaited: the photos may take a while, and later first-screen work must not wait for them.
      if (live) void prefetchVenue(queryClient, { eventId, event, me }, { throughWorker });
    });
    return () => {
      live = false;
    };
  }, [queryClient, eventId, event, me, throughWorker]);
}
