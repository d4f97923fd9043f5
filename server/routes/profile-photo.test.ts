import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROFILE_IMAGE_BYTES, PROFILE_IMAGE_CODES, PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_UPLOADS_PER_HOUR } from '../../contract/profile-photo';
import { deleteUserMedia } from '../services/profiles/profile-photos';
import { BLUE, RED, plainPhoto, pngDeclaring, sidewaysPhoneJpeg, uploadPhoto } from '../test/helpers/photo-fixtures';
import { createTestContext, signUp, type TestContext } from '../test/helpers/test-app';
import type { TestClient } from '../test/helpers/test-client';
import { MINUTE } from '../test/helpers/test-clock';

const HOUR = 60 * MINUTE;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const URL_PATTERN = /^\/media\/p\/([0-9a-f]{64})-512\.webp$/;

async function member(): Promise<{ client: TestClient; id: string }> {
  const client = t.client();
  const { me } = await signUp(t, client);
  return { client, id: me.id as string };
}

/** The served file, bytes included (the test client reads bodies as text). */
async function fetchMedia(path: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(`http://localhost${path}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const mediaRows = (userId: string) =>
  t.db.selectFrom('media').select(['hash', 'variant', 'content_type']).where('owner_user_id', '=', userId).orderBy('variant').execute();

function expectRefused(res: { status: number; body: unknown }, code: string) {
  expect(res.status).toBe(400);
  const error = code === PROFILE_IMAGE_CODES.tooManyPixels ? PROFILE_IMAGE_ERRORS.tooManyPixels : PROFILE_IMAGE_ERRORS.invalidType;
  expect(res.body).toEqual({ error, field: 'profileImage', code });
}

describe('PATCH /api/users/me with a profileImage', () => {
  it('turns a sideways phone JPEG upright, keeps no metadata (no GPS), and stores 512 and 128 px WebP squares', async () => {
    const { client, id } = await member();
    const original = await sidewaysPhoneJpeg();
    const before = await sharp(original).metadata();
    expect([before.width, before.height, before.orientation, Boolean(before.exif)]).toEqual([400, 300, 6, true]);
    // The fixture carries a GPS directory (tag 0x8825, in either byte order) and the camera's name.
    const exif = before.exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(exif.includes(Buffer.from('TestPhone'))).toBe(true);

    const res = await uploadPhoto(client, original, { fields: { role: 'Photographer' } });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('Photographer');
    const hash = URL_PATTERN.exec(res.body.imageUrl)?.[1];
    expect(hash).toBeDefined();
    expect((await client.get('/api/users/me')).body.imageUrl).toBe(res.body.imageUrl);

    const rows = await mediaRows(id);
    expect(rows).toEqual([
      { hash, variant: '128', content_type: 'image/webp' },
      { hash, variant: '512', content_type: 'image/webp' },
    ]);
    for (const size of [512, 128]) {
      const file = await fetchMedia(`/media/p/${hash}-${size}.webp`);
      expect(file.status).toBe(200);
      const meta = await sharp(file.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // Stored 400x300 with orientation 6, the photo is 300x400 upright (width and height swapped):
    // its left half (red) is on top. Cropped to the centred square, red is above and blue below.
    const { data, info } = await sharp((await fetchMedia(`/media/p/${hash}-512.webp`)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
    };
    const near = (a: { r: number; b: number }, b: { r: number; b: number }) => Math.abs(a.r - b.r) < 40 && Math.abs(a.b - b.b) < 40;
    expect(near(pixel(256, 80), RED), 'top is red').toBe(true);
    expect(near(pixel(256, 430), BLUE), 'bottom is blue').toBe(true);
    expect(near(pixel(80, 80), RED) && near(pixel(430, 80), RED), 'the whole top row is red, not a left/right split').toBe(true);
  });

  it('accepts PNG, WebP and AVIF by their bytes, whatever the name and declared type say', async () => {
    const { client } = await member();
    for (const format of ['png', 'webp', 'avif'] as const) {
      const res = await uploadPhoto(client, await plainPhoto(640, 480, format), { name: 'picture.txt', type: 'text/plain' });
      expect(res.status, format).toBe(200);
      expect(res.body.imageUrl).toMatch(URL_PATTERN);
    }
  });

  it('takes a 12-megapixel (4000x3000) phone photo', { timeout: 20_000 }, async () => {
    const { client } = await member();
    const res = await uploadPhoto(client, await plainPhoto(4000, 3000));
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(URL_PATTERN);
  });

  it("refuses what is not an image with 400 'Invalid file type' naming profileImage, and changes nothing", async () => {
    const { client, id } = await member();
    const jpeg = await plainPhoto(800, 600);
    expectRefused(
      await uploadPhoto(client, new TextEncoder().encode('just some text, not a picture'), { fields: { role: 'Changed' } }),
      PROFILE_IMAGE_CODES.notAnImage,
    );
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    expectRefused(await uploadPhoto(client, new TextEncoder().encode(svg), { name: 'me.svg', type: 'image/svg+xml' }), PROFILE_IMAGE_CODES.notAnImage);
    expectRefused(await uploadPhoto(client, new TextEncoder().encode(svg), { name: 'me.png', type: 'image/png' }), PROFILE_IMAGE_CODES.notAnImage);
    expectRefused(await uploadPhoto(client, jpeg.subarray(0, Math.floor(jpeg.length / 2))), PROFILE_IMAGE_CODES.unreadable);
    expectRefused(await uploadPhoto(client, Buffer.concat([jpeg.subarray(0, 3), await plainPhoto(64, 64, 'png')])), PROFILE_IMAGE_CODES.unreadable);
    const me = (await client.get('/api/users/me')).body;
    expect(me).toMatchObject({ role: null, imageUrl: null });
    expect(await mediaRows(id)).toEqual([]);
  });

  it('refuses a PNG declaring 60000x60000 pixels (a decompression bomb) with 400, without decoding it', async () => {
    const { client } = await member();
    const bomb = pngDeclaring(60000, 60000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 60000, height: 60000 });
    const started = Date.now();
    expectRefused(await uploadPhoto(client, bomb, { name: 'small.png', type: 'image/png' }), PROFILE_IMAGE_CODES.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses more than 15 MB with 413', { timeout: 20_000 }, async () => {
    const { client } = await member();
    const jpegStart = [0xff, 0xd8, 0xff, 0xe0];
    const sixteen = new Uint8Array(16 * 1024 * 1024);
    sixteen.set(jpegStart);
    const whole = await uploadPhoto(client, sixteen);
    expect(whole.status).toBe(413);
    // Just over the limit, within the body limit (room for the form's other fields): the route says which field.
    const justOver = new Uint8Array(MAX_PROFILE_IMAGE_BYTES + 1);
    justOver.set(jpegStart);
    const res = await uploadPhoto(client, justOver);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: PROFILE_IMAGE_ERRORS.tooLarge, field: 'profileImage' });
  });
});

describe('GET /media/p/{hash}-{size}.webp', () => {
  it('serves both renditions as immutable WebP with an ETag, and 304 for a matching If-None-Match', async () => {
    const { client } = await member();
    const imageUrl = (await uploadPhoto(client, await plainPhoto(900, 600))).body.imageUrl as string;
    for (const url of [imageUrl, imageUrl.replace('-512.webp', '-128.webp')]) {
      const res = await fetchMedia(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{64}-(512|128)"$/);
      expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await fetchMedia(url, { 'if-none-match': ifNoneMatch });
        expect(again.status, ifNoneMatch).toBe(304);
        expect(again.bytes.length).toBe(0);
        expect(again.headers.get('etag')).toBe(etag);
      }
      expect((await fetchMedia(url, { 'if-none-match': '"other"' })).status).toBe(200);
    }
    // Anyone may load it (the deck, a shared profile): no session needed, and the same from every process.
    const other = t.makeApp();
    expect((await other.request(`http://localhost${imageUrl}`)).status).toBe(200);
  });

  it('answers 404 for an unknown photo or a name that is not one', async () => {
    expect((await fetchMedia(`/media/p/${'0'.repeat(64)}-512.webp`)).status).toBe(404);
    for (const name of ['x.webp', `${'0'.repeat(64)}-256.webp`, `${'0'.repeat(64)}-512.png`, '..%2F..%2Fetc%2Fpasswd']) {
      const res = await fetchMedia(`/media/p/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});

describe('replacing and removing the photo', () => {
  it("deletes the old photo's files when a new one replaces it", async () => {
    const { client, id } = await member();
    const first = (await uploadPhoto(client, await plainPhoto(600, 600))).body.imageUrl as string;
    const second = (await uploadPhoto(client, await plainPhoto(700, 500, 'png'))).body.imageUrl as string;
    expect(second).not.toBe(first);
    expect((await fetchMedia(first)).status).toBe(404);
    expect((await fetchMedia(second)).status).toBe(200);
    expect(new Set((await mediaRows(id)).map((row) => row.hash))).toEqual(new Set([URL_PATTERN.exec(second)![1]]));
    // The same photo again changes nothing.
    const same = await plainPhoto(700, 500, 'png');
    const again = (await uploadPhoto(client, same)).body.imageUrl as string;
    expect((await uploadPhoto(client, same)).body.imageUrl).toBe(again);
    expect(await mediaRows(id)).toHaveLength(2);
  });

  it('removes the photo with removeProfileImage, as JSON or form data, and refuses it together with a file', async () => {
    const { client, id } = await member();
    const photo = await plainPhoto(500, 500);
    const url = (await uploadPhoto(client, photo)).body.imageUrl as string;
    const removed = await client.patch('/api/users/me', { removeProfileImage: true });
    expect(removed.status).toBe(200);
    expect(removed.body.imageUrl).toBeNull();
    expect(await mediaRows(id)).toEqual([]);
    expect((await fetchMedia(url)).status).toBe(404);

    await uploadPhoto(client, photo);
    const form = new FormData();
    form.set('removeProfileImage', 'true');
    expect((await client.request('PATCH', '/api/users/me', { body: form })).body.imageUrl).toBeNull();
    expect(await mediaRows(id)).toEqual([]);

    const both = await uploadPhoto(client, photo, { fields: { removeProfileImage: 'true' } });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ error: PROFILE_IMAGE_ERRORS.removeAndUpload, field: 'removeProfileImage' });
    expect((await client.patch('/api/users/me', { removeProfileImage: 'yes' })).body.field).toBe('removeProfileImage');
  });

  it("keeps another member's copy of the same picture when one removes theirs", async () => {
    const ada = await member();
    const bob = await member();
    const photo = await plainPhoto(300, 300);
    const url = (await uploadPhoto(ada.client, photo)).body.imageUrl as string;
    expect((await uploadPhoto(bob.client, photo)).body.imageUrl).toBe(url);
    await ada.client.patch('/api/users/me', { removeProfileImage: true });
    expect((await fetchMedia(url)).status).toBe(200);
    expect(await mediaRows(bob.id)).toHaveLength(2);
  });

  it('deleteUserMedia deletes every file of a member, and erasing the member takes them too', async () => {
    const ada = await member();
    await uploadPhoto(ada.client, await plainPhoto(300, 200));
    await deleteUserMedia(t.db, ada.id);
    expect(await mediaRows(ada.id)).toEqual([]);

    const bob = await member();
    await uploadPhoto(bob.client, await plainPhoto(200, 300));
    await t.db.deleteFrom('users').where('id', '=', bob.id).execute();
    expect(await mediaRows(bob.id)).toEqual([]);
  });
});

describe('hostile photo bytes', () => {
  it('never answer 5xx: junk after every accepted signature, and real photos cut or damaged anywhere', { timeout: 120_000 }, async () => {
    const { client } = await member();
    const samples = await Promise.all((['jpeg', 'png', 'webp', 'avif'] as const).map((format) => plainPhoto(96, 64, format)));
    const signatures = [
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [...Buffer.from('RIFF\0\0\0\0WEBP')],
      [0, 0, 0, 24, ...Buffer.from('ftypheic')],
      [0, 0, 0, 24, ...Buffer.from('ftypavif')],
    ];
    const junkAfterSignature = fc
      .tuple(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 2048 }))
      .map(([head, tail]) => Uint8Array.from([...head, ...tail]));
    const damaged = fc
      .tuple(fc.constantFrom(...samples), fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }))
      .map(([sample, cut, flips]) => {
        const bytes = Uint8Array.from(sample.subarray(0, 12 + (cut % (sample.length - 11))));
        for (const [at, value] of flips) bytes[at % bytes.length] = value;
        return bytes;
      });
    await fc.assert(
      fc.asyncProperty(fc.oneof(junkAfterSignature, damaged), async (bytes) => {
        // Fewer than PROFILE_IMAGE_UPLOADS_PER_HOUR an hour, so the member's limit never answers.
        t.clock.advance(HOUR / PROFILE_IMAGE_UPLOADS_PER_HOUR + 1000);
        const res = await uploadPhoto(client, bytes);
        expect([200, 400], `${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
        if (res.status === 400) {
          expect(res.body).toMatchObject({ field: 'profileImage' });
          // A damaged header may declare an enormous image.
          expect([PROFILE_IMAGE_ERRORS.invalidType, PROFILE_IMAGE_ERRORS.tooManyPixels]).toContain(res.body.error);
        }
      }),
      { numRuns: 400, seed: 10 },
    );
  });
});
