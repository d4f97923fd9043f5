import { useEffect, useState, type ComponentType } from 'react';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import './subscription-slot.css';

let loaded: ComponentType | null = null;

/**
 * Where the profile shows the subscription card. The card's code is not part of the profile's
 * first screen (docs/architecture.md's 100 KB budget, which this chunk is at): it loads once the first screen
 * is done (afterFirstScreen), or at once when the member comes back from the portal, whose notice
 * must not wait. Until then an empty frame of the card's height holds its place, so nothing below
 * it moves (its height follows `pro`, me.hasProAccess). Kept this small on purpose: every byte here is first-screen JavaScript.
 */
export function SubscriptionCardSlot({ pro }: { pro: boolean }) {
  const [Card, setCard] = useState(() => loaded);
  useEffect(() => {
    if (Card) return;
    const load = () => import('./SubscriptionCard').then((m) => setCard(() => (loaded = m.SubscriptionCard)));
    // from-portal.ts's test, written out: importing it costs this chunk a module wrapper.
    if (/[?&]from_portal=true(&|$)/.test(location.search)) void load();
    else afterFirstScreen(load);
  }, [Card]);
  return Card ? <Card /> : <div className={`card subscription-slot${pro ? ' subscription-slot--pro' : ''}`} aria-busy="true" />;
}
