import * as v from 'valibot';
import { LINKEDIN_PROFILE_BASE, linkedinProfileId } from './linkedin';
import { containsCode } from './content-check';
import { API_ERRORS } from './errors';
import { FIELD_LIMITS, type LimitedField } from './limits';

/**
 * A pipe that stops at its first problem. Valibot otherwise runs every check of a pipe, so text far
 * over its length limit would still be searched by the content check and the patterns after it;
 * with this, the checks after maxLength only ever see text within the field's limit.
 */
const stopAtFirstIssue = <S extends v.GenericSchema>(schema: S): S => v.config(schema, { abortPipeEarly: true });

/** The fields typed in a text area; every other text is one line. */
const MULTI_LINE_FIELDS: ReadonlySet<LimitedField> = new Set(['story', 'goal', 'note', 'meetingMessage', 'reportText']);

/** A line break of any kind: CR, LF and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/**
 * One line of text: a line break inside a name or a title breaks every place that shows it on
 * one line (a card, a calendar entry, a vCard, a mail's subject), so it is refused, not removed.
 */
export const oneLine = v.check((text: string) => !LINE_BREAK.test(text), API_ERRORS.lineBreak);

/** Free text a member types: trimmed, limited to its field's length, one line unless a text area, and content-checked. */
export function checkedText(field: LimitedField) {
  return stopAtFirstIssue(
    v.pipe(
      v.string(API_ERRORS.invalidInput),
      v.trim(),
      v.maxLength(FIELD_LIMITS[field], API_ERRORS.inputTooLong),
      v.check((text) => MULTI_LINE_FIELDS.has(field) || !LINE_BREAK.test(text), API_ERRORS.lineBreak),
      v.check((text) => !containsCode(text), API_ERRORS.invalidContent),
    ),
  );
}

/** A required name: as checkedText, and not blank. */
export function requiredName(field: 'firstName' | 'lastName') {
  return v.pipe(checkedText(field), v.minLength(1, 'Name required'));
}

/** E-mail addresses are compared trimmed and case-insensitively, so they are stored that way. */
export const emailSchema = stopAtFirstIssue(
  v.pipe(
    v.string('Email required'),
    v.trim(),
    v.toLowerCase(),
    v.minLength(1, 'Email required'),
    v.maxLength(FIELD_LIMITS.email, API_ERRORS.inputTooLong),
    v.email('Invalid email'),
  ),
);

export const pinSchema = v.pipe(v.string(API_ERRORS.invalidPin), v.trim(), v.regex(/^\d{6}$/, API_ERRORS.invalidPin));

/** What people write between the digits of a phone number: spaces, dashes, dots and parentheses. */
const PHONE_SEPARATORS = /[\s\-.()]/g;

/**
 * Phone (docs/product.md section 5): typed as people write numbers ('+46 70 123 45 67',
 * '(070) 123-45.67'), stored as digits with an optional leading +; empty clears it.
 */
export const phoneSchema = stopAtFirstIssue(
  v.pipe(
    v.string(API_ERRORS.invalidInput),
    v.trim(),
    v.maxLength(FIELD_LIMITS.phone, API_ERRORS.inputTooLong),
    v.check((text) => !containsCode(text), API_ERRORS.invalidContent),
    v.transform((text) => text.replace(PHONE_SEPARATORS, '')),
    v.regex(/^(?:\+?\d+)?$/, 'Invalid phone number'),
  ),
);

/**
 * Professional-network URL (docs/product.md section 5): whitespace stripped, then stored as
 * https://www.linkedin.com/in/{id} whatever form it was typed in; empty clears it.
 */
export const linkedinUrlSchema = stopAtFirstIssue(
  v.pipe(
    v.string(API_ERRORS.invalidInput),
    v.transform((s) => s.replace(/\s+/g, '')),
    v.maxLength(FIELD_LIMITS.linkedinUrl, API_ERRORS.inputTooLong),
    v.check((text) => !containsCode(text), API_ERRORS.invalidContent),
    v.check((s) => s === '' || linkedinProfileId(s) !== undefined, 'Invalid URL'),
    v.transform((s) => (s === '' ? '' : LINKEDIN_PROFILE_BASE + linkedinProfileId(s)!)),
    v.maxLength(FIELD_LIMITS.linkedinUrl, API_ERRORS.inputTooLong),
  ),
);

/**
 * C0 and C1 control characters and DEL, except tab and the line breaks LF and CR (a textarea sent
 * as form data arrives with CRLF). PostgreSQL cannot store U+0000 at all, and the others are never
 * typed on purpose: they come from pasted binary or from an attack.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The first string anywhere in the input (body or query) that holds a control character, and the
 * top-level field it is in. Every schema is checked through validate(), so this one walk covers
 * every text field and query parameter, also those added later. Iterative: a deeply nested body
 * must not overflow the stack.
 */
function findControlCharacter(input: unknown): { field: string | undefined } | undefined {
  const stack: Array<{ value: unknown; field: string | undefined }> = [{ value: input, field: undefined }];
  while (stack.length > 0) {
    const { value, field } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return { field };
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, field });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, field: field ?? key });
    }
  }
  return undefined;
}

/** Our field names are short identifiers; a junk key of a hostile body is not echoed back as one. */
const isFieldName = (key: string | undefined): key is string => key !== undefined && /^[A-Za-z][\w-]{0,63}$/.test(key);

export interface ValidationFailure {
  ok: false;
  error: string;
  field?: string;
}

/**
 * Validates input and reports the first problem as the API's {error, field} pair, so the server
 * answers with it and the client can show the same text before sending.
 */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): { ok: true; value: v.InferOutput<S> } | ValidationFailure {
  const control = findControlCharacter(input);
  if (control) return { ok: false, error: API_ERRORS.controlCharacter, ...(isFieldName(control.field) ? { field: control.field } : {}) };
  // A schema without a message of its own gets 'Invalid input', never valibot's default text, which
  // quotes the received value back (60 KB of it, or markup) and names types rather than fields.
  const result = v.safeParse(schema, input, { message: API_ERRORS.invalidInput });
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const key = issue.path?.[0]?.key;
  const field = typeof key === 'string' ? key : undefined;
  const error = issue.kind === 'schema' && issue.expected === 'Object' ? API_ERRORS.invalidInput : issue.message;
  return field === undefined ? { ok: false, error } : { ok: false, error, field };
}
