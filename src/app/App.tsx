import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { hasRequiredConsent } from '../../contract/consent-granted';
import { useMe } from '../lib/signed-in-member';
import { isLegalPath } from '../lib/legal-paths';
import { ErrorBoundary } from './ErrorBoundary';
import { AppLayout } from './layout/AppLayout';
import { OutboxProvider } from './outbox/OutboxProvider';
import { AppRoutes } from './routes';

const ConsentDialog = lazy(() => import('../features/consent/components/ConsentDialog').then((m) => ({ default: m.ConsentDialog })));

/**
 * Navigation is hidden on /auth routes, on /complete-profile and when logged out. A promotional page
 * (/week/{slug}) is a landing page for visitors: never, so nothing moves while the member is looked up.
 */
export function showsNavigation(path: string, signedIn: boolean | undefined): boolean {
  if (signedIn === false || path.startsWith('/week/')) return false;
  return !/^\/auth(?:\/|$)/.test(path) && path !== '/complete-profile' && path !== '/login' && path !== '/signup';
}

export function App() {
  const { me } = useMe();
  const [location] = useLocation();
  // Not over the Terms and the Privacy Policy: the dialog links there, so they can be read first.
  const needsConsent = Boolean(me) && !hasRequiredConsent(me?.consents ?? []) && !isLegalPath(location);

  return (
    // While the member is still being looked up (undefined), the navigation's place is kept, so
    // the screen does not jump sideways when it arrives (CLS); a visitor is sent to /auth anyway.
    <AppLayout showNav={showsNavigation(location, me === undefined ? undefined : me !== null)}>
      {/* Keyed by path: an error on one screen does not stick once the member navigates away. */}
      <OutboxProvider>
        <ErrorBoundary key={location}>
          <AppRoutes />
        </ErrorBoundary>
      </OutboxProvider>
      {needsConsent && (
        <Suspense fallback={null}>
          <ConsentDialog />
        </Suspense>
      )}
    </AppLayout>
  );
}
