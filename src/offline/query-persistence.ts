import { dehydrate, hashKey, hydrate, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
// Types only: its functions would bring a second copy of query-core (another version) into the
// bundle, so dehydrate and hydrate come from @tanstack/react-query and the save is written here.
import type { PersistedClient, PersistRetryer } from '@tanstack/react-query-persist-client';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { clearPersistedQueryCache, localStorageOrNothing } from './persisted-query-cache';

/**
 * Cache persistence: the TanStack Query cache is kept in localStorage, so that a start without
 * network (the venue) renders the last answers at once instead of a spinner.
 *
 * Whose data it is. Every blob holds the answer of the owner query (GET users/me) among its
 * queries, so it records the member it belongs to; a cache without a signed-in member is never
 * written (the blob is removed instead). The blob is dropped:
 * - when it was written by another app version (its buster) or is older than a day (maxAge);
 * - online, at start: the blob stays unread until the owner query answers. The same member gets
 *   it restored; another member, or nobody (an expired session answers 401, i.e. null), gets it
 *   deleted unread. So member A's data is never in memory while B or a visitor uses the app, and
 *   the screens wait for that answer anyway (the route guards do). If the server cannot answer
 *   (an error), it is restored as when offline.
 * - offline at start there is nobody to ask: the device's last member is taken to be the one
 *   holding it, so the blob is restored before the first render; the owner query is asked again
 *   as soon as the network is back, and the rule below applies to its answer.
 * - online, when the device already confirmed the blob's member (`confirmedOwner`: the service
 *   worker's stored answer of the owner query names them), the blob is restored before the first
 *   render too, and the owner query's answer is checked as below: a network that connects but
 *   hangs must not keep the screens waiting for an answer the device has (docs/architecture.md,
 *   'A network that hangs').
 * - later, whenever the owner query answers another member or null (logout, an expired session,
 *   signing in as someone else), every other query is dropped from memory and the blob deleted;
 *   the next write holds only the new member's data.
 */

/** Restored and written data older than this is dropped (a venue day). */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60_000;
/** At most one localStorage write per second, whatever the number of cache events. */
export const PERSIST_THROTTLE_MS = 1000;

declare module '@tanstack/react-query' {
  interface Register {
    /** `persist: false` keeps a query out of the persisted cache (its answer is only kept in memory). */
    queryMeta: { persist?: boolean } & Record<string, unknown>;
  }
}

export interface QueryPersistenceOptions {
  /** The query that says who is signed in (GET users/me). */
  ownerKey: QueryKey;
  /** The member id in that query's answer; null when nobody is signed in. */
  ownerOf: (data: unknown) => string | null;
  /** The app version: a blob written by another version is never restored. */
  version: string;
  /** Defaults to localStorage; persistence is off when it is unavailable. */
  storage?: Storage;
  /** Defaults to navigator.onLine. */
  isOnline?: () => boolean;
  /**
   * The member the device's session was last confirmed for, without asking the network (the
   * service worker's stored answer of the owner query, which it empties at sign-in, logout and any
   * 401); null or undefined when unknown.
   */
  confirmedOwner?: string | null;
  throttleMs?: number;
  now?: () => number;
}

type DehydratedQuery = PersistedClient['clientState']['queries'][number];

/**
 * Restores the persisted cache into `client` (at once when offline, after the owner query confirms
 * the member when online) and keeps it written. Returns a function that stops writing.
 */
export function startQueryPersistence(client: QueryClient, options: QueryPersistenceOptions): () => void {
  const storage = options.storage ?? localStorageOrNothing();
  if (!storage) return () => {};
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const ownerHash = hashKey(options.ownerKey);
  const key = STORAGE_KEYS.queryCache;

  const ownerIn = (queries: DehydratedQuery[]): string | null => {
    const owner = queries.find((q) => q.queryHash === ownerHash);
    return owner ? options.ownerOf(owner.state.data) : null;
  };

  // An answer that a later refetch failed to renew is still the last good one: it is written as a
  // success, or restoring it would show the error screen instead of the data.
  const asSuccess = (q: DehydratedQuery): DehydratedQuery =>
    q.state.status === 'error' ? { ...q, state: { ...q.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } } : q;

  // When the storage is full, the oldest answers go first; the owner's stays to the end.
  const dropOldest: PersistRetryer = ({ persistedClient }) => {
    const others = persistedClient.clientState.queries.filter((q) => q.queryHash !== ownerHash);
    if (others.length === 0) return undefined;
    const oldest = others.reduce((a, b) => (b.state.dataUpdatedAt < a.state.dataUpdatedAt ? b : a));
    const queries = persistedClient.clientState.queries.filter((q) => q !== oldest);
    return { ...persistedClient, clientState: { mutations: [], queries } };
  };

  const persisterStorage = {
    getItem: (k: string) => storage.getItem(k),
    // An empty value means "no signed-in member": the blob is removed, never written empty.
    setItem: (k: string, value: string) => (value === '' ? storage.removeItem(k) : storage.setItem(k, value)),
    removeItem: (k: string) => storage.removeItem(k),
  };
  const serialize = (persisted: PersistedClient) => {
    const queries = persisted.clientState.queries.map(asSuccess);
    return ownerIn(queries) === null ? '' : JSON.stringify({ ...persisted, clientState: { mutations: [], queries } });
  };

  const persister = createSyncStoragePersister({
    storage: persisterStorage,
    key,
    throttleTime: options.throttleMs ?? PERSIST_THROTTLE_MS,
    serialize,
    retry: dropOldest,
  });

  // The persister's writes wait for its throttle. The first one must not: the page may be reloaded
  // without network right after persistence starts (it starts late on a first visit), and an
  // unwritten cache would then open the app signed out. Same rules as the persister's writes.
  const writeNow = (first: PersistedClient) => {
    let persisted: PersistedClient | undefined = first;
    for (let errorCount = 1; persisted; errorCount += 1) {
      try {
        persisterStorage.setItem(key, serialize(persisted));
        return;
      } catch (error) {
        persisted = dropOldest({ persistedClient: persisted, error: error as Error, errorCount });
      }
    }
  };

  const removeBlob = () => clearPersistedQueryCache(storage);

  const shouldPersist = (query: Query) =>
    query.state.data !== undefined && query.meta?.persist !== false && now() - query.state.dataUpdatedAt <= PERSIST_MAX_AGE_MS;

  const snapshot = (): PersistedClient => ({
    buster: options.version,
    timestamp: now(),
    clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersist, shouldDehydrateMutation: () => false }),
  });
  // Writes are throttled by the persister; the storage refusing even after dropping answers only
  // means the cache is not kept this time.
  const save = () => void persister.persistClient(snapshot());

  const readBlob = (): { persisted: PersistedClient; owner: string } | null => {
    let persisted: PersistedClient | undefined;
    try {
      // The sync storage persister answers at once, which is what lets a start render from it.
      persisted = persister.restoreClient() as PersistedClient | undefined;
    } catch {
      removeBlob();
      return null;
    }
    if (!persisted) return null;
    const owner = Array.isArray(persisted.clientState?.queries) ? ownerIn(persisted.clientState.queries) : null;
    const fresh = typeof persisted.timestamp === 'number' && now() - persisted.timestamp <= PERSIST_MAX_AGE_MS;
    if (persisted.buster !== options.version || !fresh || owner === null) {
      removeBlob();
      return null;
    }
    return { persisted, owner };
  };

  // Restored answers stay as long as the blob would have kept them, not the 30 minutes of unused
  // answers fetched in this session: the venue may be hours after the prefetch.
  const restore = (persisted: PersistedClient) => hydrate(client, persisted.clientState, { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } });

  /** The member whose data the cache holds (null: nobody's yet). */
  let owner: string | null = null;
  /** An online start's blob, unread until the owner query answers. */
  let waiting: { persisted: PersistedClient; owner: string } | null = null;
  let saving = false;
  let stopAsking = () => {};

  // From here on every cache change is written; the cache as it is now, at once.
  const startSaving = () => {
    saving = true;
    writeNow(snapshot());
  };

  // Offline, the owner query is asked again once the network is back, so that an expired session
  // or another member signed in meanwhile is found out.
  const askOwnerWhenOnline = () => {
    const ask = () => void client.invalidateQueries({ queryKey: options.ownerKey });
    window.addEventListener('online', ask, { once: true });
    stopAsking = () => window.removeEventListener('online', ask);
  };

  const onOwnerAnswer = (answer: 'success' | 'error', data: unknown) => {
    if (waiting) {
      const blob = waiting;
      waiting = null;
      if (answer === 'error' || options.ownerOf(data) === blob.owner) {
        owner = blob.owner;
        restore(blob.persisted);
      } else {
        owner = options.ownerOf(data);
        removeBlob();
      }
      startSaving();
      return;
    }
    if (answer === 'error') return;
    const next = options.ownerOf(data);
    if (owner !== null && next !== owner) {
      client.removeQueries({ predicate: (query) => query.queryHash !== ownerHash });
      removeBlob();
    }
    owner = next;
  };

  const blob = readBlob();
  const ownerQuery = client.getQueryCache().get(ownerHash);
  if (blob && (!isOnline() || options.confirmedOwner === blob.owner)) {
    owner = blob.owner;
    restore(blob.persisted);
    // Online, what was restored is shown at once and asked again as its screens open, whatever its age.
    if (isOnline()) void client.invalidateQueries({ refetchType: 'none' });
    else askOwnerWhenOnline();
    // The cache now holds what is stored: written again at its next change, not before the first render.
    saving = true;
  } else if (blob) {
    waiting = blob;
  }
  // Started after the owner query answered (a start without a blob loads this module later, when
  // the screen's answers are usually all there: they are written now, not at the next change).
  if (ownerQuery && ownerQuery.state.status !== 'pending') onOwnerAnswer(ownerQuery.state.status, ownerQuery.state.data);
  if (!waiting && !saving) startSaving();

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== ownerHash) {
      // Not the owner query.
    } else if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error')) {
      onOwnerAnswer(event.action.type, event.query.state.data);
    } else if (event.type === 'added' && event.query.state.status === 'success') {
      // Created with an answer: the server's, embedded in the page (lib/first-screen-data.ts).
      onOwnerAnswer('success', event.query.state.data);
    }
    if (saving && (event.type === 'added' || event.type === 'removed' || event.type === 'updated')) save();
  });

  // A throttled write still waiting when the page goes (a reload, a link, the app sent to the
  // background and closed) would be lost, and the next start would show what the member had just
  // changed (left an event, say) as it was: the cache is written at once then.
  const flush = () => {
    if (saving) writeNow(snapshot());
  };
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flushWhenHidden);

  return () => {
    unsubscribe();
    stopAsking();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', flushWhenHidden);
  };
}
