import type { Context } from 'hono';
import { ApiError } from './api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A UUID path parameter, lower-cased. Anything else cannot name a row: the same 404 as an unknown
 * id, never a database error.
 */
export function uuidParam(c: Context, name: string, notFound: string): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) throw new ApiError(404, notFound);
  return value.toLowerCase();
}
