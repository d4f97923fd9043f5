import * as v from 'valibot';

/**
 * The kinds of environment variable the server's configuration is made of (server/env.ts): each a
 * valibot schema that trims its value, counts a blank one as unset, says what is wrong with a bad
 * one, and gives the default.
 */

/** A variable as given: trimmed, and blank counts as unset (a union, not optional: every key is in the output). */
const given = v.pipe(
  v.union([v.string(), v.undefined()]),
  v.transform((raw) => {
    const value = raw?.trim();
    return value === '' ? undefined : value;
  }),
);

/**
 * A variable that, when set, must pass `test` (else `problem`, which follows the variable's name
 * in the message: '=value: expected ...' or ': expected ...') and becomes `read(raw)`; unset, it
 * is `fallback`.
 */
export function variable<T, F>(test: (raw: string) => boolean, problem: (raw: string) => string, read: (raw: string) => T, fallback: F) {
  return v.pipe(
    given,
    v.check(
      (raw) => raw === undefined || test(raw),
      (issue) => problem(String(issue.input)),
    ),
    v.transform((raw): T | F => (raw === undefined ? fallback : read(raw))),
  );
}

export const text = <F extends string | undefined>(fallback: F) =>
  variable(
    () => true,
    () => '',
    (raw) => raw,
    fallback,
  );

export const integer = <F extends number | undefined>(fallback: F, min: number, max: number) =>
  variable(
    (raw) => /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max,
    (raw) => `=${raw}: expected a whole number from ${min} to ${max}`,
    Number,
    fallback,
  );

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
export const flag = <F extends boolean | undefined>(fallback: F) =>
  variable(
    (raw) => TRUE.includes(raw.toLowerCase()) || FALSE.includes(raw.toLowerCase()),
    (raw) => `=${raw.toLowerCase()}: expected true or false`,
    (raw) => TRUE.includes(raw.toLowerCase()),
    fallback,
  );

export const oneOf = <T extends string, F extends T | undefined>(values: readonly T[], fallback: F, expected: string) =>
  variable(
    (raw) => (values as readonly string[]).includes(raw.toLowerCase()),
    (raw) => `=${raw.toLowerCase()}: expected ${expected}`,
    (raw) => raw.toLowerCase() as T,
    fallback,
  );

function parsesAs(raw: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

export const url = (...protocols: string[]) =>
  variable(
    (raw) => parsesAs(raw, protocols),
    () => `: expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    (raw) => raw,
    undefined,
  );

/** scheme://host[:port] and nothing else, normalised; undefined when it is not one. */
function bareOrigin(raw: string): string | undefined {
  try {
    const parsed = new URL(raw);
    const bare = parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username;
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && bare ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

export const origin = variable(
  (raw) => bareOrigin(raw) !== undefined,
  (raw) => `=${raw}: expected an origin such as https://app.example.com (no path)`,
  (raw) => bareOrigin(raw)!,
  undefined,
);

export const prefixed = (prefix: string) =>
  variable(
    (raw) => raw.startsWith(prefix),
    () => `: expected a value starting with ${prefix}`,
    (raw) => raw,
    undefined,
  );

/** Web Push: base64url P-256 keys as `npx web-push generate-vapid-keys` prints them. */
export const vapidKey = (bytes: number) =>
  variable(
    (raw) => /^[A-Za-z0-9_-]+$/.test(raw) && Buffer.from(raw, 'base64url').length === bytes,
    () => `: expected a base64url key of ${bytes} bytes (npx web-push generate-vapid-keys)`,
    (raw) => raw,
    undefined,
  );

/**
 * An entry of PUSH_ALLOWED_ORIGINS as written, scheme, host and port only: a path, query or
 * credentials would suggest a narrower trust than is given.
 */
function listedOrigin(entry: string): string | undefined {
  try {
    return /^https?:\/\/[^/\\?#@\s]+\/?$/i.test(entry) ? new URL(entry).origin : undefined;
  } catch {
    return undefined;
  }
}
const entries = (raw: string) =>
  raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
export const originList = variable(
  (raw) => entries(raw).every((entry) => listedOrigin(entry) !== undefined),
  (raw) => {
    const bad = entries(raw).find((entry) => listedOrigin(entry) === undefined) ?? raw;
    return `: '${bad.slice(0, 100)}' is not an origin such as https://push.example or http://127.0.0.1:9999 (scheme, host and port only)`;
  },
  (raw): readonly string[] => [...new Set(entries(raw).map((entry) => listedOrigin(entry)!))],
  [] as readonly string[],
);
