import type { Context } from 'hono';
import { Hono } from 'hono';
import { API_ERRORS, EVENT_ERRORS } from '../../contract/errors';
import { CALENDAR_ERRORS, type CalendarFeedResponse } from '../../contract/calendar';
import { MEETING_CALENDAR_ERROR_CODE, MEETING_CALENDAR_ERRORS } from '../../contract/meeting-notices';
import { MEETING_ERRORS } from '../../contract/meetings';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { appOrigin } from '../http/client-info';
import { uuidParam, notWords } from '../http/path-ids';
import { requireUser, signedInViewer } from '../http/require-user';
import { calendarEventFor, upcomingCalendarEvents } from '../services/calendar/calendar-events';
import { feedOwner, feedSecretOf, rotateFeedSecret } from '../services/calendar/feed-secrets';
import { calendarText, eventAttributes, icsCalendar } from '../services/calendar/ics-files';
import { inCalendars, meetingAttributes, meetingCalendarText, notPassed, otherName } from '../services/calendar/meeting-ics';
import { meetingsOf } from '../services/meetings/meeting-json';
import { eventAccess } from '../services/events/visibility';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** RFC 6266: an ASCII name for every client, the UTF-8 one for those that read it. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A file name of letters, digits, spaces and dashes, or `fallback`. */
const fileName = (text: string, fallback: string) =>
  text
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .slice(0, 80) || fallback;

const feedUrl = (c: Context, deps: AppDeps, secret: string) => `${appOrigin(c, deps.config)}/api/calendar/${secret}.ics`;

/**
 * Taking events home (docs/product.md section 12): an event the member can see as an .ics file, an
 * accepted meeting of theirs as one (docs/product.md, 'Meetings'), and the member's calendar feed
 * of their upcoming events and meetings at a secret URL that calendar apps poll with
 * no cookie. The answers stay out of caches (the API's no-store): a calendar app asks again on its
 * own schedule, and a shared cache must never keep what a secret URL answered.
 */
export function calendarRoutes(deps: AppDeps): ApiMounts {
  const eventFiles = new Hono<AppEnv>();
  const feedLink = new Hono<AppEnv>();
  const feeds = new Hono<AppEnv>();
  const meetingFiles = new Hono<AppEnv>();
  const { db, clock, config } = deps;
  const signedIn = requireUser(deps);

  /** As GET events/{id} decides: 404 when hidden, 403 when locked to a member without PRO. */
  eventFiles.get(`/:id${notWords('public', 'users')}/calendar.ics`, signedIn, async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const userId = c.get('userId');
    const viewer = signedInViewer(c);
    const access = await eventAccess(db, viewer, eventId);
    if (!access.visible) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    if (access.locked) throw new ApiError(403, EVENT_ERRORS.upgradeToView);
    const event = await calendarEventFor(db, userId, eventId);
    if (!event) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    if (event === 'undated') throw new ApiError(404, CALENDAR_ERRORS.noDate);
    return c.body(calendarText([event], appOrigin(c, config)), 200, {
      'Content-Type': CALENDAR_TYPE,
      'Content-Disposition': attachment(`${fileName(event.name, 'event')}.ics`),
    });
  });

  /**
   * 'Add to calendar' on a meeting: only its two members (404 for anyone else, as for every meeting
   * route), and only once it was accepted (409 for a request, declined or expired: it was never in
   * a calendar). A cancelled one answers STATUS:CANCELLED, so importing it again removes the entry.
   */
  meetingFiles.get('/:id/calendar.ics', signedIn, async (c) => {
    const meetingId = uuidParam(c, 'id', MEETING_ERRORS.notFound);
    const [meeting] = await meetingsOf(db, c.get('userId'), clock(), { meetingId });
    if (!meeting) throw new ApiError(404, MEETING_ERRORS.notFound);
    if (!inCalendars(meeting)) throw new ApiError(409, MEETING_CALENDAR_ERRORS.neverAccepted, { code: MEETING_CALENDAR_ERROR_CODE });
    return c.body(meetingCalendarText(meeting, appOrigin(c, config)), 200, {
      'Content-Type': CALENDAR_TYPE,
      'Content-Disposition': attachment(`${fileName(`Meeting with ${otherName(meeting)}`, 'meeting')}.ics`),
    });
  });

  /** The feed's URL; the secret is made on the first call and stays until rotated. */
  feedLink.get('/', signedIn, async (c) => {
    const answer: CalendarFeedResponse = { url: feedUrl(c, deps, await feedSecretOf(db, c.get('userId'))) };
    return c.json(answer);
  });

  /** A new URL, for a member whose link went too far; the old one is refused from now on. */
  feedLink.post('/rotate', signedIn, async (c) => {
    const answer: CalendarFeedResponse = { url: feedUrl(c, deps, await rotateFeedSecret(db, c.get('userId'))) };
    return c.json(answer);
  });

  /**
   * The feed itself, for calendar apps: no cookie, only the secret in the path (as in the share
   * links). A wrong or rotated secret is 404, like any unknown path.
   */
  feeds.get('/:file', async (c) => {
    const file = c.req.param('file');
    const ownerId = file.endsWith('.ics') ? await feedOwner(db, file.slice(0, -'.ics'.length)) : null;
    if (!ownerId) throw new ApiError(404, API_ERRORS.notFound);
    const now = clock();
    const origin = appOrigin(c, config);
    const [events, meetings] = await Promise.all([upcomingCalendarEvents(db, ownerId, now), meetingsOf(db, ownerId, now)]);
    // The member's meetings that were accepted, also cancelled ones (the calendar then drops or strikes them).
    const entries = [
      ...events.map((event) => eventAttributes(event, origin)),
      ...meetings.filter((meeting) => inCalendars(meeting) && notPassed(meeting, now)).map((meeting) => meetingAttributes(meeting, origin)),
    ];
    return c.body(icsCalendar(entries, { calName: 'Mingle: my events' }), 200, {
      'Content-Type': CALENDAR_TYPE,
      // A secret URL: search engines must not list it should it ever be linked somewhere.
      'X-Robots-Tag': 'noindex',
    });
  });

  return [
    ['/events', eventFiles],
    ['/users/me/calendar-feed', feedLink],
    ['/calendar', feeds],
    ['/meetings', meetingFiles],
  ];
}
