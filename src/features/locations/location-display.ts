import { countryName } from '../../../contract/countries';
import { placeText } from '../../../contract/place-text';
import type { Location } from '../../../contract/events';

/**
 * The display variants of docs/product.md section 2 ('short', 'full', 'detailed'). 'full' is docs/product.md's
 * display text, '{name}, {country name}': what the picker hands to the profile as the location.
 */
export type LocationDisplayVariant = 'short' | 'full' | 'detailed';

type Displayed = Pick<Location, 'name' | 'country' | 'region'>;

export function locationDisplay(location: Displayed, variant: LocationDisplayVariant = 'full'): string {
  const name = location.name.trim();
  if (variant === 'short') return name;
  const region = location.region?.trim();
  if (variant === 'detailed' && region) return `${name}, ${region}, ${countryName(location.country)}`;
  return placeText(location) ?? name;
}

export interface CountryGroup<T extends Displayed = Location> {
  /** The 2-letter code, as stored. */
  country: string;
  /** What the group is headed with. */
  countryName: string;
  locations: T[];
}

// Case and accents aside, as a reader scanning an alphabetical list expects.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Locations grouped by country for the picker: groups in order of country name, locations by name
 * within a group (then by region, so two places of the same name keep a stable order).
 */
export function groupByCountry<T extends Displayed>(locations: readonly T[]): CountryGroup<T>[] {
  const groups = new Map<string, CountryGroup<T>>();
  for (const location of locations) {
    const code = location.country.toUpperCase();
    let group = groups.get(code);
    if (!group) {
      group = { country: code, countryName: countryName(code), locations: [] };
      groups.set(code, group);
    }
    group.locations.push(location);
  }
  const sorted = [...groups.values()].sort((a, b) => collator.compare(a.countryName, b.countryName));
  for (const group of sorted) {
    group.locations.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.region ?? '', b.region ?? ''));
  }
  return sorted;
}
