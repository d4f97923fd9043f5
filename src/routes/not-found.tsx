import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';
import './not-found.css';

/** Any path that is not a screen. */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="not-found">
      <p className="not-found-code">404</p>
      <h1 className="not-found-title">Page not found</h1>
      <p className="not-found-text">This page doesn't exist, or it is not available in this version of Mingle.</p>
      <Link href="/events" className="btn btn--primary btn--md">
        Go to events
      </Link>
    </div>
  );
}
