import * as v from 'valibot';
import { emailSchema, pinSchema, requiredName } from './fields';

export const signupPinRequestSchema = v.object({
  firstName: requiredName('firstName'),
  lastName: requiredName('lastName'),
  email: emailSchema,
});
export type SignupPinRequest = v.InferInput<typeof signupPinRequestSchema>;

export const signupPinVerifySchema = v.object({
  email: emailSchema,
  pin: pinSchema,
  firstName: requiredName('firstName'),
  lastName: requiredName('lastName'),
});
export type SignupPinVerify = v.InferInput<typeof signupPinVerifySchema>;

export const loginPinRequestSchema = v.object({ email: emailSchema });
export type LoginPinRequest = v.InferInput<typeof loginPinRequestSchema>;

export const loginPinVerifySchema = v.object({ email: emailSchema, pin: pinSchema });
export type LoginPinVerify = v.InferInput<typeof loginPinVerifySchema>;

/** Answer to a code request: where the code went, and how long it is valid. */
export interface PinRequestResponse {
  sent: true;
  expiresInSeconds: number;
}
