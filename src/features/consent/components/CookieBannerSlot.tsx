import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAnalytics } from '../analytics';
import { readCookieChoice } from '../cookie-consent';

// Only a visitor who has not chosen yet sees the banner: its words, buttons and styles stay out of
// the shell every start loads.
const CookieBanner = lazy(() => import('./CookieBanner').then((m) => ({ default: m.CookieBanner })));

/** The cookie banner until a choice is made; with the choice made, analytics load if it was 'all'. */
export function CookieBannerSlot() {
  const [choice] = useState(readCookieChoice);
  useEffect(() => {
    if (choice === 'all') loadAnalytics();
  }, [choice]);
  if (choice !== null) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}
