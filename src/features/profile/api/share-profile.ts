import { apiPath } from '../../../../contract/api-routes';
import type { ShareResponse } from '../../../../contract/profiles';
import { apiClient } from '../../../lib/api-client';
import { shareOrCopy, type ShareOutcome } from '../../../lib/share-link';
import type { ToastInput } from '../../../ui/toast-store';

/** POST users/me/share: the path of the member's public profile with its secret (the same until rotated). */
export function shareProfile(): Promise<ShareResponse> {
  return apiClient.post<ShareResponse>(apiPath('/users/me/share'));
}

export const LINK_COPIED_TOAST: ToastInput = { title: 'Link copied!' };

/**
 * The Share profile button's action, loaded when it is pressed. Asks the server for the link, puts
 * the app's origin in front of it (docs/product.md section 7), and shares or copies it.
 */
export async function shareProfileLink(): Promise<ShareOutcome> {
  const { shareUrl } = await shareProfile();
  return shareOrCopy({ title: 'My Mingle profile', url: new URL(shareUrl, window.location.origin).href });
}
