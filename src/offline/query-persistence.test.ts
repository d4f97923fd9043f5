import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { clearPersistedQueryCache } from './persisted-query-cache';
import { startQueryPersistence } from './query-persistence';

const ME: QueryKey = ['auth', 'me'];
const EVENTS: QueryKey = ['events', 'list'];
const DECK: QueryKey = ['attendees', 'deck', 'e1'];

interface Member {
  id: string;
  firstName: string;
}
const ada: Member = { id: 'u-ada', firstName: 'Ada' };
const bob: Member = { id: 'u-bob', firstName: 'Bob' };

const stops: Array<() => void> = [];

function start(client: QueryClient, options: { version?: string; online?: boolean; throttleMs?: number; confirmedOwner?: string } = {}) {
  const stop = startQueryPersistence(client, {
    ownerKey: ME,
    ownerOf: (data) => (data as Member | null | undefined)?.id ?? null,
    version: options.version ?? '1.0.0',
    isOnline: () => options.online ?? true,
    throttleMs: options.throttleMs ?? 0,
    confirmedOwner: options.confirmedOwner,
  });
  stops.push(stop);
  return stop;
}

/** What the server answers, as a query fetch through the cache (the way screens ask). */
const answer = (client: QueryClient, queryKey: QueryKey, data: unknown) => client.fetchQuery({ queryKey, queryFn: async () => data, staleTime: 0 });

function blob(): { buster: string; clientState: { queries: { queryKey: QueryKey; state: { status: string; data: unknown } }[] } } | null {
  const raw = localStorage.getItem(STORAGE_KEYS.queryCache);
  return raw === null ? null : JSON.parse(raw);
}
const persistedKeys = () => blob()?.clientState.queries.map((q) => JSON.stringify(q.queryKey)) ?? [];
const persisted = (...keys: QueryKey[]) => expect(persistedKeys().sort()).toEqual(keys.map((k) => JSON.stringify(k)).sort());

