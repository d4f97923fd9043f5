import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import {
  MAX_PROFILE_IMAGE_PIXELS,
  PROFILE_IMAGE_CODES,
  PROFILE_IMAGE_SIZES,
  type ProfileImageSize,
} from '../../contract/profile-photo';

/** What the bytes of an upload are, read from its first bytes (never its name or declared type). */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heif';

/** The ISO-BMFF brands of HEIC/HEIF and AVIF still images and sequences. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniffImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heif';
  return undefined;
}

export interface Rendition {
  size: ProfileImageSize;
  bytes: Buffer;
}

export type PhotoResult =
  | { ok: true; hash: string; renditions: Rendition[] }
  | { ok: false; code: (typeof PROFILE_IMAGE_CODES)[keyof typeof PROFILE_IMAGE_CODES] };

const WEBP_QUALITY = 82;

/**
 * Decoding a 12-megapixel photo takes a core and tens of MB for a few hundred milliseconds. More
 * pipelines at once than there are cores only add memory, so a process runs two and queues the rest.
 */
const MAX_RUNNING = 2;
let running = 0;
const queue: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => queue.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}

// sharp's operation cache keeps decoded images for reuse; every upload is new, so it only costs memory.
sharp.cache(false);

/**
 * 'Decode' failures of sharp that mean the input is bad, not the server: libvips names the loader
 * or the problem. Anything else (out of memory, a missing library) stays a 500.
 */
const pixelLimit = (error: unknown) => /exceeds pixel limit/i.test(String(error));

/**
 * The square WebP renditions of an upload: decided by its bytes, refused over
 * MAX_PROFILE_IMAGE_PIXELS before decoding; the EXIF orientation applied, then every piece of
 * metadata dropped (EXIF with GPS, XMP, IPTC, ICC: the pixels are converted to sRGB), cropped to
 * the centred square. The hash names the photo in its URLs: SHA-256 of both renditions.
 */
export async function renderProfilePhoto(input: Uint8Array): Promise<PhotoResult> {
  const kind = sniffImageKind(input);
  if (!kind) return { ok: false, code: PROFILE_IMAGE_CODES.notAnImage };
  return inTurn(async () => {
    const options = { limitInputPixels: MAX_PROFILE_IMAGE_PIXELS, failOn: 'error' as const, sequentialRead: true };
    let square: { data: Buffer; info: OutputInfo };
    try {
      const metadata = await sharp(input, options).metadata();
      // The file's bytes and its decoder must agree: a JPEG header in front of PNG data is not a JPEG.
      if (metadata.format !== kind) return { ok: false, code: PROFILE_IMAGE_CODES.unreadable };
      square = await sharp(input, options)
        .autoOrient()
        .resize(PROFILE_IMAGE_SIZES[0], PROFILE_IMAGE_SIZES[0], { fit: 'cover', position: 'centre' })
        // CMYK, greyscale and 16-bit inputs become what every browser shows alike.
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (pixelLimit(error)) return { ok: false, code: PROFILE_IMAGE_CODES.tooManyPixels };
      // Truncated or damaged data, or a codec this build cannot decode (HEVC-coded HEIC).
      return { ok: false, code: PROFILE_IMAGE_CODES.unreadable };
    }
    const raw = { raw: { width: square.info.width, height: square.info.height, channels: square.info.channels } };
    const renditions = await Promise.all(
      PROFILE_IMAGE_SIZES.map(async (size) => {
        const pipeline = sharp(square.data, raw);
        if (size !== square.info.width) pipeline.resize(size, size);
        return { size, bytes: await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer() };
      }),
    );
    const hash = createHash('sha256');
    for (const rendition of renditions) hash.update(rendition.bytes);
    return { ok: true, hash: hash.digest('hex'), renditions };
  });
}
