import { Hono } from 'hono';
import {
  countryParamSchema,
  createLocationSchema,
  isKnownCountry,
  LOCATION_CREATIONS_PER_DAY,
  LOCATION_ERRORS,
  locationsQuerySchema,
  popularQuerySchema,
  resolveLocationSchema,
  suggestionsQuerySchema,
  type CountriesResponse,
  type CreateLocationResponse,
  type LocationListResponse,
  type LocationPickResponse,
  type RegionsResponse,
  type ResolveLocationResponse,
} from '../../contract/locations';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { enforceRateLimit } from '../http/rate-limited';
import { checkInput, readJson, readQuery } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { listLocations } from '../services/locations/list-locations';
import { findSameLocation, insertLocationOnce, toLocation, withEventCounts } from '../services/locations/location-rows';
import { countriesWithCounts, popularLocations, regionsOf, resolveLocation, suggestedLocations } from '../services/locations/lookup';
import { refundRateLimit } from '../services/limits/rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The location service of docs/product.md section 7 (paths and shapes in contract/locations.ts), for
 * signed-in members. GET locations also feeds the events filter chips: each location with
 * eventCount, faceted by categories, eventTypeIds and search (contract/facet-requests.ts).
 */
export function locationsRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  const signedIn = requireUser(deps);

  app.get('/', signedIn, async (c) => {
    const query = readQuery(c, locationsQuerySchema);
    const { locations, total } = await listLocations(db, c.get('userId'), clock(), query);
    const answer: LocationListResponse = { success: true, data: { locations, total, page: query.page, limit: query.limit } };
    return c.json(answer);
  });

  // The same name and country again answers the existing place (200) and costs nothing; only a new
  // row counts against the member's daily limit, kept in the database like every other limit.
  app.post('/', signedIn, async (c) => {
    const input = await readJson(c, createLocationSchema);
    const userId = c.get('userId');
    const now = clock();
    const existing = await findSameLocation(db, input.name, input.country);
    if (existing) {
      const [location] = await withEventCounts(db, userId, now, [existing]);
      return c.json({ success: true, data: location! } satisfies CreateLocationResponse, 200);
    }
    const bucket = `location-create:${userId}`;
    const hitAt = await enforceRateLimit(db, { bucket, limit: LOCATION_CREATIONS_PER_DAY, windowMs: DAY_MS }, now);
    const { row, created } = await insertLocationOnce(db, userId, now, input);
    if (!created) {
      // Someone created the same place a moment ago.
      await refundRateLimit(db, bucket, hitAt);
      const [location] = await withEventCounts(db, userId, now, [row]);
      return c.json({ success: true, data: location! } satisfies CreateLocationResponse, 200);
    }
    return c.json({ success: true, data: toLocation(row, 0) } satisfies CreateLocationResponse, 201);
  });

  app.post('/resolve', signedIn, async (c) => {
    const { userInput } = await readJson(c, resolveLocationSchema);
    const row = await resolveLocation(db, userInput);
    const [exactMatch] = row ? await withEventCounts(db, c.get('userId'), clock(), [row]) : [];
    return c.json({ success: true, data: { exactMatch: exactMatch ?? null } } satisfies ResolveLocationResponse);
  });

  app.get('/suggestions', signedIn, async (c) => {
    const { q, limit } = readQuery(c, suggestionsQuerySchema);
    const locations = await withEventCounts(db, c.get('userId'), clock(), await suggestedLocations(db, q, limit));
    return c.json({ success: true, data: { locations } } satisfies LocationPickResponse);
  });

  app.get('/popular', signedIn, async (c) => {
    const { limit } = readQuery(c, popularQuerySchema);
    const locations = await withEventCounts(db, c.get('userId'), clock(), await popularLocations(db, limit));
    return c.json({ success: true, data: { locations } } satisfies LocationPickResponse);
  });

  app.get('/countries', signedIn, async (c) => {
    return c.json({ success: true, data: { countries: await countriesWithCounts(db) } } satisfies CountriesResponse);
  });

  app.get('/countries/:country/regions', signedIn, async (c) => {
    const { country } = checkInput(countryParamSchema, { country: c.req.param('country') });
    if (!isKnownCountry(country)) throw new ApiError(404, LOCATION_ERRORS.countryNotFound);
    return c.json({ success: true, data: { country, regions: await regionsOf(db, country) } } satisfies RegionsResponse);
  });

  return [['/locations', app]];
}
