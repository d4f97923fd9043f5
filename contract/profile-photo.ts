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
 * The longest side a photo may declare, in pixels. A small file can declare an enormous image (a
 * decompression bomb); it is refused from its header, before it is decoded. Formats that must be
 * decoded whole are held to less (server/services/profiles/photo-pipeline.ts).
 */
export const MAX_PROFILE_IMAGE_SIDE = 8192;

/**
 * The most pixels a photo may declare (64 Mi, 8192 x 8192): a 12-megapixel phone photo and the
 * 48- and 50-megapixel ones pass.
 */
export const MAX_PROFILE_IMAGE_PIXELS = MAX_PROFILE_IMAGE_SIDE * MAX_PROFILE_IMAGE_SIDE;

/**
 * Photo uploads (multipart PATCH users/me) a member may send in an hour; beyond, 429 with
 * Retry-After. Choosing, cropping and trying again a few times stays far below it.
 */
export const PROFILE_IMAGE_UPLOADS_PER_HOUR = 20;

/** The square WebP renditions stored of every photo; imageUrl is the largest. */
export const PROFILE_IMAGE_SIZES = [512, 128] as const;
export type ProfileImageSize = (typeof PROFILE_IMAGE_SIZES)[number];

/** Where a rendition is served: /media/p/{content hash}-{size}.webp (immutable). */
export const PROFILE_IMAGE_PATH_PREFIX = '/media/p/';
export const profileImageUrl = (hash: string, size: ProfileImageSize): string => `${PROFILE_IMAGE_PATH_PREFIX}${hash}-${size}.webp`;

/** The smaller rendition of a member's imageUrl, for lists that show small avatars. */
export const smallProfileImageUrl = (imageUrl: string): string => imageUrl.replace(/-512\.webp$/, '-128.webp');

/** Error texts of the photo (docs/product.md section 5: 'Invalid file type' / 'Please upload an image file'). */
export const PROFILE_IMAGE_ERRORS = {
  invalidType: 'Invalid file type',
  tooLarge: 'Image too large',
  removeAndUpload: 'Send a profileImage or removeProfileImage, not both',
  /** The outbox replays text edits as JSON; a multipart body has no stable fingerprint (server/routes/users.ts). */
  keyNeedsJson: 'Idempotency-Key is accepted with a JSON body only',
  /** 400 with code too_many_pixels: the header declares more than the server decodes. */
  tooManyPixels: 'Image dimensions too large',
  /** 503 with Retry-After: the server is taking as many uploads as it takes at once. */
  busy: 'The server is busy with other photos',
  /** 429 with Retry-After: more than PROFILE_IMAGE_UPLOADS_PER_HOUR. */
  tooManyUploads: 'Too many photo uploads',
} as const;

/** `code` of a 400 'Invalid file type', saying why. */
export const PROFILE_IMAGE_CODES = {
  /** The bytes are not JPEG, PNG, WebP, HEIC/HEIF or AVIF (SVG, text, anything else). */
  notAnImage: 'not_an_image',
  /** The bytes start like an image but cannot be decoded (truncated, damaged, or HEVC-coded HEIC where the server cannot decode it). */
  unreadable: 'unreadable_image',
  /** The image declares more pixels, or a longer side, than its decoder may take (MAX_PROFILE_IMAGE_SIDE and less). */
  tooManyPixels: 'too_many_pixels',
} as const;

/** `code` of the 503 and 429 refusals of an upload, which the photo dialog explains. */
export const PROFILE_UPLOAD_CODES = {
  busy: 'uploads_busy',
  rateLimited: 'uploads_rate_limited',
} as const;
