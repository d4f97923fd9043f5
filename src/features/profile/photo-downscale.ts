/**
 * A profile photo is scaled down in the browser before it is sent: a phone's 12- or 48-megapixel
 * photo is 3-15 MB, venue Wi-Fi is slow, and the server keeps a 512 px square of it anyway. The
 * long side goes to 1600 px (room for a later, larger rendition), re-encoded as JPEG.
 */

/** The long side of a photo as sent, at most. */
export const MAX_LONG_SIDE = 1600;
/** A photo with a long side within MAX_LONG_SIDE and at most this many bytes is sent as it is. */
export const SEND_AS_IS_MAX_BYTES = 1.5 * 1024 * 1024;
export const JPEG_QUALITY = 0.85;

export interface Size {
  width: number;
  height: number;
}

/** Whether a decoded photo can go as it is: small enough in both pixels and bytes. */
export function canSendAsIs(size: Size, bytes: number): boolean {
  return Math.max(size.width, size.height) <= MAX_LONG_SIDE && bytes <= SEND_AS_IS_MAX_BYTES;
}

/** The size to draw a photo at: its long side at most MAX_LONG_SIDE, the aspect ratio kept, never enlarged. */
export function targetSize({ width, height }: Size): Size {
  const scale = Math.min(1, MAX_LONG_SIDE / Math.max(width, height));
  // Never 0 px: a 1 x 10,000 strip still needs a pixel of width.
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name of the re-encoded file: the same name with a .jpg extension. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

async function encodeJpeg(bitmap: ImageBitmap, size: Size): Promise<Blob | null> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // JPEG has no transparency: a transparent PNG would turn black, so it goes on white.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    draw(context);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The photo to send: scaled down and re-encoded when it is large, else the file itself. A photo
 * the browser cannot decode (HEIC outside Safari, a damaged file, not an image) goes as it is, and
 * the server, which decodes more formats, decides.
 */
export async function downscalePhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    // 'from-image' applies the EXIF orientation, since the re-encoded JPEG carries no EXIF.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (canSendAsIs(bitmap, file.size)) return file;
    const size = targetSize(bitmap);
    const blob = await encodeJpeg(bitmap, size).catch(() => null);
    // A re-encoding that is no smaller gains nothing unless it had to shrink the pixels.
    if (!blob || (blob.size >= file.size && size.width === bitmap.width && size.height === bitmap.height)) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
