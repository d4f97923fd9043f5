import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { API_ERRORS, EVENT_ERRORS } from '../../contract/errors';
import { eventsQuerySchema, includeConnectionsQuerySchema } from '../../contract/event-requests';
import type { EventItem } from '../../contract/events';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { uuidParam } from '../http/path-ids';
import { readQuery } from '../http/read-body';
import { optionalUserId, requireUser, signedInViewer } from '../http/require-user';
import { readSignedIn } from '../http/signed-in-read';
import { eventPageSql, PAGE_IDS_COLUMNS, plannedPerCall, totalOf, type EventListQuery, type EventOrder } from '../services/events/event-listing';
import { eventListAnswer, toEventItem, type Presentation } from '../services/events/event-mapper';
import { eventListRows, eventListResponse, eventListStatement, loadEventItem, loadEventRows, type EventListRow } from '../services/events/event-queries';
import { joinSecretMatches } from '../services/events/membership';
import { markFeatured } from '../services/events/featured';
import { eventAccess, loadViewer, type UserRef } from '../services/events/visibility';
import { maySeeMember } from '../services/profiles/member-visibility';

const publicEventQuerySchema = v.object({
  secret: v.optional(v.pipe(v.string('Invalid secret'), v.maxLength(200, 'Invalid secret')), ''),
});

const CHRONOLOGICAL: EventOrder = { kind: 'chronological' };

/** The values of a list's statement: the time it is read at, and its page. */

/**
 * Reading events (docs/product.md sections 2 and 7): discovery, one event, the join page's summary, the
 * member's own events and another member's. Every answer goes through the visibility rule and
 * the PRO lock of services/events/visibility.ts.
 */
export function eventsDiscoveryRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock, config } = deps;
  const signedIn = requireUser(deps);

  /**
   * A list for the signed-in reader in one statement with the session. A search is planned at each
   * call for its pattern: its events then come in a second statement, whose plan is kept.
   */
  async function listForReader(c: Context<AppEnv>, list: EventListQuery & { readersOwn?: boolean }, withConnections: boolean) {
    const { filters, readersOwn = false, order, paging } = list;
    const now = clock();
    // readersOwn: the events the reader is registered at, the reader as the statement knows them.
    const filtersFor = (readerId: UserRef) => (readersOwn ? { ...filters, attendeeUserId: readerId } : filters);
    const searched = plannedPerCall(filters);
    const { viewer, row } = await readSignedIn<EventListRow & { ids: string[] }>(deps, c, (readerId) => {
      const page = eventPageSql(db, readerId, now, filtersFor(readerId), order, paging);
      return searched ? { with: page, columns: PAGE_IDS_COLUMNS } : eventListStatement(readerId, page, withConnections);
    });
    const rows = searched ? await loadEventRows(db, viewer, row.ids, { withTexts: false, withConnections }) : eventListRows(row);
    const total = await totalOf(db, viewer.userId, now, filtersFor(viewer.userId!), paging, row.total);
    return eventListAnswer(viewer, now, { rows, total }, paging, withConnections);
  }

  /**
   * Discovery: filters, search, featured events first (FEATURED_KEYWORD), then current and
   * upcoming soonest first, then past most recent first (with nonPassed=false).
   */
  app.get('/', async (c) => {
    const query = readQuery(c, eventsQuerySchema);
    const order: EventOrder = { kind: 'discovery', featuredKeyword: config.FEATURED_KEYWORD };
    const paging = { page: query.page, limit: query.limit };
    const answer = await listForReader(c, { filters: query, order, paging }, query.includeAttendeeConnections);
    return c.json(markFeatured(answer, config.FEATURED_KEYWORD));
  });

  /** Every event the member is registered at: current and upcoming soonest first, then past. */
  app.get('/my-events', async (c) => {
    const query = readQuery(c, includeConnectionsQuerySchema);
    const list = { filters: {}, readersOwn: true, order: CHRONOLOGICAL, paging: null };
    return c.json(await listForReader(c, list, query.includeAttendeeConnections));
  });

  /**
   * The join page (no sign-in needed). A signed-in reader who may see the event gets what the
   * detail page gets. Otherwise: with a valid secret (an invitation) the summary of any event;
   * without one, the summary of an event that is not a community event, or the preview of a
   * PRO-only one; anything else is 404.
   */
  app.get('/public/:id', async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const { secret } = readQuery(c, publicEventQuerySchema);
    const now = clock();
    const viewer = await loadViewer(db, await optionalUserId(deps, c), now);
    const access = await eventAccess(db, viewer, eventId);
    const invited = access.exists && joinSecretMatches(secret, access.joinSecret);
    if (!access.visible && !invited) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    let presentation: Presentation;
    if (viewer.userId && access.visible && !access.locked) presentation = 'member';
    else if (invited) presentation = 'summary';
    else presentation = access.isProOnly && !viewer.hasProAccess ? 'preview' : 'summary';
    const [row] = await loadEventRows(db, viewer, [eventId]);
    if (!row) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    const item: EventItem = toEventItem(row, viewer, now, presentation);
    return c.json(item);
  });

  /** The events another member is registered at, as far as the reader may see the member and each event. */
  app.get('/users/:userId', signedIn, async (c) => {
    const userId = uuidParam(c, 'userId', API_ERRORS.userNotFound);
    const query = readQuery(c, includeConnectionsQuerySchema);
    const now = clock();
    const viewer = signedInViewer(c);
    if (!(await maySeeMember(db, c.get('userId'), userId))) throw new ApiError(404, API_ERRORS.userNotFound);
    const list = { filters: { attendeeUserId: userId }, order: CHRONOLOGICAL, paging: null };
    return c.json(await eventListResponse(db, viewer, now, list, query.includeAttendeeConnections));
  });

  /** One event: full, or locked (previewData) for a member without PRO; 404 if hidden. */
  app.get('/:id', signedIn, async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const now = clock();
    const viewer = signedInViewer(c);
    const access = await eventAccess(db, viewer, eventId);
    if (!access.visible) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    const item = await loadEventItem(db, viewer, now, eventId);
    if (!item) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    return c.json(item);
  });

  return [['/events', app]];
}
