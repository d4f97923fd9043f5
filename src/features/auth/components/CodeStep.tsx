import { useId, useRef, type FormEvent, type RefObject } from 'react';
import { PIN_LENGTH } from '../../../../contract/limits';
import { Button } from '../../../ui/Button';
import { CodeInput } from '../../../ui/CodeInput';
import { ArrowLeftIcon, MailIcon } from '../../../ui/icons';

export interface CodeStepProps {
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  onVerify: (code: string) => void;
  verifying: boolean;
  onResend: () => void;
  resending: boolean;
  /** Seconds until another code may be requested. */
  resendIn: number;
  expiresInSeconds: number | null;
  onBack: () => void;
  backLabel: string;
  codeRef?: RefObject<HTMLInputElement | null>;
  /** Why the last code was refused, shown at the code field until the member types again. */
  error?: string | null;
}

/** Second step of log-in and sign-up: the 6-digit code sent by e-mail. */
export function CodeStep(props: CodeStepProps) {
  const hintId = useId();
  const fallbackRef = useRef<HTMLInputElement>(null);
  const codeRef = props.codeRef ?? fallbackRef;
  const complete = props.code.length === PIN_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !props.verifying) props.onVerify(props.code);
  };

  const minutes = props.expiresInSeconds ? Math.round(props.expiresInSeconds / 60) : null;

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <div className="auth-sent" id={hintId}>
        <span className="auth-sent-icon">
          <MailIcon />
        </span>
        <div>
          <p className="auth-sent-text">
            We sent a 6-digit code to <strong>{props.email}</strong>
          </p>
          {minutes !== null && minutes > 0 && (
            <p className="auth-sent-sub">
              It is valid for {minutes} minute{minutes === 1 ? '' : 's'}.
            </p>
          )}
        </div>
      </div>
      <CodeInput
        ref={codeRef}
        label="Verification code"
        value={props.code}
        onChange={props.onCodeChange}
        onComplete={(code) => {
          if (!props.verifying) props.onVerify(code);
        }}
        length={PIN_LENGTH}
        autoFocus
        disabled={props.verifying}
        describedBy={hintId}
        error={props.error}
      />
      <Button type="submit" size="lg" block disabled={!complete} loading={props.verifying}>
        Verify
      </Button>
      <div className="auth-row">
        <Button variant="ghost" size="sm" onClick={props.onBack}>
          <ArrowLeftIcon />
          {props.backLabel}
        </Button>
        <Button variant="link" size="sm" onClick={props.onResend} disabled={props.resendIn > 0} loading={props.resending}>
          {props.resendIn > 0 ? `Resend code in ${props.resendIn}s` : 'Resend code'}
        </Button>
      </div>
    </form>
  );
}
