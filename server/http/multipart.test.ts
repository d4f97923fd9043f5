import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { multipartBoundary, readMultipart, type MultipartForm } from './multipart';

const LIMITS = { maxBytes: 1024 * 1024, maxTextBytes: 64 * 1024 };

/** A form as the Fetch API encodes it: its body bytes and its Content-Type. */
async function encoded(form: FormData): Promise<{ body: Buffer; boundary: string; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const contentType = request.headers.get('content-type')!;
  return { body: Buffer.from(await request.arrayBuffer()), boundary: multipartBoundary(contentType)!, contentType };
}

/** The body in pieces of `size` bytes (1: a byte at a time), as a stream delivers it. */
async function* inPieces(body: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < body.length; at += size) yield new Uint8Array(body.subarray(at, at + size));
}

/** What a read form holds: text fields, and each file's bytes read from its temporary file. */
function contents(form: MultipartForm) {
  return {
    fields: form.fields,
    files: Object.fromEntries(Object.entries(form.files).map(([name, file]) => [name, [...readFileSync(file.path)]])),
  };
}

/** What the Fetch API's own parser makes of the same body, in the same shape. */
async function fetchParsed(body: Buffer, contentType: string, fileFields: ReadonlySet<string>) {
  const form = await new Request('http://localhost/', { method: 'POST', body, headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  const files: Record<string, number[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string' && !fileFields.has(name)) continue;
    delete fields[name];
    delete files[name];
    if (typeof value === 'string') fields[name] = value;
    else files[name] = [...new Uint8Array(await value.arrayBuffer())];
  }
  return { fields, files };
}

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; message: string } | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message };
    throw error;
  }
}

describe('readMultipart', () => {
  it('reads what the Fetch API sends as the Fetch API reads it, in pieces of any size; the file goes to a temporary file', async () => {
    const form = new FormData();
    form.append('role', 'Engineer');
    form.append('story', 'Line one\r\nLine two; "quoted" — ünïcödé 🎉');
    const photo = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7) % 256);
    form.append('profileImage', new Blob([photo], { type: 'image/jpeg' }), 'me; "x".jpg');
    form.append('other', new Blob([new Uint8Array([1, 2, 3])]), 'other.bin');
    form.append('role', 'Founder');
    form.append('empty', '');
    const { body, boundary, contentType } = await encoded(form);
    const wanted = new Set(['profileImage']);
    const expected = await fetchParsed(body, contentType, wanted);
    expect(expected.fields).toEqual({ role: 'Founder', story: 'Line one\r\nLine two; "quoted" — ünïcödé 🎉', empty: '' });
    for (const size of [1, 7, 64, 4096, body.length]) {
      const read = await readMultipart(inPieces(body, size), boundary, wanted, LIMITS);
      try {
        expect(contents(read), `pieces of ${size}`).toEqual(expected);
        expect(read.files.profileImage!.size).toBe(photo.length);
      } finally {
        await read.dispose();
      }
      expect(existsSync(read.files.profileImage!.path)).toBe(false);
    }
  });

  it('agrees with the Fetch API on any text fields and file bytes', async () => {
    const name = fc.string({ minLength: 1, maxLength: 12 }).filter((n) => !/["\r\n\\%]/.test(n));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(name, fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.uint8Array({ maxLength: 300 }))), { maxLength: 8 }),
        fc.integer({ min: 1, max: 300 }),
        async (entries, piece) => {
          const form = new FormData();
          for (const [key, value] of entries) {
            if (typeof value === 'string') form.append(key, value);
            else form.append(key, new Blob([value]), 'f.bin');
          }
          const { body, boundary, contentType } = await encoded(form);
          const wanted = new Set(entries.map(([key]) => key));
          const read = await readMultipart(inPieces(body, piece), boundary, wanted, LIMITS);
          try {
            expect(contents(read)).toEqual(await fetchParsed(body, contentType, wanted));
          } finally {
            await read.dispose();
          }
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });

  it('skips a preamble and an epilogue, and takes transport padding after a delimiter', async () => {
    const body = Buffer.from('preamble text\r\n--b1 \t\r\nContent-Disposition: form-data; name=role\r\n\r\nCTO\r\n--b1--\r\nepilogue');
    const read = await readMultipart(inPieces(body, 3), 'b1', new Set(), LIMITS);
    expect(contents(read)).toEqual({ fields: { role: 'CTO' }, files: {} });
  });

  it("answers anything malformed with 400 'Invalid form body', and leaves no temporary file behind", async () => {
    const invalid = { status: 400, message: 'Invalid form body' };
    const cases = [
      '',
      'no delimiter at all',
      '--b1\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
      '--b1\r\nContent-Disposition: form-data; name="a"; filename="a.jpg"\r\n\r\nno end of the file',
      '--b1\r\nContent-Disposition: form-data; name="a"\r\nno blank line\r\n--b1--',
      '--b1\r\n\r\nno headers\r\n--b1--',
      '--b1\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--b1--',
      '--b1\r\nContent-Disposition: attachment; name="a"\r\n\r\nx\r\n--b1--',
      '--b1\r\nContent-Disposition: form-data; name="a" junk\r\n\r\nx\r\n--b1--',
      '--b1\r\nnot a header line\r\n\r\nx\r\n--b1--',
      '--b1junk\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b1--',
      `--b1${' '.repeat(300)}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b1--`,
      `--b1\r\n${'X-Long: y\r\n'.repeat(1000)}\r\nx\r\n--b1--`,
      `${'--b1\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n'.repeat(65)}--b1--`,
    ];
    const tempDir = await mkdtemp(join(tmpdir(), 'mingle-multipart-test-'));
    try {
      for (const text of cases) {
        const refused = await refusal(() => readMultipart(inPieces(Buffer.from(text), 5), 'b1', new Set(['a']), { ...LIMITS, tempDir }));
        expect(refused, JSON.stringify(text.slice(0, 60))).toEqual(invalid);
        expect(await readdir(tempDir), JSON.stringify(text.slice(0, 60))).toEqual([]);
      }
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  });

  it('answers 413 once more than the body limit has arrived, or more text than the text limit', async () => {
    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(10_000)]), 'big.jpg');
    const { body, boundary } = await encoded(form);
    const tempDir = await mkdtemp(join(tmpdir(), 'mingle-multipart-test-'));
    try {
      expect(
        await refusal(() => readMultipart(inPieces(body, 1000), boundary, new Set(['profileImage']), { maxBytes: 5000, maxTextBytes: 100, tempDir })),
      ).toEqual({
        status: 413,
        message: 'Request body too large',
      });
      expect(await readdir(tempDir)).toEqual([]);
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
    const text = new FormData();
    text.append('story', 'x'.repeat(101));
    const textBody = await encoded(text);
    expect(await refusal(() => readMultipart(inPieces(textBody.body, 50), textBody.boundary, new Set(), { maxBytes: 5000, maxTextBytes: 100 }))).toEqual({
      status: 413,
      message: 'Request body too large',
    });
  });
});

describe('multipartBoundary', () => {
  it('reads the boundary parameter, quoted or not, and nothing that is not one', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryAbc123')).toBe('----WebKitFormBoundaryAbc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; BOUNDARY="a b:c"')).toBe('a b:c');
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
    expect(multipartBoundary('multipart/form-data; boundary=')).toBeUndefined();
    expect(multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });
});
