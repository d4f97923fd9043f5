import { Link } from 'wouter';
import './not-found.css';

/**
 * 'Page not found' with the way back to the events. Its own small module so that a public page (a
 * week's promotion) can show it without the signed-in screens' shared chunk.
 */
export function NotFoundMessage() {
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
