import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { isOverLimit, type TextCount } from '../lib/text-limit';
import './field.css';

/**
 * "length/max" of a limited field, red past max. Sighted members see the number change as they
 * type; past the limit it is also read out (the field points at it), so a disabled Save has a reason.
 */
export function FieldCount({ id, count }: { id?: string; count: TextCount }) {
  const over = isOverLimit(count);
  return (
    <span id={id} className={`field-count${over ? ' field-count--over' : ''}`} aria-hidden={over ? undefined : true}>
      {count.length}/{count.max}
      {over && <span className="visually-hidden"> characters: too long, at most {count.max}</span>}
    </span>
  );
}

/** The ids a limited field is described by: its hint, and its count once that is over the limit. */
function describedBy(hintId: string | undefined, countId: string, count: TextCount | undefined): string | undefined {
  const ids = [hintId, count && isOverLimit(count) ? countId : undefined].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  hintId: string;
  countId: string;
  /** Shows "length/max" under the field; turns red past max. */
  count?: TextCount;
  children: ReactNode;
}

function FieldFrame({ id, label, hint, hintId, countId, count, children }: FieldFrameProps) {
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
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  count?: TextCount;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, count, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} hintId={hintId} countId={countId} count={count}>
      <input
        id={inputId}
        className={['input', className].filter(Boolean).join(' ')}
        aria-describedby={describedBy(hint ? hintId : undefined, countId, count)}
        aria-invalid={count && isOverLimit(count) ? true : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  count?: TextCount;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, hint, count, id, className, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} hintId={hintId} countId={countId} count={count}>
      <textarea
        id={inputId}
        className={['input', 'input--area', className].filter(Boolean).join(' ')}
        aria-describedby={describedBy(hint ? hintId : undefined, countId, count)}
        aria-invalid={count && isOverLimit(count) ? true : undefined}
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
