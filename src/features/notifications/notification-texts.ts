import { ApiError, errorMessage } from '../../lib/api-client';
import { DevicePushError } from './device-push';

/** Words shared by the profile's settings and the prompt after a connection. */
export const HOME_SCREEN_TEXT =
  "On iPhone and iPad, notifications need Mingle on your home screen: tap Share, then 'Add to Home Screen', and open Mingle from there.";
export const UNSUPPORTED_TEXT = 'This browser cannot show notifications from Mingle.';

/** What went wrong turning notifications on or off, for the member. */
export function devicePushErrorText(error: unknown): string {
  if (error instanceof DevicePushError) return error.message;
  if (error instanceof ApiError) return errorMessage(error);
  // The browser refused to subscribe (its push service unreachable, for one).
  return 'Notifications could not be turned on in this browser. Please try again later.';
}
