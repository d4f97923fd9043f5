import type { ProfileTextField } from '../../../contract/user';

/** The fields' names as the profile's cards label them, for the notices of docs/product.md section 5. */
export const PROFILE_EDIT_LABELS: Record<ProfileTextField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  role: 'Title',
  story: 'Story',
  location: 'Location',
  locationId: 'Location',
  linkedinUrl: 'LinkedIn',
  phone: 'Phone',
};

/** Under the profile header while edits wait in the outbox. */
export const PROFILE_WAITING_TEXT = 'Saved on this device, waiting to sync.';

/** docs/product.md section 8's notice for a profile save that did not go through. */
export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';
