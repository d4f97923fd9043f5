import { createContext, useContext, useEffect } from 'react';
import type { Outbox } from './outbox';

/** The signed-in member's outbox (null when signed out, not loaded yet, or without IndexedDB). */
export const OutboxContext = createContext<Outbox | null>(null);

/**
 * Why OutboxContext is null: 'loading' while it is on its way (Dexie is being fetched and opened),
 * 'unavailable' when it will not come (signed out, no IndexedDB, the database would not open).
 * Without a provider it is 'unavailable', so a screen outside the app shell falls back to the network.
 */
export type OutboxLoad = 'loading' | 'unavailable';
export const OutboxLoadContext = createContext<OutboxLoad>('unavailable');

/**
 * Asks the app to load the outbox. It is not loaded on every first screen (it brings Dexie and the
 * sync engine): only when it holds work from before, or when a screen that queues work needs it.
 */
export const OutboxDemandContext = createContext<() => void>(() => {});

export function useOutbox(): Outbox | null {
  const demand = useContext(OutboxDemandContext);
  useEffect(() => demand(), [demand]);
  return useContext(OutboxContext);
}

export type OutboxStatus = { state: 'ready'; outbox: Outbox } | { state: 'loading' | 'unavailable'; outbox: null };

/**
 * The outbox with the reason it is missing: screens that overlay queued work wait while it is
 * 'loading' (queued cards must not show for a frame), and use the network when 'unavailable'.
 */
export function useOutboxStatus(): OutboxStatus {
  const outbox = useOutbox();
  const load = useContext(OutboxLoadContext);
  if (outbox) return { state: 'ready', outbox };
  return { state: load, outbox: null };
}
