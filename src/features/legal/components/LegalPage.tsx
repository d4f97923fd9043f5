import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { env } from '../../../lib/env';
import { LegalLinks } from '../../../ui/LegalLinks';
import { ArrowLeftIcon } from '../../../ui/icons';
import './legal.css';

/**
 * The frame of the Terms of Service and the Privacy Policy: public pages, readable signed out and,
 * like every screen, offline once the app was opened. Back returns to where the member came from
 * (the consent dialog, the sign-up form), or to the start when the page was opened directly.
 */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  const back = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <article className="page legal-page">
      <div className="legal-top">
        <button type="button" className="legal-back" onClick={back}>
          <ArrowLeftIcon width="18" height="18" />
          Back
        </button>
        <Link href="/" className="legal-brand" aria-label="Mingle home">
          <span className="brand-mark" aria-hidden="true">
            M
          </span>
        </Link>
      </div>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        <p className="page-lead">Last updated {updated}.</p>
      </header>
      <OperatorNotice />
      <div className="legal-body">{children}</div>
      <footer className="legal-footer">
        <LegalLinks />
      </footer>
    </article>
  );
}

/** Who runs this installation, from the build's configuration; placeholders say they are ones. */
function OperatorNotice() {
  const { operator } = env;
  return (
    <aside className="legal-operator" aria-label="Operator">
      <p>
        This Mingle service is run by <strong>{operator.name}</strong>. Questions about your account or your data:{' '}
        <a href={`mailto:${operator.email}`}>{operator.email}</a>.
      </p>
      {!operator.configured && (
        <p className="legal-operator-demo">
          This is a demonstration installation. The operator name and address above are placeholders and nobody reads that mailbox. Do not enter real personal
          data here.
        </p>
      )}
    </aside>
  );
}

/** One short section: a heading and its paragraphs or lists. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="legal-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
