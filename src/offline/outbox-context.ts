import { createContext, useContext, useEffect } from 'react';
import { afterFirstScreen } from '../lib/after-first-screen';
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

/**
 * When a screen asks for the outbox: 'now'; 'after-paint' for a screen whose first paint cannot
 * depend on it (nothing queued to show) but that queues work as soon as the member acts (the deck):
 * Dexie and IndexedDB stay off that paint and are there a frame later; 'after-first-screen' for a
 * screen where queuing work starts with a deliberate step (editing a goal asks for it then).
 */
export type OutboxDemandTime = 'now' | 'after-paint' | 'after-first-screen';

/** Calls `work` once the browser has painted the current frame (a frame later, then a task). */
function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function useOutbox(when: OutboxDemandTime = 'now'): Outbox | null {
  const demand = useContext(OutboxDemandContext);
  useEffect(() => {
    if (when === 'now') {
      demand();
      return;
    }
    if (when === 'after-paint') return afterNextPaint(demand);
    let live = true;
    afterFirstScreen(() => {
      if (live) demand();
    });
    return () => {
      live = false;
    };
  }, [demand, when]);
  return useContext(OutboxContext);
}

/** Asks for the outbox at once, for a screen that deferred it and now needs it (editing starts). */
export function useDemandOutbox(): () => void {
  return useContext(OutboxDemandContext);
}

export type OutboxStatus = { state: 'ready'; outbox: Outbox } | { state: 'loading' | 'unavailable'; outbox: null };

/**
 * The outbox with the reason it is missing: screens that overlay queued work wait while it is
 * 'loading' (queued cards must not show for a frame), and use the network when 'unavailable'.
 */
export function useOutboxStatus(when: OutboxDemandTime = 'now'): OutboxStatus {
  const outbox = useOutbox(when);
  const load = useContext(OutboxLoadContext);
  if (outbox) return { state: 'ready', outbox };
  return { state: load, outbox: null };
}
