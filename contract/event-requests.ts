import * as v from 'valibot';
import { checkedText } from './fields';
import { canonicalTimeZone } from './time-zones';
import { MAX_PAGE_SIZE, DISCOVERY_PAGE_SIZE } from './events';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A comma list of ids in a query string ("a,b,c"); empty entries are ignored. */
const idList = (message: string) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) =>
      s
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
    v.check((ids) => ids.length <= 50 && ids.every((id) => uuid.test(id)), message),
  );

const flag = v.pipe(
  v.optional(v.picklist(['true', 'false', '1', '0', ''], 'Invalid flag'), ''),
  v.transform((s) => s === 'true' || s === '1'),
);

/** An invalid or missing page becomes 1 (docs/product.md section 2). */
const page = v.pipe(
  v.optional(v.string(), '1'),
  v.transform((s) => {
    const n = /^\d{1,6}$/.test(s.trim()) ? Number(s) : 1;
    return n >= 1 ? n : 1;
  }),
);

const limit = v.pipe(
  v.optional(v.string(), String(DISCOVERY_PAGE_SIZE)),
  v.regex(/^\d{1,3}$/, 'Invalid limit'),
  v.transform(Number),
  v.minValue(1, 'Invalid limit'),
  v.maxValue(MAX_PAGE_SIZE, 'Invalid limit'),
);

/**
 * The filters of discovery, one per query parameter: comma lists of ids (any of them matches) and
 * the search text (every word must match). GET events takes them all; the facet counts take the
 * other groups' (contract/facet-requests.ts).
 */
export const eventFilterParams = {
  categories: idList('Invalid categories'),
  eventTypeIds: idList('Invalid eventTypeIds'),
  locationIds: idList('Invalid locationIds'),
  search: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(200, 'Search too long')),
};

/** GET events query. Invalid ids or flags answer 400 naming the parameter; invalid page is 1. */
export const eventsQuerySchema = v.object({
  nonPassed: flag,
  ...eventFilterParams,
  page,
  limit,
  includeAttendeeConnections: flag,
});
export type EventsQuery = v.InferOutput<typeof eventsQuerySchema>;

export const includeConnectionsQuerySchema = v.object({ includeAttendeeConnections: flag });

/** The goal is optional, visible to all attendees, at most 500 characters and content-checked. */
export const goalSchema = v.optional(checkedText('goal'), '');

/**
 * POST events/{id}/join. A valid secret is an invitation: it admits the member to an event they
 * could not otherwise see. Without one ('' or absent) only an event the member can already see in
 * full can be joined (the detail page's 'Register Now').
 */
export const joinEventSchema = v.object({
  secret: v.optional(v.pipe(v.string('Invalid secret'), v.maxLength(200, 'Invalid secret')), ''),
  goal: goalSchema,
});
export type JoinEvent = v.InferInput<typeof joinEventSchema>;

export const updateGoalSchema = v.object({ goal: goalSchema });
export type UpdateGoal = v.InferInput<typeof updateGoalSchema>;

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
