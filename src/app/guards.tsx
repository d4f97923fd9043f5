import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Me } from '../../contract/user';
import { isProfileComplete } from '../../contract/profile-completeness';
import { useMe } from '../lib/signed-in-member';
import { COMPLETE_PROFILE_PATH, redirectAfterSignIn } from '../features/auth/redirect';
import { savedRedirects } from '../lib/redirects';
import { Spinner } from '../ui/Spinner';

function useCurrentPath(): string {
  const [location] = useLocation();
  const search = useSearch();
  return search ? `${location}?${search}` : location;
}

/** Navigates once (replacing the entry) after running `before`; renders nothing meanwhile. */
function RedirectOnce({ to, before }: { to: () => string; before?: () => void }) {
  const [, navigate] = useLocation();
  const done = useRef(false);
  useEffect(() => {
    // Guarded so React's development double-run of effects cannot apply the redirect rules twice.
    if (done.current) return;
    done.current = true;
    before?.();
    navigate(to(), { replace: true });
  });
  return null;
}

/**
 * A route that needs a signed-in member (docs/product.md section 2). Anonymous visitors go to /auth and the
 * path is remembered for after sign-in. Members whose profile lacks role or story go to
 * /complete-profile first, remembering the path for after it (unless `allowIncompleteProfile`).
 */
export function Protected({ children, allowIncompleteProfile = false }: { children: ReactNode; allowIncompleteProfile?: boolean }) {
  const { me } = useMe();
  const path = useCurrentPath();
  if (me === undefined) return <Spinner />;
  if (me === null) {
    return <RedirectOnce before={() => savedRedirects.setAfterLogin(path === '/' ? null : path)} to={() => '/auth'} />;
  }
  if (!allowIncompleteProfile && !isProfileComplete(me)) {
    return <RedirectOnce before={() => savedRedirects.setAfterProfile(path)} to={() => COMPLETE_PROFILE_PATH} />;
  }
  return children;
}

/** /auth: a signed-in member is sent on by the redirect rules of docs/product.md section 4. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { me } = useMe();
  if (me === undefined) return <Spinner />;
  if (me) return <SignedIn me={me} />;
  return children;
}

function SignedIn({ me }: { me: Me }) {
  return <RedirectOnce to={() => redirectAfterSignIn(me)} />;
}
