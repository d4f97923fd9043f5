import type { ReactNode } from 'react';
import { LegalLinks } from '../../../ui/LegalLinks';
import './auth.css';

/** The frame of the auth screens: a brand panel beside (or above, on phones) the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <section className="auth-hero" aria-label="About Mingle">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
          <span className="auth-brand-name">Mingle</span>
        </div>
        <div className="auth-hero-copy">
          <p className="auth-hero-title">Meet the right people at every event.</p>
          <ul className="auth-hero-points">
            <li>See which of your connections are going</li>
            <li>Swipe through attendees before you arrive</li>
            <li>Connect when the interest is mutual</li>
          </ul>
        </div>
      </section>
      <div className="auth-main">
        {children}
        <LegalLinks className="auth-legal" />
      </div>
    </div>
  );
}
