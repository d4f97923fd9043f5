import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  MAX_PROFILE_IMAGE_PIXELS,
  MAX_PROFILE_IMAGE_SIDE,
  PROFILE_IMAGE_CODES,
  PROFILE_IMAGE_SIZES,
  type ProfileImageSize,
} from '../../../contract/profile-photo';

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
  { ok: true; hash: string; renditions: Rendition[] } | { ok: false; code: (typeof PROFILE_IMAGE_CODES)[keyof typeof PROFILE_IMAGE_CODES] };

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

const MI = 1024 * 1024;

/** The pixels of a progressive JPEG or an interlaced PNG, which are decoded whole (see decodeLimits). */
const WHOLE_DECODE_PIXELS = 16 * MI;
/** The pixels of an AVIF or HEIF image, decoded whole at several bytes a pixel (see decodeLimits). */
const HEIF_PIXELS = 4 * MI;

export interface DecodeLimits {
  /** The longest side, in pixels. */
  side: number;
  /** The most pixels; also sharp's limitInputPixels for the decode. */
  pixels: number;
}

/**
 * How large an image its decoder may be given, from the header alone (sharp's metadata() reads
 * no pixels), so that one decode holds about 80 MB at most and two at once fit the server's
 * memory. Peak memory of one decode to the 512 px square with this build of sharp:
 * - baseline JPEG and WebP are decoded already scaled down (shrink-on-load): 6 MB for a JPEG and
 *   34 MB for a lossless WebP of 8192 x 8192;
 * - PNG row by row at its full width, about 6 KB per pixel of width: 47 MB at 8192 wide, and 244 MB
 *   for 65,535 x 1,024 (a file of 200 KB);
 * - progressive JPEG and interlaced PNG whole, 3 to 4 bytes a pixel: 200 MB at 8192 x 8192;
 * - AVIF (and HEIF) whole, about 19 bytes a pixel: 76 MB at 2048 x 2048, 1.1 GB at 8192 x 8192
 *   (a file of 861 bytes);
 * - samples deeper than 8 bits (16-bit PNG, 10-bit AVIF) double that: 89 MB for a 16-bit PNG of
 *   8192 x 8192, which took 2 s.
 * Deep images are converted, not refused: image editors export 16-bit PNGs, nothing of the depth
 * survives in an 8-bit WebP anyway, and the decoder narrows the samples as it goes. They count
 * double instead: half the side and half the pixels of an 8-bit image of the same format.
 */
export function decodeLimits(header: Pick<Metadata, 'format' | 'depth' | 'isProgressive'>): DecodeLimits {
  const whole = header.format === 'heif' ? HEIF_PIXELS : header.isProgressive ? WHOLE_DECODE_PIXELS : MAX_PROFILE_IMAGE_PIXELS;
  const deep = header.depth !== 'uchar' && header.depth !== 'char';
  return deep ? { side: MAX_PROFILE_IMAGE_SIDE / 2, pixels: whole / 2 } : { side: MAX_PROFILE_IMAGE_SIDE, pixels: whole };
}

/** Whether the header's image fits its decodeLimits. */
export function withinDecodeLimits(header: Pick<Metadata, 'format' | 'depth' | 'isProgressive' | 'width' | 'height'>): boolean {
  const limits = decodeLimits(header);
  return Math.max(header.width, header.height) <= limits.side && header.width * header.height <= limits.pixels;
}

/** The first bytes of a file, enough for sniffImageKind. */
async function fileHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The square WebP renditions of an upload (its bytes, or the path of the file they were written
 * to: read by the decoder as it goes, never held whole): decided by its bytes, refused from its
 * header over decodeLimits before a pixel is decoded; the EXIF orientation applied, then every
 * piece of metadata dropped (EXIF with GPS, XMP, IPTC, ICC: the pixels are converted to sRGB),
 * cropped to the centred square. The hash names the photo in its URLs: SHA-256 of both renditions.
 */
export async function renderProfilePhoto(input: Uint8Array | string): Promise<PhotoResult> {
  const kind = sniffImageKind(typeof input === 'string' ? await fileHead(input) : input);
  if (!kind) return { ok: false, code: PROFILE_IMAGE_CODES.notAnImage };
  return inTurn(async () => {
    const options = { limitInputPixels: MAX_PROFILE_IMAGE_PIXELS, failOn: 'error' as const, sequentialRead: true };
    let square: { data: Buffer; info: OutputInfo };
    try {
      const metadata = await sharp(input, options).metadata();
      // The file's bytes and its decoder must agree: a JPEG header in front of PNG data is not a JPEG.
      if (metadata.format !== kind) return { ok: false, code: PROFILE_IMAGE_CODES.unreadable };
      if (!withinDecodeLimits(metadata)) return { ok: false, code: PROFILE_IMAGE_CODES.tooManyPixels };
      // The decoder checks again, against the header it reads itself.
      square = await sharp(input, { ...options, limitInputPixels: decodeLimits(metadata).pixels })
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
