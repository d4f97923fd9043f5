/** Every error answer of the API has this body (DESIGN.md, API conventions). */
export interface ApiErrorBody {
  error: string;
  code?: string;
  field?: string;
}

/** Server error strings that the client maps to the texts of SPEC.md section 8. */
export const API_ERRORS = {
  userNotFound: 'User not found',
  userExists: 'User with this email already exists',
  invalidPin: 'Invalid pin',
  pinExpired: 'Pin expired',
  inputTooLong: 'Input too long',
  invalidContent: 'Invalid content detected',
  invalidInput: 'Invalid input',
  unauthorized: 'Not authenticated',
  crossSite: 'Cross-site request refused',
  tooManyRequests: 'Too many requests',
  notFound: 'Not found',
  internal: 'Internal server error',
} as const;
