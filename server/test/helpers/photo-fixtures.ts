import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { PROFILE_IMAGE_FIELD } from '../../../contract/profile-photo';
import type { TestClient, TestResponse } from './test-client';

/** Test photos made with sharp, so no binary fixtures live in the repository. */

export const RED = { r: 220, g: 20, b: 20 };
export const BLUE = { r: 20, g: 20, b: 220 };

/** A photo whose left half is red and right half blue: after a rotation, where the colours are tells which way it turned. */
export function halvesPhoto(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const { r, g, b } = x < width / 2 ? RED : BLUE;
      pixels.set([r, g, b], (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

export async function plainPhoto(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg'): Promise<Buffer> {
  // Noise, so that the encoders work as hard as on a real photo.
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 200 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG as a phone writes it: stored sideways with EXIF orientation 6, and where it was taken. */
export async function sidewaysPhoneJpeg(): Promise<Buffer> {
  return halvesPhoto(400, 300)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Sideways 6' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 4/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 7/1' },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A small PNG whose valid header declares width x height pixels (a decompression bomb) of
 * `bitDepth` bits per sample; its data is far too short for that, so decoding it would fail.
 */
export function pngDeclaring(width: number, height: number, bitDepth: 8 | 16 = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PATCH users/me as the photo dialog sends it: multipart, the file and any changed text fields. */
export function uploadPhoto(
  client: TestClient,
  bytes: Uint8Array,
  { name = 'photo.jpg', type = 'image/jpeg', fields = {} as Record<string, string>, headers = {} as Record<string, string> } = {},
): Promise<TestResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set(PROFILE_IMAGE_FIELD, new Blob([new Uint8Array(bytes)], { type }), name);
  return client.request('PATCH', '/api/users/me', { body: form, headers });
}
