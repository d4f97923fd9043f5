import { useEffect, useState } from 'react';
import { Button } from '../../../ui/Button';
import { loadAnalytics } from '../analytics';
import { readCookieChoice, saveCookieChoice, type CookieChoice } from '../cookie-consent';
import './consent.css';

/** Bottom banner until a cookie choice is made; analytics load only after 'Got it'. */
export function CookieBanner() {
  const [choice, setChoice] = useState<CookieChoice | null>(readCookieChoice);

  useEffect(() => {
    if (choice === 'all') loadAnalytics();
  }, [choice]);

  if (choice !== null) return null;

  const choose = (next: CookieChoice) => {
    saveCookieChoice(next);
    setChoice(next);
  };

  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p className="cookie-banner-text">
        We use essential cookies to keep you signed in. With your OK we also use analytics to learn how Mingle is used and make it
        better.
      </p>
      <div className="cookie-banner-actions">
        <Button variant="ghost" size="sm" onClick={() => choose('essential')}>
          Essential only
        </Button>
        <Button size="sm" onClick={() => choose('all')}>
          Got it
        </Button>
      </div>
    </section>
  );
}
