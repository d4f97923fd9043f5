import { countryName } from './countries';

/** A place of the service as the API gives it: its name and the 2-letter code of its country. */
export interface KnownPlace {
  name?: string | null;
  country?: string | null;
}

/**
 * How a place reads wherever the product shows one (an event, a profile, a deck card): a known
 * place as '{name}, {country name}' (its name alone when its country is not known), else the free
 * text that was typed, else null. One function, so every screen and the server agree.
 */
export function placeText(known: KnownPlace | null | undefined, freeText?: string | null): string | null {
  const name = known?.name?.trim();
  if (name) return known?.country ? `${name}, ${countryName(known.country)}` : name;
  return freeText?.trim() || null;
}
