import { ResetPasswordForm } from '../features/auth/components/ResetPasswordForm';

/** /auth/reset-password. */
export function ResetPasswordRoute() {
  return <ResetPasswordForm />;
}
