import { API_ERRORS, SIGN_IN_PAUSED_CODE } from '../../../contract/errors';
import { ApiError } from '../../lib/api-client';
import type { ToastInput } from '../../ui/toast-store';

/** The sign-in notices of docs/product.md section 8. */

const SEND_FAILED = 'Failed to send verification code. Please try again.';

export const NAME_REQUIRED_TOAST: ToastInput = {
  title: 'Name required',
  description: 'Please enter both your first and last name to continue.',
  variant: 'destructive',
};

function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}

/** Log in, send code: 'User not found' has its own notice; anything else shows the server's message. */
export function loginRequestErrorToast(error: unknown): ToastInput {
  if (serverMessage(error) === API_ERRORS.userNotFound) {
    return { title: 'Account not found', description: 'This email is not registered. Please sign up first.', variant: 'destructive' };
  }
  return { title: 'Error', description: serverMessage(error) ?? SEND_FAILED, variant: 'destructive' };
}

/** Too many wrong codes for the address: the server's text says what happened and what to do. */
function signInPausedToast(error: unknown): ToastInput | null {
  if (!(error instanceof ApiError) || error.code !== SIGN_IN_PAUSED_CODE) return null;
  return { title: 'Sign-in paused', description: error.message, variant: 'destructive' };
}

const LOGIN_VERIFY_FAILED_TOAST: ToastInput = {
  title: 'Error',
  description: 'Invalid verification code. Please try again.',
  variant: 'destructive',
};

/** Log in, verify: one notice for every failure, but for the pause after too many wrong codes. */
export function loginVerifyErrorToast(error: unknown): ToastInput {
  return signInPausedToast(error) ?? LOGIN_VERIFY_FAILED_TOAST;
}

/** Sign up, send code. */
export function signupRequestErrorToast(error: unknown): ToastInput {
  if (serverMessage(error) === API_ERRORS.userExists) {
    return { title: 'Account already exists', description: 'This email is already registered. Please sign in instead.', variant: 'destructive' };
  }
  return { title: 'Error', description: serverMessage(error) ?? SEND_FAILED, variant: 'destructive' };
}

/** Sign up, verify: 'Pin expired' also sends the member back to the form for a new code. */
export function signupVerifyError(error: unknown): { toast: ToastInput; backToForm: boolean } {
  const paused = signInPausedToast(error);
  if (paused) return { toast: paused, backToForm: false };
  const message = serverMessage(error);
  if (message === API_ERRORS.invalidPin) return { toast: { title: 'Invalid code', variant: 'destructive' }, backToForm: false };
  if (message === API_ERRORS.pinExpired) return { toast: { title: 'Code expired', variant: 'destructive' }, backToForm: true };
  return { toast: { title: 'Error', description: 'Failed to verify code. Please try again.', variant: 'destructive' }, backToForm: false };
}
