import { createContext, useContext, useEffect } from 'react';
import type { Outbox } from './outbox';

/** The signed-in member's outbox (null when signed out, not loaded yet, or without IndexedDB). */
export const OutboxContext = createContext<Outbox | null>(null);

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
