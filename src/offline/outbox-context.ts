import { createContext, useContext } from 'react';
import type { Outbox } from './outbox';

/** The signed-in member's outbox (null when signed out or where IndexedDB is missing). */
export const OutboxContext = createContext<Outbox | null>(null);

export function useOutbox(): Outbox | null {
  return useContext(OutboxContext);
}
