import * as v from 'valibot';
import type { Location } from './events';
import { locationFacetParams } from './facet-requests';

/**
 * GET locations: the location service's wrapper of SPEC.md section 7 ({success, data}). Each
 * location carries eventCount, the number of upcoming events there that the member can see.
 */
export interface LocationListResponse {
  success: true;
  data: { locations: Location[]; total: number; page: number; limit: number };
}

/** Default page size of the generic list (SPEC.md leaves it open); search uses 50, by-id 100. */
export const LOCATIONS_PAGE_SIZE = 20;
export const MAX_LOCATIONS_PAGE_SIZE = 100;

/**
 * GET locations query. An invalid page is 1, as for events; a bad limit, country or flag is 400.
 * categories, eventTypeIds and search narrow the events counted (faceted counts, see
 * contract/facet-requests.ts); query, country and isCustom choose the locations.
 */
export const locationsQuerySchema = v.object({
  ...locationFacetParams,
  query: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(100, 'Query too long')),
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
  country: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.regex(/^(?:[A-Za-z]{2})?$/, 'Invalid country'),
    v.toUpperCase(),
  ),
  isCustom: v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', ''], 'Invalid flag'), ''),
    v.transform((s) => (s === '' ? undefined : s === 'true' || s === '1')),
  ),
});
export type LocationsQuery = v.InferOutput<typeof locationsQuerySchema>;
