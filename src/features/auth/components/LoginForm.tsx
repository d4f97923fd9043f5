import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { useRequestLoginPin } from '../api/request-login-pin';
import { useVerifyLoginPin } from '../api/verify-login-pin';
import { loginRequestErrorToast, loginVerifyErrorToast } from '../messages';
import { CodeStep } from './CodeStep';
import { useCooldown } from './use-cooldown';

const RESEND_COOLDOWN_SECONDS = 30;

/**
 * Log in: e-mail, then the code. A successful verify stores the member in the query cache; the
 * /auth route then sends them on (redirect rules in ../redirect.ts).
 */
export function LoginForm() {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [expiresIn, setExpiresIn] = useState<number | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const request = useRequestLoginPin();
  const verify = useVerifyLoginPin();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);

  const send = (address: string, onSent: () => void) => {
    request.mutate(
      { email: address },
      {
        onSuccess: (answer) => {
          setExpiresIn(answer?.expiresInSeconds ?? null);
          cooldown.start();
          onSent();
        },
        onError: (error) => toast(loginRequestErrorToast(error)),
      },
    );
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    void import('../login-email').then(({ checkLoginEmail }) => {
      const checked = checkLoginEmail(email);
      if (!checked.ok) {
        toast({ title: 'Error', description: checked.error, variant: 'destructive' });
        return;
      }
      send(checked.value.email, () => {
        setSentTo(checked.value.email);
        setCode('');
        setStep('code');
      });
    });
  };

  const submitCode = (pin: string) => {
    verify.mutate(
      { email: sentTo, pin },
      {
        onError: (error) => {
          const notice = loginVerifyErrorToast(error);
          toast(notice);
          setCodeError(notice.description ?? notice.title ?? null);
          setCode('');
          requestAnimationFrame(() => codeRef.current?.focus());
        },
      },
    );
  };

  if (step === 'code') {
    return (
      <CodeStep
        email={sentTo}
        code={code}
        onCodeChange={(next) => {
          setCode(next);
          setCodeError(null);
        }}
        error={codeError}
        onVerify={submitCode}
        verifying={verify.isPending || verify.isSuccess}
        onResend={() => send(sentTo, () => setCode(''))}
        resending={request.isPending}
        resendIn={cooldown.remaining}
        expiresInSeconds={expiresIn}
        onBack={() => {
          verify.reset();
          setStep('email');
        }}
        backLabel="Back to email"
        codeRef={codeRef}
      />
    );
  }

  return (
    <form className="auth-form" onSubmit={submitEmail}>
      <p className="auth-lead">Enter your e-mail and we'll send you a code to log in.</p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        placeholder="you@company.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" size="lg" block loading={request.isPending}>
        Send code
      </Button>
    </form>
  );
}
