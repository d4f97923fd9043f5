import * as v from 'valibot';
import { eventFilterParams } from './event-requests';

/**
 * Faceted counts of the filter panel. GET categories, GET event-types and GET locations count the
 * member's visible current and upcoming events that match the OTHER groups' filters and the search,
 * never their own group's: with Design selected, Stockholm shows how many Design events are in
 * Stockholm, while the categories still show what choosing another category would give (any of
 * the selected ones matches, so a category's own selection would only hide the alternatives).
 * The parameters are those of GET events, with the same 400 answers naming the parameter:
 *   GET categories   eventTypeIds, locationIds, search
 *   GET event-types  categories, locationIds, search
 *   GET locations    categories, eventTypeIds, search (besides its own query, page, limit, country, isCustom)
 * A group's own parameter is not read (it would not change its counts).
 */

const { categories, eventTypeIds, locationIds, search } = eventFilterParams;

export const categoriesQuerySchema = v.object({ eventTypeIds, locationIds, search });
export type CategoriesQuery = v.InferOutput<typeof categoriesQuerySchema>;

export const eventTypesQuerySchema = v.object({ categories, locationIds, search });
export type EventTypesQuery = v.InferOutput<typeof eventTypesQuerySchema>;

/** The facet parameters of GET locations, spread into its query schema (contract/locations.ts). */
export const locationFacetParams = { categories, eventTypeIds, search };

/** Any group's facet filters: what narrows the events counted. */
export interface FacetFilters {
  categories?: readonly string[];
  eventTypeIds?: readonly string[];
  locationIds?: readonly string[];
  search?: string;
}
