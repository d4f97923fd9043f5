/**
 * The demo images live in public/media/ (written by generate-media.ts, committed); Vite copies
 * public/ into the build, so they are served as /media/... in development and production alike.
 */
export const EVENT_COVER_COUNT = 24;
export const AVATAR_COUNT = 24;

const two = (n: number) => String(n).padStart(2, '0');

/** n from 1 to EVENT_COVER_COUNT. */
export const eventCoverUrl = (n: number): string => `/media/events/event-${two(n)}.svg`;
/** n from 1 to AVATAR_COUNT. */
export const avatarUrl = (n: number): string => `/media/avatars/avatar-${two(n)}.svg`;
export const organizerLogoUrl = (slug: string): string => `/media/organizers/${slug}.svg`;

/** A neutral cover for community-created events (docs/product.md section 3: "a fixed default image"). */
export const COMMUNITY_EVENT_IMAGE_URL = '/media/events/community.svg';

/** 'Nordic Tech Summit' -> 'nordic-tech-summit' (also strips accents: 'Malmö' -> 'malmo'). */
export function slugify(text: string): string {
  return asciiFold(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'Ae',
  ß: 'ss',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ł: 'l',
  Ł: 'L',
  œ: 'oe',
  Œ: 'Oe',
};

/** Latin text without diacritics, for e-mail addresses, slugs and URLs. */
export function asciiFold(text: string): string {
  return text
    .replace(/[øØæÆßðÐþÞłŁœŒ]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}
