import * as v from 'valibot';
import { COUNTRY_NAMES } from './countries';
import type { Location } from './events';
import { locationFacetParams } from './facet-requests';
import { checkedText } from './fields';

/**
 * The location service of docs/product.md section 7. Every answer is {success: true, data}; errors are the
 * app's {error, field?}. Paths, under /api:
 *
 *   GET  locations                                  list and search   data {locations, total, page, limit}
 *   POST locations                                  create            data Location (201 new, 200 existing)
 *   POST locations/resolve                          exact match       data {exactMatch: Location | null}
 *   GET  locations/suggestions?q=&limit=            as you type       data {locations}
 *   GET  locations/popular?limit=                   most used         data {locations}
 *   GET  locations/countries                        the 16 countries  data {countries}
 *   GET  locations/countries/{country}/regions      a country's regions  data {country, regions}
 *
 * Each location carries eventCount: the current and upcoming events there that the member can see.
 */
export interface LocationsAnswer<T> {
  success: true;
  data: T;
}

/** GET locations. */
export type LocationListResponse = LocationsAnswer<{ locations: Location[]; total: number; page: number; limit: number }>;
/** POST locations: the new location, or the existing one with the same name and country. */
export type CreateLocationResponse = LocationsAnswer<Location>;
export type ResolveLocationResponse = LocationsAnswer<{ exactMatch: Location | null }>;
/** GET locations/suggestions and GET locations/popular. */
export type LocationPickResponse = LocationsAnswer<{ locations: Location[] }>;

export interface CountryEntry {
  code: string;
  /** English name, as shown in '{name}, {country name}'. */
  name: string;
  locationCount: number;
}
export type CountriesResponse = LocationsAnswer<{ countries: CountryEntry[] }>;
/** Distinct regions of the country's locations (case-insensitively), alphabetically. */
export type RegionsResponse = LocationsAnswer<{ country: string; regions: string[] }>;

/** Default page size of the generic list (docs/product.md leaves it open); search uses 50, by-id 100. */
export const LOCATIONS_PAGE_SIZE = 20;
export const MAX_LOCATIONS_PAGE_SIZE = 100;
/** Suggestions and popular: docs/product.md section 9's default, and our ceiling. */
export const LOCATION_PICKS_DEFAULT = 10;
export const MAX_LOCATION_PICKS = 50;
/** Custom locations one member may create in 24 hours (answering an existing one is free). */
export const LOCATION_CREATIONS_PER_DAY = 20;

export const LOCATION_ERRORS = {
  nameRequired: 'Location name required',
  countryRequired: 'Country required',
  /** Only the 16 suggested countries are named and searched in English, so only they are accepted. */
  unknownCountry: 'Unknown country',
  invalidCountry: 'Invalid country',
  countryNotFound: 'Country not found',
  userInputRequired: 'userInput required',
} as const;

/** Whether the code (upper case) is one of the 16 suggested countries. */
export const isKnownCountry = (code: string) => Object.hasOwn(COUNTRY_NAMES, code);

/** The `limit` of suggestions and popular: 1-50, default 10; anything else is 400 naming it. */
const pickLimit = v.pipe(
  v.optional(v.string(), String(LOCATION_PICKS_DEFAULT)),
  v.regex(/^\d{1,3}$/, 'Invalid limit'),
  v.transform(Number),
  v.minValue(1, 'Invalid limit'),
  v.maxValue(MAX_LOCATION_PICKS, 'Invalid limit'),
);

const searchText = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, 'Query too long'));

/**
 * GET locations query. An invalid page is 1, as for events; a bad limit, country or flag is 400.
 * categories, eventTypeIds and search narrow the events counted (faceted counts, see
 * contract/facet-requests.ts); query, country and isCustom choose the locations.
 */
export const locationsQuerySchema = v.object({
  ...locationFacetParams,
  query: searchText,
  page: v.pipe(
    v.optional(v.string(), '1'),
    v.transform((s) => (/^\d{1,6}$/.test(s.trim()) && Number(s) >= 1 ? Number(s) : 1)),
  ),
  limit: v.pipe(
    v.optional(v.string(), String(LOCATIONS_PAGE_SIZE)),
    v.regex(/^\d{1,3}$/, 'Invalid limit'),
    v.transform(Number),
    v.minValue(1, 'Invalid limit'),
    v.maxValue(MAX_LOCATIONS_PAGE_SIZE, 'Invalid limit'),
  ),
  country: v.pipe(v.optional(v.string(), ''), v.trim(), v.regex(/^(?:[A-Za-z]{2})?$/, 'Invalid country'), v.toUpperCase()),
  isCustom: v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', ''], 'Invalid flag'), ''),
    v.transform((s) => (s === '' ? undefined : s === 'true' || s === '1')),
  ),
});
export type LocationsQuery = v.InferOutput<typeof locationsQuerySchema>;

/** GET locations/suggestions: nothing typed answers the popular ones. */
export const suggestionsQuerySchema = v.object({ q: searchText, limit: pickLimit });
export type SuggestionsQuery = v.InferOutput<typeof suggestionsQuerySchema>;

export const popularQuerySchema = v.object({ limit: pickLimit });

/**
 * POST locations. The name and region are what a member types, so they get the profile location's
 * limit (100) and the content check of docs/product.md section 5. docs/product.md's client sends an absent country
 * as '', which is 'Country required'.
 */
export const createLocationSchema = v.object({
  // A missing name or country is as blank ('... required'), not valibot's missing-key issue.
  name: v.optional(v.pipe(checkedText('location'), v.minLength(1, LOCATION_ERRORS.nameRequired)), ''),
  country: v.optional(
    v.pipe(
      v.string(LOCATION_ERRORS.countryRequired),
      v.trim(),
      v.toUpperCase(),
      v.minLength(1, LOCATION_ERRORS.countryRequired),
      v.check(isKnownCountry, LOCATION_ERRORS.unknownCountry),
    ),
    '',
  ),
  region: v.pipe(
    v.nullish(checkedText('location'), ''),
    v.transform((region) => region || null),
  ),
});
export type CreateLocationRequest = v.InferInput<typeof createLocationSchema>;
export type NewLocation = v.InferOutput<typeof createLocationSchema>;

/** POST locations/resolve. A lookup, stored nowhere: long enough for '{name}, {country name}'. */
export const resolveLocationSchema = v.object({
  userInput: v.pipe(v.string(LOCATION_ERRORS.userInputRequired), v.trim(), v.maxLength(200, 'Input too long')),
});

/** The {country} of locations/countries/{country}/regions: a 2-letter code, any case. */
export const countryParamSchema = v.object({
  country: v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z]{2}$/, LOCATION_ERRORS.invalidCountry), v.toUpperCase()),
});
