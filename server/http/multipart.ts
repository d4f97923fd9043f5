import { open, mkdtemp, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from './api-error';

/**
 * multipart/form-data (RFC 7578) read as it arrives, its file written to a temporary file. The
 * Fetch API's formData() held a 14 MB photo in memory four times over (the stream's chunks, the
 * whole body, the File made of it, and the bytes read back from the File); even one copy, held
 * for the second or two an upload takes, outlives the young generation and stays in the process
 * until V8's next full collection, which an idle server may not run for minutes. Here only the
 * chunk being read is in memory; the photo's decoder reads the file.
 */

export interface UploadedFile {
  /** A temporary file, removed by MultipartForm.dispose(). */
  path: string;
  size: number;
}

export interface MultipartForm {
  /** Text fields; a repeated name keeps its last value, as readJsonOrForm always did. */
  fields: Record<string, string>;
  /** The parts with a filename among those asked for (fileFields); other files are read past. */
  files: Record<string, UploadedFile>;
  /** Removes the temporary files; safe to call more than once. */
  dispose(): Promise<void>;
}

const INVALID_FORM = 'Invalid form body';
const TOO_LARGE = 'Request body too large';

/** More than a form of a few fields and a photo ever has; a body of thousands of empty parts is not a form. */
const MAX_PARTS = 64;
/** The headers of one part (Content-Disposition, Content-Type) are a line or two. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
/** What may follow a delimiter on its line (transport padding) before the line must end. */
const MAX_PADDING = 256;

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const DASH = 0x2d;

/** The boundary parameter of a multipart/form-data Content-Type (RFC 2046: 1 to 70 characters). */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/** The parameters of a Content-Disposition value: `form-data; name="a"; filename="b.jpg"`. */
function dispositionParams(value: string): Map<string, string> | undefined {
  const semicolon = value.indexOf(';');
  const type = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  if (type !== 'form-data') return undefined;
  const params = new Map<string, string>();
  const text = semicolon < 0 ? '' : value.slice(semicolon + 1);
  // One parameter at a time, so that a ';' inside a quoted filename does not split it.
  const pattern = /\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))\s*/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) return undefined;
    params.set(match[1]!.toLowerCase(), match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim());
    at = pattern.lastIndex;
    if (at < text.length) {
      if (text[at] !== ';') return undefined;
      at += 1;
    }
  }
  return params;
}

function invalid(): never {
  throw new ApiError(400, INVALID_FORM);
}

