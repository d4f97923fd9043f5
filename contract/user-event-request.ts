import * as v from 'valibot';
import { checkedText } from './fields';
import { canonicalTimeZone } from './time-zones';

/**
 * The body of a community event a member adds (POST events/user-added), checked alike by the form
 * and the server. Apart from the other event requests: only this one needs the time zone names,
 * and the goal and join checks that the event screens load do without them.
 */

const isoDateTime = (message: string) =>
  v.pipe(
    v.string(message),
    v.check((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), message),
  );

export const TIME_ZONE_ERROR = 'Unknown time zone: expected an IANA name such as Europe/Stockholm';

/**
 * POST events/user-added. docs/product.md section 3 has the client send fixed imageUrl, location and
 * description; the server stores its own fixed values for those, so a member can never inject
 * HTML or a foreign image through them, and accepts what the client sends only if it is a string.
 */
export const createUserEventSchema = v.pipe(
  v.object({
    // A missing field is treated as empty, so it gets the form's text ('... is required').
    name: v.optional(v.pipe(checkedText('eventName'), v.minLength(1, 'Event name is required')), ''),
    dateTime: v.optional(isoDateTime('Event date is required'), ''),
    endDateTime: v.optional(v.nullable(isoDateTime('Invalid end date'))),
    eventUrl: v.optional(
      v.pipe(
        v.string('Event URL is required'),
        v.trim(),
        v.minLength(1, 'Event URL is required'),
        v.maxLength(500, 'Must be a valid HTTPS URL'),
        v.regex(/^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?(?:[/?#][^\s]*)?$/i, 'Must be a valid HTTPS URL'),
      ),
      '',
    ),
    // The creator's IANA time zone (the app sends Intl's), in which meeting times at the event are
    // offered and shown; without it, UTC.
    timeZone: v.optional(
      v.pipe(
        v.string(TIME_ZONE_ERROR),
        v.check((name) => canonicalTimeZone(name) !== null, TIME_ZONE_ERROR),
        v.transform((name) => canonicalTimeZone(name)!),
      ),
    ),
    imageUrl: v.optional(v.string()),
    location: v.optional(v.string()),
    description: v.optional(v.string()),
  }),
  v.forward(
    v.check((input) => !input.endDateTime || Date.parse(input.endDateTime) >= Date.parse(input.dateTime), 'End must be after the start'),
    ['endDateTime'],
  ),
);
export type CreateUserEvent = v.InferInput<typeof createUserEventSchema>;

/** docs/product.md section 5: a URL typed without the scheme gets https:// in front. */
export function withHttps(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}
