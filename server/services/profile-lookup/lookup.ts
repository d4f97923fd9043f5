import type { Kysely } from 'kysely';
import { MAX_SEARCH_RESULTS, profileUrlOf, type ProfileLookupResponse, type ProfileSearchResponse } from '../../../contract/profile-lookup';
import { FIELD_LIMITS } from '../../../contract/limits';
import { linkedinProfileId } from '../../../contract/linkedin';
import { profileImageUrl } from '../../../contract/profile-photo';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { renderProfilePhoto } from '../profiles/photo-pipeline';
import { saveProfilePhoto } from '../profiles/profile-photos';
import { fetchPicture } from './picture-fetch';
import type { ProfileProvider } from './provider-client';

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * A provider's text made fit for a field: control characters gone, line breaks unified, blank runs
 * collapsed, and cut to the field's limit at the last word that fits (with an ellipsis).
 */
export function fitText(text: string | null | undefined, max: number): string {
  const clean = (text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if ([...clean].length <= max) return clean;
  const cut = [...clean].slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
}

export async function searchProfiles(
  provider: ProfileProvider,
  query: { firstName: string; lastName: string; company: string },
): Promise<ProfileSearchResponse> {
  const answer = await provider.search(query);
  const profiles = answer.profiles
    // Only ids that make a valid link (a provider's junk id is left out, never passed on).
    .filter((hit) => linkedinProfileId(hit.profileId) === hit.profileId)
    .slice(0, MAX_SEARCH_RESULTS)
    .map((hit) => ({
      linkedinProfileUrl: profileUrlOf(hit.profileId),
      name: fitText(hit.name, 200),
      headline: fitText(hit.headline, FIELD_LIMITS.role),
    }));
  return { profiles };
}

/**
 * The profile with this id: its headline and summary fitted to role and story, and its picture,
 * when it has one that passes the checks and the photo pipeline, made the member's photo (their
 * previous photo goes, as with an upload). A picture that cannot be used is no failure of the
 * lookup: profilePicture is null and the reason goes to the log.
 */
export async function lookUpProfile(
  db: Kysely<Database>,
  provider: ProfileProvider,
  logger: Logger,
  userId: string,
  profileId: string,
  now: () => Date,
): Promise<ProfileLookupResponse> {
  const answer = await provider.profile(profileId);
  let profilePicture: string | null = null;
  if (answer.pictureUrl) {
    const picture = await fetchPicture(answer.pictureUrl, { trustedOrigins: [new URL(provider.baseUrl).origin] });
    if (!picture.ok) {
      logger.info(`[profile-lookup] picture of ${profileId} not used: ${picture.reason}`);
    } else {
      const photo = await renderProfilePhoto(picture.bytes);
      if (!photo.ok) {
        logger.info(`[profile-lookup] picture of ${profileId} not used: ${photo.code}`);
      } else {
        await saveProfilePhoto(db, userId, photo, now());
        profilePicture = profileImageUrl(photo.hash, 512);
      }
    }
  }
  return {
    headline: fitText(answer.headline, FIELD_LIMITS.role),
    summary: fitText(answer.summary, FIELD_LIMITS.story),
    profilePicture,
    linkedinProfileUrl: profileUrlOf(profileId),
  };
}
