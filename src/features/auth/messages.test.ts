import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loginRequestErrorToast, loginVerifyErrorToast, signupRequestErrorToast, signupVerifyError } from './messages';

const apiError = (status: number, error?: string) => new ApiError(status, error === undefined ? null : { error });

describe('sign-in notices', () => {
  it('maps log-in send failures', () => {
    expect(loginRequestErrorToast(apiError(404, 'User not found'))).toMatchObject({
      title: 'Account not found',
      description: 'This email is not registered. Please sign up first.',
    });
    expect(loginRequestErrorToast(apiError(429, 'Too many requests'))).toMatchObject({ title: 'Error', description: 'Too many requests' });
    expect(loginRequestErrorToast(apiError(0))).toMatchObject({ title: 'Error', description: 'A server error occurred.' });
    expect(loginRequestErrorToast(new Error('x'))).toMatchObject({
      title: 'Error',
      description: 'Failed to send verification code. Please try again.',
    });
  });

  it('maps sign-up send failures', () => {
    expect(signupRequestErrorToast(apiError(409, 'User with this email already exists'))).toMatchObject({
      title: 'Account already exists',
      description: 'This email is already registered. Please sign in instead.',
    });
    expect(signupRequestErrorToast(new TypeError('boom')).description).toBe('Failed to send verification code. Please try again.');
  });

  it('says so when signing in is paused after too many wrong codes, and one notice for other verify failures', () => {
    const paused = new ApiError(429, { error: 'Too many wrong codes (server text)', code: 'sign_in_paused' });
    const notice = { title: 'Sign-in paused', description: 'Too many wrong codes (server text)', variant: 'destructive' };
    expect(loginVerifyErrorToast(paused)).toEqual(notice);
    expect(signupVerifyError(paused)).toEqual({ toast: notice, backToForm: false });
    for (const other of [apiError(400, 'Invalid pin'), apiError(400, 'Pin expired'), apiError(429, 'Too many requests'), new Error('x')]) {
      expect(loginVerifyErrorToast(other)).toEqual({ title: 'Error', description: 'Invalid verification code. Please try again.', variant: 'destructive' });
    }
  });

  it('maps sign-up verify failures and returns to the form when the code expired', () => {
    expect(signupVerifyError(apiError(400, 'Invalid pin'))).toEqual({ toast: { title: 'Invalid code', variant: 'destructive' }, backToForm: false });
    expect(signupVerifyError(apiError(400, 'Pin expired'))).toEqual({ toast: { title: 'Code expired', variant: 'destructive' }, backToForm: true });
    expect(signupVerifyError(apiError(500))).toMatchObject({
      toast: { title: 'Error', description: 'Failed to verify code. Please try again.' },
      backToForm: false,
    });
  });
});
