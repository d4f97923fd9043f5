/** What a Mingle QR code carries: the member's public profile link with its share secret. */
export interface ProfileLink {
  userId: string;
  secret: string;
  /** The app path to open: /users/{userId}/public/{secret}. */
  path: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// The server's share secrets are base64url (server/routes/profiles.ts accepts at most 64 of them).
const PROFILE_PATH = new RegExp(`^/users/(${UUID})/public/([A-Za-z0-9_-]{1,64})/?$`, 'i');

/**
 * The profile link in a scanned or pasted text, or null when it is not one of ours: only a link to
 * this app's own origin (`origin`) and its shared-profile route counts, so a code that points
 * anywhere else is never opened. Blanks around it, a query or a fragment are ignored; a pasted
 * link without its scheme ('mingle.example/users/...') is read as https.
 */
export function parseProfileLink(text: string, origin: string): ProfileLink | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 2048) return null;
  const expected = new URL(origin);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `${expected.protocol}//${trimmed}`);
  } catch {
    return null;
  }
  if (url.origin !== expected.origin || url.username !== '' || url.password !== '') return null;
  const match = PROFILE_PATH.exec(url.pathname);
  if (!match) return null;
  const userId = match[1]!.toLowerCase();
  const secret = match[2]!;
  return { userId, secret, path: `/users/${userId}/public/${secret}` };
}
