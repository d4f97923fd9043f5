import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '../../../ui/Button';
import { loadAnalytics } from '../analytics';
import { readCookieChoice, saveCookieChoice, type CookieChoice } from '../cookie-consent';
import './consent.css';

// Only opened on request: its toggles and the consent calls stay off every first screen.
const ManageConsentDialog = lazy(() => import('./ManageConsentDialog'));

/** Bottom banner until a cookie choice is made; analytics load only after 'Got it' (or chosen in 'Manage consent'). */
export function CookieBanner() {
  const [choice, setChoice] = useState<CookieChoice | null>(readCookieChoice);
  const [managing, setManaging] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (choice === 'all') loadAnalytics();
  }, [choice]);

  useReserveSpace(choice === null ? ref : null);

  if (choice !== null) return null;

  const choose = (next: CookieChoice) => {
    saveCookieChoice(next);
    setManaging(false);
    setChoice(next);
  };

  return (
    <section ref={ref} className="cookie-banner" aria-label="Cookie consent">
      <p className="cookie-banner-text">
        We use essential cookies to keep you signed in. With your OK we also use analytics to learn how Mingle is used and make it better.
      </p>
      <div className="cookie-banner-actions">
        <Button variant="ghost" size="sm" onClick={() => setManaging(true)}>
          Manage consent
        </Button>
        <Button variant="ghost" size="sm" onClick={() => choose('essential')}>
          Essential only
        </Button>
        <Button size="sm" onClick={() => choose('all')}>
          Got it
        </Button>
      </div>
      {managing && (
        <Suspense fallback={null}>
          <ManageConsentDialog onClose={() => setManaging(false)} onSave={choose} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * While the banner is shown, the page gets room for it at the bottom (the --cookie-banner-space
 * variable), so it can scroll everything, including a form's last button, above the banner.
 */
function useReserveSpace(ref: RefObject<HTMLElement | null> | null) {
  useLayoutEffect(() => {
    const element = ref?.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--cookie-banner-space', `${element.offsetHeight + 16}px`);
    // A ResizeObserver's first callback comes after the browser's layout and before its paint, so
    // the room is there in the banner's first frame without forcing a layout inside React's commit.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) observer.observe(element);
    else update();
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-banner-space');
    };
  }, [ref]);
}
