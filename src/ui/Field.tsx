import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import './field.css';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  hintId: string;
  /** Shows "length/max" under the field; turns red past max. */
  count?: { length: number; max: number };
  children: ReactNode;
}

function FieldFrame({ id, label, hint, hintId, count, children }: FieldFrameProps) {
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
          {count && (
            <span className={`field-count${count.length > count.max ? ' field-count--over' : ''}`} aria-hidden="true">
              {count.length}/{count.max}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  count?: { length: number; max: number };
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, count, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} hintId={hintId} count={count}>
      <input id={inputId} className={['input', className].filter(Boolean).join(' ')} aria-describedby={hint ? hintId : undefined} {...input} />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  count?: { length: number; max: number };
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, count, id, className, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} hintId={hintId} count={count}>
      <textarea
        id={inputId}
        className={['input', 'input--area', className].filter(Boolean).join(' ')}
        aria-describedby={hint ? hintId : undefined}
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
