import { Hono } from 'hono';
import {
  PROFILE_LOOKUP_CODES,
  PROFILE_LOOKUP_ERRORS,
  profileLookupRequestSchema,
  profileSearchRequestSchema,
  type ProfileLookupResponse,
  type ProfileLookupStatus,
  type ProfileSearchResponse,
} from '../../contract/profile-lookup';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { enforceRateLimit } from '../http/rate-limited';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { lookUpProfile, searchProfiles } from '../services/profile-lookup/lookup';
import { createProfileProvider, ProfileNotFoundError, ProviderFailedError, type ProfileProvider } from '../services/profile-lookup/provider-client';

/** Lookups per member per hour: each one costs a call to the provider and a picture download. */
export const PROFILE_LOOKUPS_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

/**
 * 'Create with AI' on /complete-profile (docs/product.md section 7: POST signup/{professional-network}/search
 * and .../search/profile), for signed-in members: the page comes after sign-up. Input is checked
 * first (400 naming the field), then whether a provider is configured (503
 * PROFILE_LOOKUP_UNAVAILABLE), then the member's hourly limit (429). The provider's failures are a
 * 502 PROFILE_LOOKUP_FAILED, an unknown profile a 404 PROFILE_NOT_FOUND. The looked-up link is not
 * stored here: the client sends it as linkedinUrl with Save, once the member has seen the result.
 */
export function profileLookupRoutes(deps: AppDeps, provider?: ProfileProvider): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, config, clock, logger } = deps;
  const signedIn = requireUser(deps);
  const lookup =
    provider ?? (config.PROFILE_LOOKUP_URL ? createProfileProvider({ baseUrl: config.PROFILE_LOOKUP_URL, key: config.PROFILE_LOOKUP_KEY }) : undefined);

  async function ready(userId: string): Promise<ProfileProvider> {
    if (!lookup) throw new ApiError(503, PROFILE_LOOKUP_ERRORS.unavailable, { code: PROFILE_LOOKUP_CODES.unavailable });
    await enforceRateLimit(db, { bucket: `profile-lookup:${userId}`, limit: PROFILE_LOOKUPS_PER_HOUR, windowMs: HOUR_MS }, clock());
    return lookup;
  }

  function mapFailure(error: unknown): never {
    if (error instanceof ProfileNotFoundError) throw new ApiError(404, PROFILE_LOOKUP_ERRORS.notFound, { code: PROFILE_LOOKUP_CODES.notFound });
    if (error instanceof ProviderFailedError) {
      logger.error(`[profile-lookup] provider failed: ${error.message}`);
      throw new ApiError(502, PROFILE_LOOKUP_ERRORS.failed, { code: PROFILE_LOOKUP_CODES.failed });
    }
    throw error;
  }

  /** Beyond docs/product.md: whether 'Create with AI' can work here, asked before the member types. */
  app.get('/status', signedIn, (c) => {
    const answer: ProfileLookupStatus = { available: lookup !== undefined };
    return c.json(answer);
  });

  app.post('/search', signedIn, async (c) => {
    const query = await readJson(c, profileSearchRequestSchema);
    const provider = await ready(c.get('userId'));
    try {
      const answer: ProfileSearchResponse = await searchProfiles(provider, query);
      return c.json(answer);
    } catch (error) {
      return mapFailure(error);
    }
  });

  app.post('/search/profile', signedIn, async (c) => {
    const { linkedinProfileUrl: profileId } = await readJson(c, profileLookupRequestSchema);
    const userId = c.get('userId');
    const provider = await ready(userId);
    try {
      const answer: ProfileLookupResponse = await lookUpProfile(db, provider, logger, userId, profileId, clock);
      return c.json(answer);
    } catch (error) {
      return mapFailure(error);
    }
  });

  return [['/signup/linkedin', app]];
}
