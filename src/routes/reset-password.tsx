import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';
import { useDocumentTitle } from '../lib/use-document-title';

/** /auth/reset-password. */
export function ResetPasswordRoute() {
  useDocumentTitle('Reset password');
  return <ResetPasswordForm />;
}
