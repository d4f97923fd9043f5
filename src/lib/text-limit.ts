import { FIELD_LIMITS, type LimitedField } from '../../contract/limits';

/** What a limited field's counter shows: "length/max". */
export interface TextCount {
  length: number;
  max: number;
}

/**
 * The count of a limited field as the contract checks it: trimmed (contract/fields.ts trims before
 * its maxLength), so blanks around the text never make the counter red or the form refuse it.
 */
export function countText(text: string, field: LimitedField): TextCount {
  return { length: text.trim().length, max: FIELD_LIMITS[field] };
}

/** Over the limit: the counter turns red and the form's save button is disabled. */
export function isOverLimit(count: TextCount): boolean {
  return count.length > count.max;
}
