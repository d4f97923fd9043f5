import * as v from 'valibot';
import { containsCode } from './content-check';
import { API_ERRORS } from './errors';
import { FIELD_LIMITS, type LimitedField } from './limits';

/** Free text a member types: trimmed, limited to SPEC.md's length and content-checked. */
export function checkedText(field: LimitedField) {
  return v.pipe(
    v.string(API_ERRORS.invalidInput),
    v.trim(),
    v.maxLength(FIELD_LIMITS[field], API_ERRORS.inputTooLong),
    v.check((text) => !containsCode(text), API_ERRORS.invalidContent),
  );
}

/** A required name: as checkedText, and not blank. */
export function requiredName(field: 'firstName' | 'lastName') {
  return v.pipe(checkedText(field), v.minLength(1, 'Name required'));
}

/** E-mail addresses are compared trimmed and case-insensitively, so they are stored that way. */
export const emailSchema = v.pipe(
  v.string('Email required'),
  v.trim(),
  v.toLowerCase(),
  v.minLength(1, 'Email required'),
  v.maxLength(FIELD_LIMITS.email, API_ERRORS.inputTooLong),
  v.email('Invalid email'),
);

export const pinSchema = v.pipe(v.string(API_ERRORS.invalidPin), v.trim(), v.regex(/^\d{6}$/, API_ERRORS.invalidPin));

/** Phone: only digits and an optional leading + (SPEC.md section 5); empty clears it. */
export const phoneSchema = v.pipe(
  v.string(API_ERRORS.invalidInput),
  v.trim(),
  v.maxLength(FIELD_LIMITS.phone, API_ERRORS.inputTooLong),
  v.regex(/^(?:\+?\d+)?$/, 'Invalid phone number'),
);

export const linkedinUrlSchema = v.pipe(
  v.string(API_ERRORS.invalidInput),
  v.transform((s) => s.replace(/\s+/g, '')),
  v.maxLength(FIELD_LIMITS.linkedinUrl, API_ERRORS.inputTooLong),
  v.check((s) => s === '' || /^(?:https?:\/\/)?[\w.-]+\.[a-z]{2,}\/[\w\-./%]*$/i.test(s), 'Invalid URL'),
);

export interface ValidationFailure {
  ok: false;
  error: string;
  field?: string;
}

/**
 * Validates input and reports the first problem as the API's {error, field} pair, so the server
 * answers with it and the client can show the same text before sending.
 */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | ValidationFailure {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const key = issue.path?.[0]?.key;
  const field = typeof key === 'string' ? key : undefined;
  const error = issue.kind === 'schema' && issue.expected === 'Object' ? API_ERRORS.invalidInput : issue.message;
  return field === undefined ? { ok: false, error } : { ok: false, error, field };
}
