/**
 * The IANA time zone of each demo place (data/places.ts), in which its events' meeting times are
 * offered and shown (docs/product.md, 'Meetings'): by country, and by city where a country spans
 * several zones.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
  IS: 'Atlantic/Reykjavik',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  CH: 'Europe/Zurich',
  AT: 'Europe/Vienna',
  US: 'America/New_York',
  CA: 'America/Toronto',
};

export const CITY_TIME_ZONES: Readonly<Record<string, string>> = {
  'San Francisco': 'America/Los_Angeles',
  Seattle: 'America/Los_Angeles',
  Austin: 'America/Chicago',
  Vancouver: 'America/Vancouver',
  Calgary: 'America/Edmonton',
  Montreal: 'America/Toronto',
};

/** The zone of a demo city; a place the tables miss is a mistake in the seed. */
export function timeZoneFor(country: string, city: string): string {
  const zone = CITY_TIME_ZONES[city] ?? COUNTRY_TIME_ZONES[country];
  if (!zone) throw new Error(`No time zone for the demo place ${city}, ${country}`);
  return zone;
}
