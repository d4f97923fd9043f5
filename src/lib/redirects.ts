import { STORAGE_KEYS } from './storage-keys';
import { storage } from './storage';

/** Paths that must never be a post-sign-in destination (they would loop back to sign-in). */
const AUTH_PATH = /^\/(?:auth|login|signup)(?:[/?#]|$)/;

/**
 * A stored redirect is only followed when it is a path on this site: it starts with one slash
 * (not "//host" or "/\host", which browsers treat as another origin) and is not a sign-in page.
 */
export function safeRedirectPath(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  if (AUTH_PATH.test(path)) return null;
  return path;
}

/** The two saved redirects of docs/product.md section 4, kept in localStorage. */
export const savedRedirects = {
  afterLogin: () => safeRedirectPath(storage.get(STORAGE_KEYS.redirectAfterLogin)),
  afterProfile: () => safeRedirectPath(storage.get(STORAGE_KEYS.redirectAfterProfile)),
  setAfterLogin(path: string | null) {
    const safe = safeRedirectPath(path);
    if (safe) storage.set(STORAGE_KEYS.redirectAfterLogin, safe);
    else storage.remove(STORAGE_KEYS.redirectAfterLogin);
  },
  setAfterProfile(path: string | null) {
    const safe = safeRedirectPath(path);
    if (safe) storage.set(STORAGE_KEYS.redirectAfterProfile, safe);
    else storage.remove(STORAGE_KEYS.redirectAfterProfile);
  },
};
