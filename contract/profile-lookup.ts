import * as v from 'valibot';
import { API_ERRORS } from './errors';
import { checkedText, requiredName } from './fields';
import { FIELD_LIMITS } from './limits';
import { LINKEDIN_PROFILE_BASE, linkedinProfileId } from './linkedin';

/**
 * 'Create with AI' on /complete-profile (docs/product.md sections 2, 3, 5, 7 and 8): our API
 * (POST /api/signup/linkedin/search, POST /api/signup/linkedin/search/profile, and
 * GET /api/signup/linkedin/status, beyond docs/product.md) and the small JSON protocol of the
 * profile-lookup provider the server asks (PROFILE_LOOKUP_URL; docs/operations.md, 'Profile-lookup provider
 * protocol').
 */

/** `code` of the error answers; the client decides its notice by it. */
export const PROFILE_LOOKUP_CODES = {
  /** 404: the provider knows no profile with that id (docs/product.md section 8: an explanatory notice). */
  notFound: 'PROFILE_NOT_FOUND',
  /** 503: no provider is configured on this server (PROFILE_LOOKUP_URL unset). */
  unavailable: 'PROFILE_LOOKUP_UNAVAILABLE',
  /** 502: the provider did not answer in time, failed, or answered something we cannot read. */
  failed: 'PROFILE_LOOKUP_FAILED',
} as const;

export const PROFILE_LOOKUP_ERRORS = {
  notFound: 'Profile not found',
  unavailable: 'Profile lookup is not available on this server',
  failed: 'The profile-lookup service did not answer. Please try again.',
  invalidProfileId: 'Invalid profile URL',
} as const;

/** The longest id or link a member may paste (a full link with a tracking query is long). */
export const MAX_PROFILE_INPUT_LENGTH = 300;

/** How many search results the server passes on. */
export const MAX_SEARCH_RESULTS = 10;

/** POST signup/linkedin/search: who to look for. The company narrows it and may be empty. */
export const profileSearchRequestSchema = v.object({
  firstName: requiredName('firstName'),
  lastName: requiredName('lastName'),
  company: v.optional(checkedText('role'), ''),
});
export type ProfileSearchRequest = v.InferInput<typeof profileSearchRequestSchema>;

/**
 * POST signup/linkedin/search/profile: the id as the member typed it ('ada', '@ada', a link to the
 * profile with a trailing slash or a query), normalised as docs/product.md section 5 says; the answer is
 * the profile id, or a 400 naming linkedinProfileUrl.
 */
export const profileLookupRequestSchema = v.object({
  linkedinProfileUrl: v.config(
    v.pipe(
      v.string(API_ERRORS.invalidInput),
      v.transform((s) => s.replace(/\s+/g, '')),
      v.minLength(1, PROFILE_LOOKUP_ERRORS.invalidProfileId),
      v.maxLength(MAX_PROFILE_INPUT_LENGTH, API_ERRORS.inputTooLong),
      v.check((s) => linkedinProfileId(s) !== undefined, PROFILE_LOOKUP_ERRORS.invalidProfileId),
      v.transform((s) => linkedinProfileId(s)!),
      v.maxLength(FIELD_LIMITS.linkedinUrl - LINKEDIN_PROFILE_BASE.length, API_ERRORS.inputTooLong),
    ),
    { abortPipeEarly: true },
  ),
});
export type ProfileLookupRequest = v.InferInput<typeof profileLookupRequestSchema>;

/** The stored form of a profile link: what PATCH users/me keeps as linkedinUrl. */
export const profileUrlOf = (profileId: string): string => LINKEDIN_PROFILE_BASE + profileId;

/** One person the search found. */
export interface ProfileSearchHit {
  /** The full link, https://www.linkedin.com/in/{id}, to send to search/profile. */
  linkedinProfileUrl: string;
  name: string;
  headline: string;
}
export interface ProfileSearchResponse {
  profiles: ProfileSearchHit[];
}

/**
 * The professional-network profile result (docs/product.md section 3). headline fits the role's limit and
 * summary the story's (longer texts are cut at a word); profilePicture is our own /media URL of
 * the picture, now the member's photo, or null when the profile has none or it could not be used.
 */
export interface ProfileLookupResponse {
  headline: string;
  summary: string;
  profilePicture: string | null;
  /** The normalised link of the profile, for the member to keep as their linkedinUrl on Save. */
  linkedinProfileUrl: string;
}

/** GET signup/linkedin/status: whether this server has a provider. */
export interface ProfileLookupStatus {
  available: boolean;
}

// ---- The provider's protocol (we are its client) ----

const providerText = (max: number) => v.pipe(v.string(), v.maxLength(max));

/** POST {PROFILE_LOOKUP_URL}/search, body {firstName, lastName, company}: 200 with this. */
export const providerSearchAnswerSchema = v.object({
  profiles: v.pipe(
    v.array(
      v.object({
        /** The profile's id on the network (what follows /in/ in its link). */
        profileId: providerText(200),
        name: providerText(300),
        headline: v.optional(providerText(2000), ''),
      }),
    ),
    v.maxLength(100),
  ),
});
export type ProviderSearchAnswer = v.InferOutput<typeof providerSearchAnswerSchema>;

/**
 * POST {PROFILE_LOOKUP_URL}/profile, body {profileId}: 200 with this, or 404 with
 * {code: 'PROFILE_NOT_FOUND'} for an id it does not know.
 */
export const providerProfileAnswerSchema = v.object({
  headline: v.optional(v.nullable(providerText(2000)), ''),
  summary: v.optional(v.nullable(providerText(20_000)), ''),
  /** An https URL of the profile's picture, which our server downloads; absent or null: none. */
  pictureUrl: v.optional(v.nullable(providerText(2000)), null),
});
export type ProviderProfileAnswer = v.InferOutput<typeof providerProfileAnswerSchema>;
