import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROFILE_IMAGE_CODES, PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_UPLOADS_PER_HOUR, PROFILE_UPLOAD_CODES } from '../../contract/profile-photo';
import { MAX_UPLOADS_IN_FLIGHT, UPLOADS_BUSY_RETRY_AFTER_SECONDS, uploadsInFlight } from '../http/upload-gate';
import { decodeLimits, withinDecodeLimits } from '../services/profiles/photo-pipeline';
import { plainPhoto, pngDeclaring, uploadPhoto } from '../test/helpers/photo-fixtures';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';
import type { TestClient } from '../test/helpers/test-client';
import { MINUTE } from '../test/helpers/test-clock';

/**
 * What keeps uploads from taking the server's memory: two bodies in flight per process (503 with
 * Retry-After for the next, whose body is thrown away as it arrives), a limit per member (429),
 * and images refused from their header when decoding them would take too much.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function member(): Promise<TestClient> {
  const client = t.client();
  await signUp(t, client);
  return client;
}

const cookieOf = (client: TestClient) => [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * An upload whose body this test sends in two parts: the form's start and the first half of the
 * photo at once, the rest (and the form's end) only when `finish` is called. Until then the server
 * holds the request open, reading its body.
 */
function heldUpload(client: TestClient, photo: Buffer): { answer: Promise<Response>; finish(): void } {
  const boundary = 'held-upload-7f3a9c';
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const half = Math.floor(photo.length / 2);
  controller.enqueue(
    encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
  );
  controller.enqueue(new Uint8Array(photo.subarray(0, half)));
  const init = {
    method: 'PATCH',
    headers: { cookie: cookieOf(client), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit;
  const answer = Promise.resolve(t.app.request('http://localhost/api/users/me', init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } }));
  return {
    answer,
    finish() {
      controller.enqueue(new Uint8Array(photo.subarray(half)));
      controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
      controller.close();
    },
  };
}

describe('upload bodies in flight', () => {
  it(`takes ${MAX_UPLOADS_IN_FLIGHT} at a time: a third is answered 503 with Retry-After without waiting for a turn; text edits pass meanwhile`, async () => {
    const photo = await plainPhoto(640, 480);
    const [ada, bob, cyd] = [await member(), await member(), await member()];
    const first = heldUpload(ada, photo);
    const second = heldUpload(bob, photo);
    await vi.waitFor(() => expect(uploadsInFlight()).toBe(MAX_UPLOADS_IN_FLIGHT));

    // Answered while the two are still held: it did not wait for either.
    const third = heldUpload(cyd, photo);
    third.finish();
    const refused = await third.answer;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(UPLOADS_BUSY_RETRY_AFTER_SECONDS));
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({ error: PROFILE_IMAGE_ERRORS.busy, code: PROFILE_UPLOAD_CODES.busy });
    expect((await uploadPhoto(cyd, photo)).status).toBe(503);
    expect(uploadsInFlight()).toBe(MAX_UPLOADS_IN_FLIGHT);
    // Profile text goes as JSON, which the gate lets through.
    expect((await cyd.patch('/api/users/me', { role: 'Waiting' })).status).toBe(200);

    first.finish();
    second.finish();
    expect((await first.answer).status).toBe(200);
    expect((await second.answer).status).toBe(200);
    expect(uploadsInFlight()).toBe(0);
    const later = await uploadPhoto(cyd, photo);
    expect(later.status).toBe(200);
    expect(later.body.role).toBe('Waiting');
  });

  it('gives the slot back when an upload is refused', async () => {
    const client = await member();
    for (let i = 0; i < MAX_UPLOADS_IN_FLIGHT + 1; i++) {
      expect((await uploadPhoto(client, new TextEncoder().encode('not a photo'))).status).toBe(400);
    }
    expect(uploadsInFlight()).toBe(0);
  });
});

describe('uploads per member', () => {
  it(`answers 429 with Retry-After past ${PROFILE_IMAGE_UPLOADS_PER_HOUR} uploads in an hour, for that member only`, { timeout: 60_000 }, async () => {
    const photo = await plainPhoto(64, 64);
    const ada = await member();
    for (let i = 0; i < PROFILE_IMAGE_UPLOADS_PER_HOUR; i++) {
      const res = await uploadPhoto(ada, photo);
      expect(res.status, `upload ${i + 1}`).toBe(200);
      t.clock.advance(MINUTE);
    }
    const refused = await uploadPhoto(ada, photo);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: PROFILE_IMAGE_ERRORS.tooManyUploads, code: PROFILE_UPLOAD_CODES.rateLimited });
    const retryAfter = Number(refused.headers.get('retry-after'));
    // The first upload leaves the hour's window 40 minutes from now (20 minutes have passed).
    expect(retryAfter).toBeGreaterThan(39 * 60);
    expect(retryAfter).toBeLessThanOrEqual(40 * 60);
    expect(uploadsInFlight()).toBe(0);

    expect((await ada.patch('/api/users/me', { role: 'Still editing' })).status).toBe(200);
    const bob = await member();
    expect((await uploadPhoto(bob, photo)).status).toBe(200);

    t.clock.advance(retryAfter * 1000);
    expect((await uploadPhoto(ada, photo)).status).toBe(200);
  });
});

