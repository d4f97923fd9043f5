import { loginPinRequestSchema } from '../../../contract/auth';
import { validate } from '../../../contract/fields';

/**
 * The log-in address as the server will check it (trimmed, lower case, an e-mail). Its own module,
 * loaded on the first submit: the schema code (valibot) is not needed to show the welcome page.
 */
export function checkLoginEmail(email: string) {
  return validate(loginPinRequestSchema, { email });
}
