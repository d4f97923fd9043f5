import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginPinVerifySchema, signupPinRequestSchema } from './auth';
import { createConsentsSchema } from './consent';
import { hasRequiredConsent } from './consent-granted';
import { validate } from './fields';
import { isEventPast } from './event-currency';
import { eventsQuerySchema } from './event-requests';
import { completeProfileSchema, profileUpdateSchema } from './user';
import { isProfileComplete } from './profile-completeness';

describe('validate', () => {
  it('trims and lower-cases e-mail addresses', () => {
    const result = validate(signupPinRequestSchema, { firstName: ' Ada ', lastName: 'Lovelace', email: '  Ada@Example.COM ' });
    expect(result).toEqual({ ok: true, value: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } });
  });

  it('names the field of the first problem', () => {
    expect(validate(signupPinRequestSchema, { firstName: '', lastName: 'L', email: 'a@b.se' })).toEqual({
      ok: false,
      error: 'Name required',
      field: 'firstName',
    });
    expect(validate(signupPinRequestSchema, { firstName: 'A', lastName: 'L', email: 'not-an-email' })).toEqual({
      ok: false,
      error: 'Invalid email',
      field: 'email',
    });
  });

  it("never quotes the input back: a schema's own message or 'Invalid input'", () => {
    const long = 'x'.repeat(60_000);
    expect(validate(createConsentsSchema, { consents: long })).toEqual({ ok: false, error: 'Invalid input', field: 'consents' });
    expect(validate(createConsentsSchema, {})).toEqual({ ok: false, error: 'Invalid input', field: 'consents' });
    expect(validate(createConsentsSchema, { consents: ['<script>alert(1)</script>'] })).toEqual({ ok: false, error: 'Invalid input', field: 'consents' });
  });

  it('reports a missing body as invalid input', () => {
    expect(validate(signupPinRequestSchema, null)).toEqual({ ok: false, error: 'Invalid input' });
    expect(validate(signupPinRequestSchema, 'x')).toEqual({ ok: false, error: 'Invalid input' });
  });

  it('accepts only six digits as a code', () => {
    for (const pin of ['123456', ' 000001 ']) {
      expect(validate(loginPinVerifySchema, { email: 'a@b.se', pin }).ok).toBe(true);
    }
    for (const pin of ['12345', '1234567', '12a456', '１２３４５６', '', 123456]) {
      expect(validate(loginPinVerifySchema, { email: 'a@b.se', pin })).toMatchObject({ ok: false, field: 'pin' });
    }
  });

  it('enforces the field limits of docs/product.md section 5', () => {
    expect(validate(profileUpdateSchema, { story: 'a'.repeat(500) }).ok).toBe(true);
    expect(validate(profileUpdateSchema, { story: 'a'.repeat(501) })).toEqual({
      ok: false,
      error: 'Input too long',
      field: 'story',
    });
    expect(validate(profileUpdateSchema, { role: 'r'.repeat(101) })).toMatchObject({ error: 'Input too long', field: 'role' });
    expect(validate(profileUpdateSchema, { firstName: 'n'.repeat(101) })).toMatchObject({ field: 'firstName' });
  });

  it('rejects code in free text with the content error', () => {
    expect(validate(profileUpdateSchema, { story: 'DROP TABLE users' })).toEqual({
      ok: false,
      error: 'Invalid content detected',
      field: 'story',
    });
    expect(validate(profileUpdateSchema, { story: 'I create products and update teams' }).ok).toBe(true);
  });

  it('accepts phone numbers as people write them and keeps their digits with an optional leading plus', () => {
    expect(validate(profileUpdateSchema, { phone: '+46701234567' }).ok).toBe(true);
    expect(validate(profileUpdateSchema, { phone: '+46 (0)70-123 45.67' })).toEqual({ ok: true, value: { phone: '+460701234567' } });
    expect(validate(profileUpdateSchema, { phone: '' }).ok).toBe(true);
    expect(validate(profileUpdateSchema, { phone: '46+70' })).toMatchObject({ ok: false, field: 'phone' });
  });

  it('refuses control characters in any text, naming the field; tab and line breaks pass', () => {
    for (const bad of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      expect(validate(profileUpdateSchema, { story: `a${bad}b` })).toEqual({
        ok: false,
        error: 'Control characters are not allowed',
        field: 'story',
      });
    }
    expect(validate(profileUpdateSchema, { story: 'line one\r\nline two\n\tindented' }).ok).toBe(true);
    // Query strings and lists go through the same check: the field is the top-level key.
    expect(validate(eventsQuerySchema, { search: 'data\u0000' })).toMatchObject({ ok: false, field: 'search' });
    expect(validate(createConsentsSchema, { consents: [{ type: 'terms\u0000' }] })).toMatchObject({ ok: false, field: 'consents' });
  });

  it('does not run the content check or other patterns on text over its limit', () => {
    // The pipe stops at the first problem: a long text gets one issue, 'Input too long', however
    // much it looks like code (the content check would have added a second).
    const result = v.safeParse(profileUpdateSchema, { firstName: `select ${' '.repeat(6000)}* from x` });
    expect(result.issues?.map((issue) => issue.message)).toEqual(['Input too long']);
    const email = v.safeParse(signupPinRequestSchema, { firstName: 'A', lastName: 'B', email: `${'a.'.repeat(200)}@x` });
    expect(email.issues?.map((issue) => issue.message)).toEqual(['Input too long']);
  });

  it('requires both headline and about to complete a profile', () => {
    expect(validate(completeProfileSchema, { role: 'CTO', story: 'Builder' }).ok).toBe(true);
    expect(validate(completeProfileSchema, { role: '  ', story: 'Builder' })).toMatchObject({ ok: false, field: 'role' });
    expect(validate(completeProfileSchema, { role: 'CTO', story: '' })).toMatchObject({ ok: false, field: 'story' });
  });
});

