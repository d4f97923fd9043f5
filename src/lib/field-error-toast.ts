import { API_ERRORS } from '../../contract/errors';
import { FIELD_LIMITS, type LimitedField } from '../../contract/limits';
import type { ToastInput } from '../ui/toast-store';

/**
 * The notices of docs/product.md section 5 for a field that is too long or holds disallowed content, whether
 * the client's own check or the server found it. `label` is the field's name as the form shows it.
 * Returns null for any other error.
 */
export function fieldErrorToast(error: string, field: string | undefined, label: string | undefined): ToastInput | null {
  const name = label ?? field ?? 'this field';
  if (error === API_ERRORS.inputTooLong) {
    const limit = field && field in FIELD_LIMITS ? FIELD_LIMITS[field as LimitedField] : undefined;
    return {
      title: 'Input too long',
      description:
        limit === undefined
          ? `Your input for '${name}' exceeds the maximum allowed length. Please shorten it.`
          : `Your input for '${name}' exceeds the maximum allowed length (${limit} characters). Please shorten it.`,
      variant: 'destructive',
    };
  }
  if (error === API_ERRORS.invalidContent) {
    return {
      title: 'Invalid content detected',
      description: `We can't process your input for '${name}' right now. Please try again later.`,
      variant: 'destructive',
    };
  }
  return null;
}
