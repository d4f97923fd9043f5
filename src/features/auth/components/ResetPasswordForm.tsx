import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { AuthLayout } from './AuthLayout';

/**
 * /auth/reset-password (SPEC.md section 2): an e-mail field that only shows a 'Reset link sent'
 * notice and makes no call. Accounts have no password (sign-in is by e-mailed code), so the page
 * says so and points back to log in.
 */
export function ResetPasswordForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
    toast({ title: 'Reset link sent' });
  };

  return (
    <AuthLayout>
      <Card className="auth-card">
        <h1 className="auth-title">Reset password</h1>
        <form className="auth-form" onSubmit={submit}>
          <p className="auth-lead">Mingle has no passwords: you log in with a one-time code sent to your e-mail.</p>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            placeholder="you@company.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {sent && (
            <p className="auth-notice" role="status">
              Reset link sent
            </p>
          )}
          <Button type="submit" size="lg" block>
            Send reset link
          </Button>
          <Link href="/auth" className="auth-back-link">
            Back to log in
          </Link>
        </form>
      </Card>
    </AuthLayout>
  );
}
