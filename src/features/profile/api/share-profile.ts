import { apiPath } from '../../../../contract/api-routes';
import type { ShareResponse } from '../../../../contract/profiles';
import { apiClient } from '../../../lib/api-client';
import type { ToastInput } from '../../../ui/toast-store';

/** POST users/me/share: the path of the member's public profile with its secret (the same until rotated). */
export function shareProfile(): Promise<ShareResponse> {
  return apiClient.post<ShareResponse>(apiPath('/users/me/share'));
}

export const LINK_COPIED_TOAST: ToastInput = { title: 'Link copied!' };

/** What the Share profile button did with the link. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled';

/**
 * The Share profile button's action, loaded when it is pressed. Asks the server for the link, puts the app's origin in front of it (docs/product.md section 7), and hands
 * it to the device's share sheet where there is one (a phone), else copies it to the clipboard.
 * Closing the share sheet is the member's choice, not a failure.
 */
export async function shareProfileLink(): Promise<ShareOutcome> {
  const { shareUrl } = await shareProfile();
  const url = new URL(shareUrl, window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'My Mingle profile', url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // The share sheet failed (no target): the clipboard still works.
    }
  }
  if (!navigator.clipboard) throw new Error('Clipboard not available');
  await navigator.clipboard.writeText(url);
  return 'copied';
}
