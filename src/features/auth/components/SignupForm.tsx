import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { signupPinRequestSchema } from '../../../../contract/auth';
import { validate } from '../../../../contract/fields';
import { fieldErrorToast } from '../../../lib/field-error-toast';
import { PRIVACY_PATH, TERMS_PATH } from '../../../lib/legal-paths';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { useRequestSignupPin } from '../api/request-signup-pin';
import { useVerifySignupPin } from '../api/verify-signup-pin';
import { NAME_REQUIRED_TOAST, signupRequestErrorToast, signupVerifyError } from '../messages';
import { CodeStep } from './CodeStep';
import { useCooldown } from './use-cooldown';

const RESEND_COOLDOWN_SECONDS = 30;
const LABELS: Record<string, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email' };

interface Details {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Sign up: first name, last name and e-mail, then the code. After verifying, the member has no role
 * or story yet, so the /auth route sends them to /complete-profile.
 */
export function SignupForm() {
  const [step, setStep] = useState<'form' | 'code'>('form');
  const [form, setForm] = useState<Details>({ firstName: '', lastName: '', email: '' });
  const [sent, setSent] = useState<Details | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [expiresIn, setExpiresIn] = useState<number | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const request = useRequestSignupPin();
  const verify = useVerifySignupPin();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);

  const send = (details: Details, onSent: () => void) => {
    request.mutate(details, {
      onSuccess: (answer) => {
        setExpiresIn(answer?.expiresInSeconds ?? null);
        cooldown.start();
        onSent();
      },
      onError: (error) => toast(signupRequestErrorToast(error)),
    });
  };

  const submitForm = (event: FormEvent) => {
    event.preventDefault();
    if (!form.firstName.trim() || !form.lastName.trim()) {
      toast(NAME_REQUIRED_TOAST);
      return;
    }
    const checked = validate(signupPinRequestSchema, form);
    if (!checked.ok) {
      toast(
        fieldErrorToast(checked.error, checked.field, checked.field ? LABELS[checked.field] : undefined) ?? {
          title: 'Error',
          description: checked.error,
          variant: 'destructive',
        },
      );
      return;
    }
    const details = checked.value;
    send(details, () => {
      setSent(details);
      setCode('');
      setStep('code');
    });
  };

  const submitCode = (pin: string) => {
    if (!sent) return;
    verify.mutate(
      { ...sent, pin },
      {
        onError: (error) => {
          const { toast: notice, backToForm } = signupVerifyError(error);
          toast(notice);
          setCodeError(backToForm ? null : (notice.description ?? notice.title ?? null));
          setCode('');
          if (backToForm) setStep('form');
          else requestAnimationFrame(() => codeRef.current?.focus());
        },
      },
    );
  };

  if (step === 'code' && sent) {
    return (
      <CodeStep
        email={sent.email}
        code={code}
        onCodeChange={(next) => {
          setCode(next);
          setCodeError(null);
        }}
        error={codeError}
        onVerify={submitCode}
        verifying={verify.isPending || verify.isSuccess}
        onResend={() => send(sent, () => setCode(''))}
        resending={request.isPending}
        resendIn={cooldown.remaining}
        expiresInSeconds={expiresIn}
        onBack={() => {
          verify.reset();
          setStep('form');
        }}
        backLabel="Back to form"
        codeRef={codeRef}
      />
    );
  }

  const set = (key: keyof Details) => (event: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.target.value });

  return (
    <form className="auth-form" onSubmit={submitForm}>
      <p className="auth-lead">Create your account. We'll e-mail you a code to confirm it's you.</p>
      <div className="auth-name-row">
        <TextField label="First name" name="firstName" autoComplete="given-name" aria-required="true" value={form.firstName} onChange={set('firstName')} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" aria-required="true" value={form.lastName} onChange={set('lastName')} />
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        placeholder="you@company.com"
        value={form.email}
        onChange={set('email')}
      />
      <Button type="submit" size="lg" block loading={request.isPending}>
        Send code
      </Button>
      <p className="auth-fine-print">
        Once your e-mail is confirmed, we ask you to accept our <Link href={TERMS_PATH}>Terms of Service</Link> and{' '}
        <Link href={PRIVACY_PATH}>Privacy Policy</Link>.
      </p>
    </form>
  );
}
