import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type * as v from 'valibot';
import { API_ERRORS } from '../../contract/errors';
import { validate } from '../../contract/fields';
import { ApiError } from './api-error';
import { BODY_LIMIT } from './body-size-limit';
import { multipartBoundary, readMultipart, type UploadedFile } from './multipart';

/** Throws the 400 {error, field} answer when input does not match a contract schema. */
export function checkInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = validate(schema, input);
  if (result.ok) return result.value;
  throw new ApiError(400, result.error, result.field === undefined ? {} : { field: result.field });
}

/** The query string checked against a schema (400 {error, field} naming the parameter). */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return checkInput(schema, c.req.query());
}

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

const isJsonType = (type: string) => type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
const isFormType = (type: string) => type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded';

/** Every body of this API is a JSON object; valibot's object schema would let an array through. */
async function parseJson(c: Context): Promise<unknown> {
  let input: unknown;
  try {
    input = await c.req.json();
  } catch {
    throw new ApiError(400, 'Invalid JSON body');
  }
  if (Array.isArray(input)) throw new ApiError(400, API_ERRORS.invalidInput);
  return input;
}

/**
 * A JSON body checked against a schema. Other content types are refused (415): an HTML form
 * cannot send JSON without a CORS preflight, which adds to the cross-site refusal.
 */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  if (!isJsonType(mediaType(c))) throw new ApiError(415, 'Expected a JSON body');
  return checkInput(schema, await parseJson(c));
}

/** Node's stream of the request's body, when the app runs on a Node server (not in tests' app.request()). */
export function nodeRequestStream(c: Context): Readable | undefined {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof Readable ? incoming : undefined;
}

/** The request's body as it arrives: Node's own stream where there is one (less work per chunk than the Fetch API's). */
function bodyChunks(c: Context): AsyncIterable<Uint8Array> {
  const node = nodeRequestStream(c);
  if (node) return node;
  const body = c.req.raw.body;
  return (async function* () {
    if (!body) return;
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  })();
}

export interface JsonOrForm<T> {
  value: T;
  /** The files asked for that the form carried, in temporary files. */
  files: Record<string, UploadedFile>;
  /** Removes the temporary files: call it once they have been read. */
  dispose(): Promise<void>;
}

const nothingToDispose = () => Promise.resolve();

/**
 * A JSON or form body (PATCH users/me is sent as multipart form data, a photo with it). Only text
 * fields are fed to the schema; the parts named in `fileFields` that carry a file are written to
 * temporary files (multipart.ts) for the route, which calls dispose() once done with them. A
 * multipart body may be up to `maxBytes`: the route's own limit, which body-size-limit.ts leaves to
 * it when no Content-Length says it beforehand; its text fields together up to BODY_LIMIT, as a
 * JSON body.
 */
export async function readJsonOrForm<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  { maxBytes, fileFields }: { maxBytes: number; fileFields: readonly string[] },
): Promise<JsonOrForm<v.InferOutput<S>>> {
  const type = mediaType(c);
  if (isJsonType(type)) return { value: checkInput(schema, await parseJson(c)), files: {}, dispose: nothingToDispose };
  if (!isFormType(type)) throw new ApiError(415, 'Expected a JSON or form body');
  if (type === 'multipart/form-data') {
    const boundary = multipartBoundary(c.req.header('content-type'));
    if (!boundary) throw new ApiError(400, 'Invalid form body');
    const form = await readMultipart(bodyChunks(c), boundary, new Set(fileFields), { maxBytes, maxTextBytes: BODY_LIMIT });
    try {
      return { value: checkInput(schema, form.fields), files: form.files, dispose: form.dispose };
    } catch (error) {
      await form.dispose();
      throw error;
    }
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'Invalid form body');
  }
  const text: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    // A repeated field is ambiguous; the last value wins, as in most form parsers.
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') text[key] = last;
  }
  return { value: checkInput(schema, text), files: {}, dispose: nothingToDispose };
}
