import type { Me } from '../../../contract/user';
import { isProfileComplete } from '../../../contract/profile-completeness';
import { safeRedirectPath, savedRedirects } from '../../lib/redirects';

/** Where an auth page sends a signed-in member when nothing else is saved or given. */
export const DEFAULT_AFTER_SIGN_IN = '/events?tab=find';
export const COMPLETE_PROFILE_PATH = '/complete-profile';

export interface SavedRedirects {
  afterLogin: string | null;
  afterProfile: string | null;
}

export interface SignInRedirectPlan {
  /** Where to go now. */
  to: string;
  /** The saved redirects after this step. */
  saved: SavedRedirects;
}

/**
 * docs/product.md section 4, Authentication, as a pure function. Once the member is known:
 * - role or story missing: go to /complete-profile, and move the saved post-login redirect (or the
 *   given target) to the post-profile redirect, so profile completion ends where sign-in would have;
 * - otherwise go to the saved post-login redirect (used up), else the given target, else
 *   /events?tab=find.
 * Saved paths that are not paths of this site are ignored (see safeRedirectPath).
 */
export function planSignInRedirect(user: Pick<Me, 'role' | 'story'>, saved: SavedRedirects, target?: string | null): SignInRedirectPlan {
  const afterLogin = safeRedirectPath(saved.afterLogin);
  const given = safeRedirectPath(target);
  if (!isProfileComplete(user)) {
    return {
      to: COMPLETE_PROFILE_PATH,
      saved: { afterLogin: null, afterProfile: afterLogin ?? given ?? safeRedirectPath(saved.afterProfile) },
    };
  }
  return { to: afterLogin ?? given ?? DEFAULT_AFTER_SIGN_IN, saved: { afterLogin: null, afterProfile: saved.afterProfile } };
}

/** Applies the plan to localStorage and answers where to go. */
export function redirectAfterSignIn(user: Pick<Me, 'role' | 'story'>, target?: string | null): string {
  const plan = planSignInRedirect(user, { afterLogin: savedRedirects.afterLogin(), afterProfile: savedRedirects.afterProfile() }, target);
  savedRedirects.setAfterLogin(plan.saved.afterLogin);
  savedRedirects.setAfterProfile(plan.saved.afterProfile);
  return plan.to;
}
