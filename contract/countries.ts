/**
 * The 16 suggested countries of docs/product.md section 9, by 2-letter code, with the English name shown
 * for a location ('{name}, {country name}') and matched by the location search.
 */
export const COUNTRY_NAMES = {
  SE: 'Sweden',
  NO: 'Norway',
  DK: 'Denmark',
  FI: 'Finland',
  IS: 'Iceland',
  DE: 'Germany',
  FR: 'France',
  GB: 'United Kingdom',
  IT: 'Italy',
  ES: 'Spain',
  NL: 'Netherlands',
  BE: 'Belgium',
  CH: 'Switzerland',
  AT: 'Austria',
  US: 'United States',
  CA: 'Canada',
} as const;

export type SuggestedCountry = keyof typeof COUNTRY_NAMES;

/** In docs/product.md's order. */
export const SUGGESTED_COUNTRIES = Object.keys(COUNTRY_NAMES) as SuggestedCountry[];

/** The English name of a country code; an unknown code is shown as it is. */
export function countryName(code: string): string {
  return (COUNTRY_NAMES as Record<string, string>)[code.toUpperCase()] ?? code;
}

/** Codes whose country name contains the text (case-insensitive); none for blank text. */
export function countriesMatching(text: string): SuggestedCountry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return SUGGESTED_COUNTRIES.filter((code) => COUNTRY_NAMES[code].toLowerCase().includes(needle));
}