/** Where the bytes of the part being read go. */
interface Sink {
  write(bytes: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

export interface MultipartLimits {
  /** The whole body, in bytes (413 beyond). */
  maxBytes: number;
  /** All text fields together, in bytes (413 beyond): they are held in memory. */
  maxTextBytes: number;
  /** Where the temporary files go (default: the system's temporary folder). */
  tempDir?: string;
}

/**
 * Reads a multipart/form-data body from `source` (Node's request stream, or the Fetch API's).
 * Parts with a filename whose name is in `fileFields` are written to temporary files; other files
 * are read past; the rest are text fields (UTF-8), held in memory up to `limits.maxTextBytes`. A
 * part without a name is skipped. Malformed: 400 'Invalid form body'; too large: 413. On a
 * failure the temporary files are already removed.
 */
export async function readMultipart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  fileFields: ReadonlySet<string>,
  limits: MultipartLimits,
): Promise<MultipartForm> {
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  let folder: string | undefined;
  const dispose = async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  const form: MultipartForm = { fields: {}, files: {}, dispose };
  const decoder = new TextDecoder('utf-8');
  let textBytes = 0;
  let parts = 0;
  let received = 0;
  // Set by step(), which TypeScript's narrowing of this function does not follow.
  let state = 'preamble' as 'preamble' | 'delimited' | 'headers' | 'content' | 'done';
  // The body's first delimiter has no line break before it: one is put there, so that every
  // delimiter reads alike.
  let pending: Buffer = Buffer.from(CRLF);
  let sink: Sink | undefined;
  /** Closes the temporary files still open, when reading fails. */
  const cleanups: Array<() => Promise<void>> = [];

  async function startPart(headerText: string): Promise<Sink> {
    parts += 1;
    if (parts > MAX_PARTS) invalid();
    let disposition: Map<string, string> | undefined;
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) invalid();
      if (line.slice(0, colon).trim().toLowerCase() === 'content-disposition') disposition = dispositionParams(line.slice(colon + 1));
    }
    if (!disposition) invalid();
    const name = disposition.get('name') ?? '';
    const isFile = disposition.has('filename') || disposition.has('filename*');
    if (name === '' || (isFile && !fileFields.has(name))) return { write: () => undefined, end: () => undefined };
    if (!isFile) {
      const chunks: Buffer[] = [];
      return {
        write(bytes) {
          textBytes += bytes.length;
          if (textBytes > limits.maxTextBytes) throw new ApiError(413, TOO_LARGE);
          chunks.push(Buffer.from(bytes));
        },
        end() {
          delete form.files[name];
          form.fields[name] = decoder.decode(Buffer.concat(chunks));
        },
      };
    }
    folder ??= await mkdtemp(join(limits.tempDir ?? tmpdir(), 'mingle-upload-'));
    const path = join(folder, `part-${parts}`);
    const file: FileHandle = await open(path, 'w');
    let size = 0;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await file.close();
    };
    cleanups.push(close);
    return {
      async write(bytes) {
        size += bytes.length;
        await file.write(bytes);
      },
      async end() {
        await close();
        delete form.fields[name];
        form.files[name] = { path, size };
      },
    };
  }

  /** Takes what `pending` holds as far as it can; false when it needs more bytes. */
  async function step(): Promise<boolean> {
    switch (state) {
      case 'preamble': {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          pending = pending.subarray(Math.max(0, pending.length - delimiter.length + 1));
          return false;
        }
        pending = pending.subarray(at + delimiter.length);
        state = 'delimited';
        return true;
      }
      case 'delimited': {
        if (pending.length < 2) return false;
        if (pending[0] === DASH && pending[1] === DASH) {
          state = 'done';
          return false;
        }
        let at = 0;
        while (at < pending.length && (pending[at] === 0x20 || pending[at] === 0x09)) at++;
        if (at > MAX_PADDING) invalid();
        if (pending.length < at + 2) return false;
        if (!pending.subarray(at, at + 2).equals(CRLF)) invalid();
        pending = pending.subarray(at + 2);
        state = 'headers';
        return true;
      }
      case 'headers': {
        if (pending.length < 2) return false;
        let headerText: string;
        if (pending.subarray(0, 2).equals(CRLF)) {
          headerText = '';
          pending = pending.subarray(2);
        } else {
          const end = pending.indexOf(HEADER_END);
          if (end < 0) {
            if (pending.length > MAX_PART_HEADER_BYTES) invalid();
            return false;
          }
          if (end > MAX_PART_HEADER_BYTES) invalid();
          headerText = pending.toString('utf8', 0, end);
          pending = pending.subarray(end + HEADER_END.length);
        }
        sink = await startPart(headerText);
        state = 'content';
        return true;
      }
      case 'content': {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          // All but what could be the start of a delimiter is the part's.
          const safe = pending.length - delimiter.length + 1;
          if (safe > 0) {
            await sink!.write(pending.subarray(0, safe));
            pending = pending.subarray(safe);
          }
          return false;
        }
        await sink!.write(pending.subarray(0, at));
        await sink!.end();
        sink = undefined;
        pending = pending.subarray(at + delimiter.length);
        state = 'delimited';
        return true;
      }
      case 'done':
        return false;
    }
  }

  try {
    for await (const chunk of source) {
      received += chunk.byteLength;
      if (received > limits.maxBytes) throw new ApiError(413, TOO_LARGE);
      // After the close delimiter comes an epilogue, which is read past.
      if (state === 'done') continue;
      pending = pending.length === 0 ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.concat([pending, chunk]);
      while (await step());
    }
    if (state !== 'done') invalid();
    return form;
  } catch (error) {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await dispose();
    throw error;
  }
}
