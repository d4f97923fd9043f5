import type { Context } from 'hono';
import { ApiError } from './api-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A route pattern's constraint on a segment (`/:id${notWords('public', 'users')}/attendees`): any
 * value but the given words, where a sibling route has one of them literally in that place (GET
 * events/public/:id beside GET events/:id/attendees). The word is then the literal route's alone,
 * whatever order the routers are mounted in, and every other value still reaches the route, which
 * answers a malformed id as it always did.
 */
export function notWords(...words: string[]): string {
  if (words.some((word) => !/^[a-z.-]+$/.test(word))) throw new Error(`not a path word: ${words.join(' ')}`);
  return `{(?!(?:${words.map((word) => word.replace(/\./g, '\\.')).join('|')})(?:/|$))[^/]+}`;
}

/**
 * A UUID path parameter, lower-cased. Anything else cannot name a row: the same 404 as an unknown
 * id, never a database error.
 */
export function uuidParam(c: Context, name: string, notFound: string): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) throw new ApiError(404, notFound);
  return value.toLowerCase();
}

/** A route's pattern as it is named (logs, the write limits' table): without its segments' constraints. */
export const routePattern = (path: string): string => path.replace(/(:\w+)\{[^{}]*\}/g, '$1');
