import { useEffect, useRef, useState, type ComponentType } from 'react';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { cameFromPortal } from '../from-portal';
import './subscription-slot.css';

let loaded: ComponentType | null = null;
const loadCard = () =>
  import('./SubscriptionCard').then((m) => {
    loaded = m.SubscriptionCard;
    return m.SubscriptionCard;
  });

/**
 * Where the profile shows the subscription card. The card's code is not part of the profile's
 * first screen (DESIGN.md's 100 KB budget): it loads once the first screen is done
 * (afterFirstScreen), or at once when the slot scrolls into view or the member comes back from
 * the portal (whose notice must not wait). Until then an empty frame of the card's height holds
 * its place, so nothing below it moves.
 */
export function SubscriptionCardSlot() {
  const [Card, setCard] = useState<ComponentType | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (Card) return;
    let live = true;
    let started = false;
    const load = () => {
      if (started) return undefined;
      started = true;
      return loadCard().then(
        (component) => live && setCard(() => component),
        () => live && setFailed(true),
      );
    };
    if (cameFromPortal(window.location.search)) {
      void load();
      return () => void (live = false);
    }
    afterFirstScreen(load);
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function' && placeholder.current) {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void load();
      });
      observer.observe(placeholder.current);
    }
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [Card]);

  if (Card) return <Card />;
  return (
    <div ref={placeholder} className="card subscription-card" aria-busy={!failed || undefined}>
      {/* SUBSCRIPTION_MESSAGES.loadFailed, written out: the contract module's schemas (valibot)
          would come with it into the profile's first-screen chunk. */}
      {failed && (
        <p className="subscription-text" role="alert">
          Unable to load subscription information. Please refresh the page.
        </p>
      )}
    </div>
  );
}
