import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { isOverLimit, type TextCount } from '../lib/text-limit';
import { FieldCount } from './FieldCount';
import './field.css';

/** The ids a field is described by: its hint, its count once that is over the limit, and its error. */
function describedBy(hintId: string | undefined, countId: string, count: TextCount | undefined, errorId: string | undefined): string | undefined {
  const ids = [hintId, count && isOverLimit(count) ? countId : undefined, errorId].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The attributes that say what is wrong with a field: too long, or refused with `error`. */
const invalidity = (inputId: string, hint: ReactNode, count: TextCount | undefined, error: string | undefined) => ({
  'aria-describedby': describedBy(hint ? `${inputId}-hint` : undefined, `${inputId}-count`, count, error ? `${inputId}-error` : undefined),
  'aria-invalid': (count && isOverLimit(count)) || error ? true : undefined,
});

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  /** Shows "length/max" under the field; turns red past max. */
  count?: TextCount;
  /** What is wrong with the value (a refused save), shown under the field. */
  error?: string;
  children: ReactNode;
}

function FieldFrame({ id, label, hint, count, error, children }: FieldFrameProps) {
  // The ids the field's input is described by (invalidity).
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {(hint || count) && (
        <div className="field-meta">
          {hint ? (
            <span id={hintId} className="field-hint">
              {hint}
            </span>
          ) : (
            <span />
          )}
          {count && <FieldCount id={countId} count={count} />}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  count?: TextCount;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, count, error, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} count={count} error={error}>
      <input id={inputId} className={['input', className].filter(Boolean).join(' ')} {...invalidity(inputId, hint, count, error)} {...input} />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  count?: TextCount;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, count, error, id, className, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} count={count} error={error}>
      <textarea
        id={inputId}
        className={['input', 'input--area', className].filter(Boolean).join(' ')}
        {...invalidity(inputId, hint, count, error)}
        {...textarea}
      />
    </FieldFrame>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ label, description, id, ...input }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="checkbox">
      <input id={inputId} type="checkbox" className="checkbox-input" aria-describedby={description ? `${inputId}-desc` : undefined} {...input} />
      <div>
        <label htmlFor={inputId} className="checkbox-label">
          {label}
        </label>
        {description && (
          <div id={`${inputId}-desc`} className="checkbox-description">
            {description}
          </div>
        )}
      </div>
    </div>
  );
}
