/** Where the Terms of Service and the Privacy Policy live: public pages, readable signed out. */
export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';

/**
 * The legal pages. The consent dialog is not shown over them, so a member who opens them from the
 * dialog can read what they are asked to accept (and comes back to the dialog).
 */
export function isLegalPath(path: string): boolean {
  return path === TERMS_PATH || path === PRIVACY_PATH;
}
