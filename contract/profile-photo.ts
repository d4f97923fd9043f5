/**
 * The profile photo of PATCH users/me (multipart form data): what the server takes and what it
 * answers. The client checks the size before sending; the type is decided by the server from the
 * file's bytes only.
 */

/** The form field that carries the photo. */
export const PROFILE_IMAGE_FIELD = 'profileImage';

/**
 * Removes the photo (the photo dialog's 'Remove'): `removeProfileImage: true` in JSON, or the
 * form field `removeProfileImage=true`. Sending it together with a profileImage file is a 400.
 */
export const REMOVE_PROFILE_IMAGE_FIELD = 'removeProfileImage';

/** The largest photo accepted, in bytes (413 above). */
export const MAX_PROFILE_IMAGE_BYTES = 15 * 1024 * 1024;

/**
 * The most pixels a photo may declare (64 Mi, 8192 x 8192): a 12-megapixel phone photo and the
 * 48- and 50-megapixel ones pass; a small file that declares an enormous image (a decompression
 * bomb) is refused before it is decoded.
 */
export const MAX_PROFILE_IMAGE_PIXELS = 8192 * 8192;

/** The square WebP renditions stored of every photo; imageUrl is the largest. */
export const PROFILE_IMAGE_SIZES = [512, 128] as const;
export type ProfileImageSize = (typeof PROFILE_IMAGE_SIZES)[number];

/** Where a rendition is served: /media/p/{content hash}-{size}.webp (immutable). */
export const PROFILE_IMAGE_PATH_PREFIX = '/media/p/';
export const profileImageUrl = (hash: string, size: ProfileImageSize): string => `${PROFILE_IMAGE_PATH_PREFIX}${hash}-${size}.webp`;

/** The smaller rendition of a member's imageUrl, for lists that show small avatars. */
export const smallProfileImageUrl = (imageUrl: string): string => imageUrl.replace(/-512\.webp$/, '-128.webp');

/** Error texts of the photo (SPEC.md section 5: 'Invalid file type' / 'Please upload an image file'). */
export const PROFILE_IMAGE_ERRORS = {
  invalidType: 'Invalid file type',
  tooLarge: 'Image too large',
  removeAndUpload: 'Send a profileImage or removeProfileImage, not both',
  /** The outbox replays text edits as JSON; a multipart body has no stable fingerprint (server/routes/users.ts). */
  keyNeedsJson: 'Idempotency-Key is accepted with a JSON body only',
} as const;

/** `code` of a 400 'Invalid file type', saying why. */
export const PROFILE_IMAGE_CODES = {
  /** The bytes are not JPEG, PNG, WebP, HEIC/HEIF or AVIF (SVG, text, anything else). */
  notAnImage: 'not_an_image',
  /** The bytes start like an image but cannot be decoded (truncated, damaged, or HEVC-coded HEIC where the server cannot decode it). */
  unreadable: 'unreadable_image',
  /** The image declares more than MAX_PROFILE_IMAGE_PIXELS. */
  tooManyPixels: 'too_many_pixels',
} as const;
