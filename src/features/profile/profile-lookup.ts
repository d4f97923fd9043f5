import { linkedinProfileId } from '../../../contract/linkedin';
import { PROFILE_LOOKUP_CODES } from '../../../contract/profile-lookup';
import { ApiError } from '../../lib/api-client';
import type { ToastInput } from '../../ui/toast-store';

/** docs/product.md section 8: every lookup failure other than PROFILE_NOT_FOUND. */
export const LOOKUP_FAILED_TEXT = 'Failed to use LinkedIn profile. Please try again.';

/** Shown on the 'Create with AI' choice when the server has no profile-lookup provider. */
export const LOOKUP_UNAVAILABLE_TEXT = 'Not available on this server: write your profile yourself for now.';

/**
 * What the member typed, normalised as docs/product.md section 5 says (leading @, the link's prefix, a
 * trailing slash and a query stripped): the profile id, or undefined when it cannot be one.
 */
export function profileIdFromInput(input: string): string | undefined {
  const trimmed = input.replace(/\s+/g, '');
  return trimmed === '' ? undefined : linkedinProfileId(trimmed);
}

export type LookupFailure = 'not-found' | 'unavailable' | 'failed';

export function lookupFailure(error: unknown): LookupFailure {
  if (error instanceof ApiError) {
    if (error.code === PROFILE_LOOKUP_CODES.notFound) return 'not-found';
    if (error.code === PROFILE_LOOKUP_CODES.unavailable) return 'unavailable';
  }
  return 'failed';
}

/** The notice of docs/product.md section 8 for a failed lookup. */
export function lookupErrorToast(failure: LookupFailure): ToastInput {
  if (failure === 'not-found') {
    return {
      title: 'Profile not found',
      description: "We couldn't find a LinkedIn profile with that ID. Check it and try again, or choose 'Create yourself'.",
      variant: 'destructive',
    };
  }
  if (failure === 'unavailable') return { title: 'Create with AI is not available', description: LOOKUP_UNAVAILABLE_TEXT, variant: 'destructive' };
  return { title: 'Error', description: LOOKUP_FAILED_TEXT, variant: 'destructive' };
}
