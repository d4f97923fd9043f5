import { useEffect, useState, type ComponentType } from 'react';
import { afterFirstScreen } from '../../../lib/after-first-screen';
import { loadAnalytics } from '../analytics';
import { readCookieChoice } from '../cookie-consent';

/**
 * The cookie banner until a choice is made; with the choice made, analytics load if it was 'all'.
 * The banner comes after the first screen: nothing is tracked before the choice, so it can wait,
 * and its words, buttons and styles stay out of the shell and off the first screen's path.
 */
export function CookieBannerSlot() {
  const [choice] = useState(readCookieChoice);
  const [Banner, setBanner] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (choice === 'all') loadAnalytics();
    if (choice !== null) return;
    let live = true;
    afterFirstScreen(() => import('./CookieBanner').then((m) => live && setBanner(() => m.CookieBanner)));
    return () => {
      live = false;
    };
  }, [choice]);
  return Banner ? <Banner /> : null;
}
