import type { Context } from 'hono';
import type * as v from 'valibot';
import { API_ERRORS } from '../../contract/errors';
import { validate } from '../../contract/fields';
import { ApiError } from './api-error';

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

/**
 * A JSON or form body (PATCH users/me is sent as multipart form data). Only text fields are kept;
 * files such as profileImage are left for the route to pick up, never fed to a text schema.
 */
export async function readJsonOrForm<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<{ value: v.InferOutput<S>; files: Record<string, File> }> {
  const type = mediaType(c);
  if (isJsonType(type)) return { value: checkInput(schema, await parseJson(c)), files: {} };
  if (!isFormType(type)) throw new ApiError(415, 'Expected a JSON or form body');
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'Invalid form body');
  }
  const text: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [key, value] of Object.entries(form)) {
    // A repeated field is ambiguous; the last value wins, as in most form parsers.
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') text[key] = last;
    else if (last !== undefined) files[key] = last;
  }
  return { value: checkInput(schema, text), files };
}
