import * as v from 'valibot';
import type { Consent } from './consent';
import { checkedText, linkedinUrlSchema, phoneSchema, requiredName } from './fields';
import { REMOVE_PROFILE_IMAGE_FIELD } from './profile-photo';

/** GET users/me and the answer of a successful sign-in. */
export interface Me {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  imageUrl: string | null;
  role: string | null;
  story: string | null;
  location: string | null;
  locationId: string | null;
  linkedinUrl: string | null;
  phone: string | null;
  consents: Consent[];
  hasProAccess: boolean;
  /** 'Not networking right now' (contract/safety.ts): the switch on the profile shows this. */
  networkingPaused: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A locationId that is not a location of the locations service. */
export const PROFILE_LOCATION_ERROR = 'Location not found';

/**
 * PATCH users/me: only changed fields are sent; an empty string clears an optional field. As
 * multipart form data it may carry a profileImage file (contract/profile-photo.ts);
 * removeProfileImage (true, or 'true' in a form) removes the photo.
 */
export const profileUpdateSchema = v.object({
  firstName: v.optional(requiredName('firstName')),
  lastName: v.optional(requiredName('lastName')),
  role: v.optional(checkedText('role')),
  story: v.optional(checkedText('story')),
  location: v.optional(checkedText('location')),
  /**
   * A location of the locations service chosen in the picker; the server stores it and its display
   * text ('{name}, {country name}') as location. '' clears both. A plain location without
   * locationId is free text and clears the chosen one.
   */
  locationId: v.optional(v.union([v.literal(''), v.pipe(v.string(PROFILE_LOCATION_ERROR), v.uuid(PROFILE_LOCATION_ERROR))], PROFILE_LOCATION_ERROR)),
  linkedinUrl: v.optional(linkedinUrlSchema),
  phone: v.optional(phoneSchema),
  [REMOVE_PROFILE_IMAGE_FIELD]: v.optional(
    v.pipe(
      v.union([v.literal(true), v.literal('true')], 'Must be true'),
      v.transform((): true => true),
    ),
  ),
});
export type ProfileUpdate = v.InferInput<typeof profileUpdateSchema>;

/** The text fields of PATCH users/me: what the profile's cards edit, and what the outbox replays. */
export const PROFILE_TEXT_FIELDS = ['firstName', 'lastName', 'role', 'story', 'location', 'locationId', 'linkedinUrl', 'phone'] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];
/** Changed text fields only; '' clears an optional one. */
export type ProfileTextChanges = Partial<Record<ProfileTextField, string>>;

/** /complete-profile 'Create yourself': both headline (role) and about (story) are required. */
export const completeProfileSchema = v.object({
  role: v.pipe(checkedText('role'), v.minLength(1, 'Headline required')),
  story: v.pipe(checkedText('story'), v.minLength(1, 'About required')),
});
export type CompleteProfile = v.InferInput<typeof completeProfileSchema>;