describe('profile completeness', () => {
  it('needs both role and story', () => {
    expect(isProfileComplete({ role: 'CTO', story: 'Builder' })).toBe(true);
    expect(isProfileComplete({ role: 'CTO', story: null })).toBe(false);
    expect(isProfileComplete({ role: ' ', story: 'Builder' })).toBe(false);
  });
});

describe('consents', () => {
  it('are granted with active terms and privacy', () => {
    const at = (type: 'terms' | 'privacy', revokedAt: string | null = null) => ({ type, revokedAt });
    expect(hasRequiredConsent([at('terms'), at('privacy')])).toBe(true);
    expect(hasRequiredConsent([at('terms')])).toBe(false);
    expect(hasRequiredConsent([at('terms'), at('privacy', '2026-01-01T00:00:00Z')])).toBe(false);
  });

  it('accept only known types', () => {
    expect(validate(createConsentsSchema, { consents: [{ type: 'terms' }, { type: 'privacy' }] }).ok).toBe(true);
    expect(validate(createConsentsSchema, { consents: [{ type: 'everything' }] })).toMatchObject({ ok: false, field: 'consents' });
    expect(validate(createConsentsSchema, { consents: [] })).toMatchObject({ ok: false, field: 'consents' });
  });
});

describe('event currency', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('keeps an event current until 6 hours after its end', () => {
    expect(isEventPast({ dateTime: '2026-06-01T00:00:00Z', endDateTime: '2026-06-01T06:30:00Z' }, now)).toBe(false);
    expect(isEventPast({ dateTime: '2026-06-01T00:00:00Z', endDateTime: '2026-06-01T05:59:00Z' }, now)).toBe(true);
  });
  it('uses the start when there is no end', () => {
    expect(isEventPast({ dateTime: '2026-06-01T07:00:00Z', endDateTime: null }, now)).toBe(false);
    expect(isEventPast({ dateTime: '2026-05-31T12:00:00Z' }, now)).toBe(true);
  });
  it('never calls an undated event past', () => {
    expect(isEventPast({ dateTime: null }, now)).toBe(false);
    expect(isEventPast({ dateTime: 'nonsense' }, now)).toBe(false);
  });
});
