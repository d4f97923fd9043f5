import * as v from 'valibot';
import { SUGGESTED_COUNTRIES, COUNTRY_NAMES } from '../../../contract/countries';
import { createLocationSchema, type CreateLocationRequest } from '../../../contract/locations';
import { fieldErrorToast } from '../../lib/field-error-toast';

/** The 'Create custom location' form of docs/product.md sections 2 and 5. */

export interface NewLocationValues {
  name: string;
  /** A code of the 16 suggested countries, or '' before one is chosen. */
  country: string;
  region: string;
}
export type NewLocationField = keyof NewLocationValues;
export type NewLocationErrors = Partial<Record<NewLocationField, string>>;

export const NEW_LOCATION_LABELS: Record<NewLocationField, string> = {
  name: 'Location name',
  country: 'Country',
  region: 'Region (optional)',
};

/** The country select's choices, alphabetical by name (a member looks for the name, not the code). */
export const COUNTRY_CHOICES = SUGGESTED_COUNTRIES.map((code) => ({ code, name: COUNTRY_NAMES[code] })).sort((a, b) => a.name.localeCompare(b.name, 'en'));

export const emptyNewLocation = (name = ''): NewLocationValues => ({ name, country: '', region: '' });

/** A message the contract gives, as the member reads it under the field (docs/product.md section 5's texts). */
export function newLocationFieldMessage(message: string, field: NewLocationField): string {
  return fieldErrorToast(message, 'location', NEW_LOCATION_LABELS[field])?.description ?? message;
}

export type NewLocationCheck = { ok: true; request: CreateLocationRequest } | { ok: false; errors: NewLocationErrors };

/**
 * The contract's own check of POST locations, run before sending: name and country required
 * ('Location name required', 'Country required'), name and region at most 100 characters and free
 * of code. docs/product.md section 5: an absent country is sent as ''; an empty region is left out.
 */
export function checkNewLocation(values: NewLocationValues): NewLocationCheck {
  const request: CreateLocationRequest = {
    name: values.name.trim(),
    country: values.country,
    ...(values.region.trim() ? { region: values.region.trim() } : {}),
  };
  const result = v.safeParse(createLocationSchema, request, { abortEarly: false });
  if (result.success) return { ok: true, request };
  const errors: NewLocationErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (key === 'name' || key === 'country' || key === 'region') errors[key] ??= newLocationFieldMessage(issue.message, key);
  }
  // An issue without a field would leave the member with nothing to fix; the name is the likely one.
  if (Object.keys(errors).length === 0) errors.name = result.issues[0]?.message ?? 'Invalid input';
  return { ok: false, errors };
}

/** The form field an error answer names (the server names name, country or region). */
export function newLocationFieldOf(field: string | undefined): NewLocationField | undefined {
  return field === 'name' || field === 'country' || field === 'region' ? field : undefined;
}
