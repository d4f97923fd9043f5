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
