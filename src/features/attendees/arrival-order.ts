import { useMemo, useState } from 'react';
import type { DeckCandidate } from '../../../contract/attendees';

/**
 * The ids of `loaded` in the order this visit first saw them: those seen before keep their places
 * (minus anyone no longer loaded), new ones join the end in the server's order.
 */
export function arrivalOrder(seen: readonly string[], loaded: readonly DeckCandidate[]): string[] {
  const ids = new Set(loaded.map((candidate) => candidate.id));
  const kept = seen.filter((id) => ids.has(id));
  const known = new Set(kept);
  return [...kept, ...loaded.map((candidate) => candidate.id).filter((id) => !known.has(id))];
}

/**
 * The deck's cards in arrival order: a fresh answer (the network's, after the device's copy showed
 * first) never moves a card the member is looking at; whoever is new joins the end of the deck.
 */
export function useArrivalOrder(loaded: DeckCandidate[]): DeckCandidate[] {
  const [kept, setKept] = useState(() => ({ from: loaded, order: arrivalOrder([], loaded) }));
  let order = kept.order;
  if (kept.from !== loaded) {
    // Derived during render, as React's docs advise for state that follows a prop.
    order = arrivalOrder(kept.order, loaded);
    setKept({ from: loaded, order });
  }
  return useMemo(() => {
    const byId = new Map(loaded.map((candidate) => [candidate.id, candidate]));
    return order.map((id) => byId.get(id)!);
  }, [order, loaded]);
}