/** A session of Ada's with the events list and a deck, persisted. */
async function adasSession(version = '1.0.0') {
  const client = createQueryClient();
  const stop = start(client, { version });
  await answer(client, ME, ada);
  await answer(client, EVENTS, ['Nordic Tech Summit']);
  await answer(client, DECK, [{ id: 'c1', firstName: 'Grace' }]);
  await vi.waitFor(() => persisted(ME, EVENTS, DECK));
  stop();
  return client;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('query cache persistence', () => {
  it('offline, a new start has the last answers before anything is fetched', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client, { online: false });
    expect(client.getQueryData(ME)).toEqual(ada);
    expect(client.getQueryData(EVENTS)).toEqual(['Nordic Tech Summit']);
    expect(client.getQueryData(DECK)).toEqual([{ id: 'c1', firstName: 'Grace' }]);
  });

  it('started after the screen got its answers, it stores them at once, not at the next change', async () => {
    const client = createQueryClient();
    await answer(client, ME, ada);
    await answer(client, DECK, [{ id: 'c1', firstName: 'Grace' }]);
    // However long later writes wait, a reload right after the start finds the cache.
    start(client, { throttleMs: 60_000 });
    persisted(ME, DECK);
    const next = createQueryClient();
    start(next, { online: false });
    expect(next.getQueryData(DECK)).toEqual([{ id: 'c1', firstName: 'Grace' }]);
  });

  it('a change still waiting for its throttled write is written when the page goes or is hidden', async () => {
    const client = createQueryClient();
    await answer(client, ME, ada);
    start(client, { throttleMs: 60_000 });
    client.setQueryData(DECK, [{ id: 'c1', firstName: 'Grace' }]);
    persisted(ME);
    window.dispatchEvent(new Event('pagehide'));
    persisted(ME, DECK);

    client.setQueryData(EVENTS, ['Nordic Tech Summit']);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      visibility.mockRestore();
    }
    persisted(ME, DECK, EVENTS);
  });

  it('when the storage is full, the oldest answers are left out, the member’s last', async () => {
    // A browser's localStorage that has room for the member and the deck, not for the events list too.
    const small: Storage = {
      get length() {
        return localStorage.length;
      },
      key: (index) => localStorage.key(index),
      getItem: (key) => localStorage.getItem(key),
      removeItem: (key) => localStorage.removeItem(key),
      clear: () => localStorage.clear(),
      setItem: (key, value) => {
        if (value.length > 1500) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        localStorage.setItem(key, value);
      },
    };
    const client = createQueryClient();
    await answer(client, ME, ada);
    await answer(client, EVENTS, ['x'.repeat(1000)]);
    await answer(client, DECK, [{ id: 'c1', firstName: 'Grace' }]);
    stops.push(
      startQueryPersistence(client, {
        ownerKey: ME,
        ownerOf: (data) => (data as Member).id,
        version: '1.0.0',
        isOnline: () => true,
        storage: small,
        throttleMs: 60_000,
      }),
    );
    persisted(ME, DECK);
  });

  it('online, the restored cache is stored again at once with the confirmed member', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client, { throttleMs: 60_000 });
    await answer(client, ME, { ...ada, firstName: 'Ada L.' });
    persisted(ME, EVENTS, DECK);
    expect(blob()?.clientState.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(ME))?.state.data).toEqual({ ...ada, firstName: 'Ada L.' });
  });

  it('another app version drops the persisted cache', async () => {
    await adasSession('1.0.0');
    const client = createQueryClient();
    start(client, { version: '1.1.0', online: false });
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    expect(client.getQueryData(ME)).toBeUndefined();
    expect(blob()).toBeNull();
  });

  it('online, the cache is restored once the server confirms the same member', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client);
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    await answer(client, ME, ada);
    expect(client.getQueryData(EVENTS)).toEqual(['Nordic Tech Summit']);
    expect(client.getQueryData(DECK)).toEqual([{ id: 'c1', firstName: 'Grace' }]);
  });

  it('online, an answer the page carried (the owner query created with it) confirms the member as a fetch does', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client);
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    client.getQueryCache().build(client, { queryKey: ME, initialData: ada });
    expect(client.getQueryData(EVENTS)).toEqual(['Nordic Tech Summit']);
    await client.fetchQuery({ queryKey: ['events', 'detail', 'e1'], queryFn: async () => 'Nordic Tech Summit' });
    await vi.waitFor(() => persisted(ME, EVENTS, DECK, ['events', 'detail', 'e1']));
  });

  it('online, when the device confirmed the same member, the cache is there before anything is fetched', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client, { confirmedOwner: ada.id });
    expect(client.getQueryData(EVENTS)).toEqual(['Nordic Tech Summit']);
    expect(client.getQueryData(DECK)).toEqual([{ id: 'c1', firstName: 'Grace' }]);
    // Shown at once, and asked again as the screens open (online, it may have changed elsewhere).
    expect([ME, EVENTS, DECK].map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]);
    // The server's answer still decides: the same member keeps it all.
    await answer(client, ME, ada);
    expect(client.getQueryData(EVENTS)).toEqual(['Nordic Tech Summit']);
  });

  it('online, a cache restored for the confirmed member is dropped when the server answers another', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client, { confirmedOwner: ada.id });
    await answer(client, ME, bob);
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    expect(client.getQueryData(DECK)).toBeUndefined();
    await vi.waitFor(() => persisted(ME));
  });

  it('online, a device that confirmed another member waits for the server', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client, { confirmedOwner: bob.id });
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    await answer(client, ME, ada);
    expect(client.getQueryData(EVENTS)).toEqual(['Nordic Tech Summit']);
  });

  it('online, another member never gets the cache: it is deleted unread', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client);
    await answer(client, ME, bob);
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    expect(client.getQueryData(DECK)).toBeUndefined();
    await vi.waitFor(() => persisted(ME));
    expect(blob()?.clientState.queries[0]?.state.data).toEqual(bob);
  });

  it('a session that expired (nobody signed in) gets no cache, and none is kept', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client);
    await answer(client, ME, null);
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    await answer(client, EVENTS, ['public list']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(blob()).toBeNull();
  });

  it('when the server cannot answer, the cache is restored as when offline', async () => {
    await adasSession();
    const client = createQueryClient();
    start(client);
    await client.fetchQuery({ queryKey: ME, queryFn: () => Promise.reject(new Error('Failed to fetch')) }).catch(() => {});
    expect(client.getQueryData(ME)).toEqual(ada);
    expect(client.getQueryData(EVENTS)).toEqual(['Nordic Tech Summit']);
  });

  it("another member signing in during a session drops the first member's answers and blob", async () => {
    const client = createQueryClient();
    start(client);
    await answer(client, ME, ada);
    await answer(client, EVENTS, ['Nordic Tech Summit']);
    await vi.waitFor(() => persisted(ME, EVENTS));
    await answer(client, ME, bob);
    expect(client.getQueryData(EVENTS)).toBeUndefined();
    await vi.waitFor(() => persisted(ME));
    expect(blob()?.clientState.queries[0]?.state.data).toEqual(bob);
  });

  it('logging out drops the answers and removes the stored cache', async () => {
    const client = createQueryClient();
    start(client);
    await answer(client, ME, ada);
    await answer(client, DECK, [{ id: 'c1' }]);
    await vi.waitFor(() => persisted(ME, DECK));
    // What the logout does: the member is gone, the stored cache removed.
    client.setQueryData(ME, null);
    clearPersistedQueryCache();
    expect(client.getQueryData(DECK)).toBeUndefined();
    expect(blob()).toBeNull();
    // A write still on its way does not bring it back.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(blob()).toBeNull();
  });

  it('a failed query is not persisted; one whose refetch failed keeps its last answer', async () => {
    const client = createQueryClient();
    start(client);
    await answer(client, ME, ada);
    await answer(client, DECK, [{ id: 'c1' }]);
    const fail = () => Promise.reject(new Error('Failed to fetch'));
    await client.fetchQuery({ queryKey: EVENTS, queryFn: fail }).catch(() => {});
    await client.fetchQuery({ queryKey: DECK, queryFn: fail, staleTime: 0 }).catch(() => {});
    await vi.waitFor(() => persisted(ME, DECK));
    const deck = blob()?.clientState.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(DECK));
    expect(deck?.state).toMatchObject({ status: 'success', data: [{ id: 'c1' }] });
  });

  it('a query with meta persist: false stays out of the stored cache', async () => {
    const client = createQueryClient();
    start(client);
    await answer(client, ME, ada);
    await client.fetchQuery({ queryKey: ['secret'], queryFn: async () => 'only in memory', meta: { persist: false } });
    await answer(client, EVENTS, ['Nordic Tech Summit']);
    await vi.waitFor(() => persisted(ME, EVENTS));
  });
});
