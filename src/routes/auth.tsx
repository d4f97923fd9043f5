import { lazy, Suspense } from 'react';
import { useSearchParams } from 'wouter';
import { AuthPage } from '../features/auth/components/AuthPage';
import { savedRedirects } from '../lib/redirects';

const SharedProfileInvite = lazy(() => import('../features/profile/components/SharedProfileInvite').then((m) => ({ default: m.SharedProfileInvite })));

/** A shared profile link (/users/{id}/public/{secret}) that sent a signed-out visitor here. */
const SHARED_PROFILE = /^\/users\/([^/]+)\/public\/([^/?#]+)$/;

/**
 * /auth: Log in and Sign up tabs (each titles the page); ?tab=signup opens Sign up. Reached from
 * a shared profile link, it says whose profile waits behind signing in.
 */
export function AuthRoute() {
  const [params] = useSearchParams();
  const shared = SHARED_PROFILE.exec(savedRedirects.afterLogin() ?? '');
  const invite = shared
    ? (returning: boolean) => (
        <Suspense fallback={null}>
          <SharedProfileInvite userId={decodeURIComponent(shared[1]!)} secret={decodeURIComponent(shared[2]!)} returning={returning} />
        </Suspense>
      )
    : undefined;
  return <AuthPage initialTab={params.get('tab') === 'signup' ? 'signup' : 'login'} invite={invite} />;
}
