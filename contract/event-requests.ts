import * as v from 'valibot';
import { checkedText } from './fields';
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
