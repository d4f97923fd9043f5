import { useId, useState, type ClipboardEvent, type Ref } from 'react';
import './code-input.css';
import './field.css';

/** Keeps the digits of what was typed or pasted, at most `length` of them. */
export function sanitizeCode(raw: string, length: number): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

export interface CodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once the code has all its digits. */
  onComplete?: (code: string) => void;
  length?: number;
  id?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** What was wrong with the last code entered, under the field (and the field marked invalid). */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/**
 * One-time code entry: a single real input (so autofill from SMS or mail, paste, screen readers and
 * password managers all work) drawn as one box per digit. Only digits are kept; a pasted text that
 * contains a full code ("Your code: 123 456") fills it at once.
 */
export function CodeInput({ label, value, onChange, onComplete, length = 6, id, autoFocus, disabled, describedBy, error, ref }: CodeInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const [focused, setFocused] = useState(false);

  const commit = (next: string) => {
    if (next === value) return;
    onChange(next);
    if (next.length === length) onComplete?.(next);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = sanitizeCode(event.clipboardData.getData('text'), length);
    event.preventDefault();
    if (digits === '') return;
    commit(digits.length === length ? digits : sanitizeCode(value + digits, length));
  };

  const active = Math.min(value.length, length - 1);

  return (
    <div className="code-field">
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className={`code-input${focused ? ' code-input--focused' : ''}${disabled ? ' code-input--disabled' : ''}${error ? ' code-input--invalid' : ''}`}>
        <input
          ref={ref}
          id={inputId}
          className="code-input-field"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${length}}`}
          spellCheck={false}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          value={value}
          onChange={(event) => commit(sanitizeCode(event.target.value, length))}
          onPaste={onPaste}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        <div className="code-input-cells" aria-hidden="true">
          {Array.from({ length }, (_, index) => (
            <div
              key={index}
              data-testid="code-cell"
              className={`code-input-cell${focused && index === active ? ' code-input-cell--active' : ''}${value[index] ? ' code-input-cell--filled' : ''}`}
            >
              {value[index] ?? ''}
              {focused && index === value.length && <span className="code-input-caret" />}
            </div>
          ))}
        </div>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
