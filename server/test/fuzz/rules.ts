import { PROFILE_LOOKUP_CODES } from '../../../contract/profile-lookup';
import type { TestResponse } from '../helpers/test-client';
import type { FuzzCase } from './cases';

const ERROR_KEYS = new Set(['error', 'field', 'code']);
/** Error texts are short sentences of ours; a longer one quotes the input back (valibot's defaults did). */
const MAX_ERROR_LENGTH = 200;

/** What is wrong with an error answer's body, if anything: it must be JSON {error, field?, code?}. */
export function errorBodyProblem(res: TestResponse): string | undefined {
  if (!res.headers.get('content-type')?.startsWith('application/json')) return `${res.status} answer is not JSON: ${res.text.slice(0, 100)}`;
  const body: unknown = res.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `${res.status} body is not an object`;
  if (typeof (body as { error?: unknown }).error !== 'string') return `${res.status} body has no error string: ${res.text.slice(0, 100)}`;
  for (const [key, value] of Object.entries(body)) {
    if (!ERROR_KEYS.has(key)) return `${res.status} body has an unexpected key '${key}'`;
    if (typeof value !== 'string') return `${res.status} body's ${key} is not a string`;
    if (value.length > MAX_ERROR_LENGTH) return `${res.status} body's ${key} is ${value.length} characters long: ${value.slice(0, 80)}…`;
  }
  return undefined;
}

/**
 * 503 with one of these codes is the documented answer to a valid request for a feature whose
 * outside service this server has not configured (README), not a failure of ours.
 */
const NOT_CONFIGURED_CODES = new Set<unknown>([PROFILE_LOOKUP_CODES.unavailable]);

/** Why the answer breaks the suite's rules, or undefined when it keeps them. */
export function violation(c: FuzzCase, res: TestResponse): string | undefined {
  if (res.status === 503 && NOT_CONFIGURED_CODES.has(res.body?.code)) return errorBodyProblem(res);
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 200)}`;
  const must = c.blame?.mustRefuse;
  if (must && (must.only400 ? res.status !== 400 : res.status < 400))
    return `${res.status}, not ${must.only400 ? '400' : 'a refusal'}, for ${must.why} in '${c.blame!.field}'`;
  if (res.status < 400) return undefined;
  const problem = errorBodyProblem(res);
  if (problem) return problem;
  if (c.blame && res.status === 400 && !c.blame.refusals.includes(res.body.error)) {
    const field: unknown = res.body.field;
    const named = field === c.blame.field || (typeof field === 'string' && field.startsWith(`${c.blame.field}.`));
    if (!named) return `400 '${res.body.error}' names ${typeof field === 'string' ? `'${field}'` : 'no field'}, not the spoiled '${c.blame.field}'`;
  }
  return undefined;
}