describe('images refused from their header', () => {
  const expectTooLarge = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: PROFILE_IMAGE_ERRORS.tooManyPixels, field: 'profileImage', code: PROFILE_IMAGE_CODES.tooManyPixels });
  };

  it('refuses a 65,535 x 1,024 PNG of 200 KB (decoded row by row it took 244 MB), before decoding it', { timeout: 30_000 }, async () => {
    const client = await member();
    const wide = await sharp({ create: { width: 65_535, height: 1024, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(wide.length).toBeLessThan(300 * 1024);
    expectTooLarge(await uploadPhoto(client, wide, { name: 'wide.png', type: 'image/png' }));
    // The same header before data that cannot be decoded: refused for its size, not as unreadable,
    // so the refusal came from the header alone.
    expectTooLarge(await uploadPhoto(client, pngDeclaring(65_535, 1024), { name: 'wide.png', type: 'image/png' }));
    // Within the limits the header passes, and the short data fails only when decoded.
    const decodable = await uploadPhoto(client, pngDeclaring(4000, 3000), { name: 'short.png', type: 'image/png' });
    expect(decodable.body).toMatchObject({ code: PROFILE_IMAGE_CODES.unreadable });
  });

  it('converts a 16-bit PNG to the 8-bit renditions, and holds 16-bit images to half the 8-bit limits', { timeout: 30_000 }, async () => {
    const client = await member();
    const deep = await sharp({ create: { width: 1024, height: 768, channels: 3, background: { r: 200, g: 40, b: 40 } } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect(await sharp(deep).metadata()).toMatchObject({ format: 'png', depth: 'ushort' });
    const accepted = await uploadPhoto(client, deep, { name: 'deep.png', type: 'image/png' });
    expect(accepted.status).toBe(200);
    const rendition = await t.app.request(`http://localhost${accepted.body.imageUrl as string}`);
    expect(await sharp(Buffer.from(await rendition.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', depth: 'uchar', width: 512 });

    // 6000 x 6000: within the 8-bit limits (it fails only when its short data is decoded), over the 16-bit ones.
    expect((await uploadPhoto(client, pngDeclaring(6000, 6000, 8), { name: 'a.png', type: 'image/png' })).body.code).toBe(PROFILE_IMAGE_CODES.unreadable);
    expectTooLarge(await uploadPhoto(client, pngDeclaring(6000, 6000, 16), { name: 'b.png', type: 'image/png' }));
    // The audit's 8192 x 8192 16-bit PNG (about 600 KB; 2 s and 125 MB to decode).
    const bomb = await sharp({ create: { width: 8192, height: 8192, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .toColourspace('rgb16')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expectTooLarge(await uploadPhoto(client, bomb, { name: 'bomb.png', type: 'image/png' }));
  });

  it('holds formats decoded whole to fewer pixels: AVIF and HEIF, progressive JPEG, interlaced PNG', () => {
    const header = (
      format: 'jpeg' | 'png' | 'webp' | 'heif',
      width: number,
      height: number,
      more: { depth?: 'uchar' | 'ushort'; isProgressive?: boolean } = {},
    ) => ({
      format,
      width,
      height,
      depth: more.depth ?? ('uchar' as const),
      isProgressive: more.isProgressive ?? false,
    });
    expect(decodeLimits(header('jpeg', 1, 1))).toEqual({ side: 8192, pixels: 8192 * 8192 });
    expect(withinDecodeLimits(header('jpeg', 8192, 8192))).toBe(true);
    expect(withinDecodeLimits(header('webp', 8193, 100))).toBe(false);
    expect(withinDecodeLimits(header('jpeg', 5200, 3900, { isProgressive: true }))).toBe(false);
    expect(withinDecodeLimits(header('jpeg', 4000, 3000, { isProgressive: true }))).toBe(true);
    expect(withinDecodeLimits(header('png', 4096, 4096, { isProgressive: true }))).toBe(true);
    expect(withinDecodeLimits(header('png', 4097, 4096, { isProgressive: true }))).toBe(false);
    expect(withinDecodeLimits(header('heif', 2048, 2048))).toBe(true);
    expect(withinDecodeLimits(header('heif', 4000, 3000))).toBe(false);
    expect(withinDecodeLimits(header('heif', 2048, 2048, { depth: 'ushort' }))).toBe(false);
    expect(withinDecodeLimits(header('heif', 1448, 1448, { depth: 'ushort' }))).toBe(true);
    expect(withinDecodeLimits(header('png', 4096, 4096, { depth: 'ushort' }))).toBe(true);
    expect(withinDecodeLimits(header('png', 4097, 10, { depth: 'ushort' }))).toBe(false);
  });
});
