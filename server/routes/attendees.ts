import { Hono } from 'hono';
import type { DeckPage } from '../../contract/attendees';
import { EVENT_ERRORS, INTERACTION_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { pagingQuerySchema } from '../http/paging-query';
import { uuidParam, notWords } from '../http/path-ids';
import { readQuery } from '../http/read-body';
import { requireUser, signedInViewer } from '../http/require-user';
import { eventAccess } from '../services/events/visibility';
import { decodeDeckCursor, type DeckCursor } from '../services/deck/deck-cursor';
import { DECK_DEFAULT_LIMIT, DECK_MAX_LIMIT, deckPage } from '../services/deck/deck-page';

const deckQuerySchema = pagingQuerySchema(DECK_MAX_LIMIT);

/** GET events/{id}/attendees: the Meet Attendees deck, for registered attendees only. */
export function attendeesRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;

  /**
   * One page of the deck (DeckPage): other attendees with a complete profile, not yet swiped at
   * this event and not connected with the member, best first (services/deck/deck-ranking.ts);
   * nextCursor pages on. A cursor of the id-ordered deck (from an older offline cache) starts over.
   * A hidden event is 404, a visible one the member is not registered at 403.
   */
  app.get(`/:id${notWords('public', 'users')}/attendees`, requireUser(deps), async (c) => {
    const eventId = uuidParam(c, 'id', EVENT_ERRORS.eventNotFound);
    const query = readQuery(c, deckQuerySchema);
    let after: DeckCursor | null = null;
    if (query.cursor) {
      const cursor = decodeDeckCursor(query.cursor);
      if (cursor === undefined) throw new ApiError(400, INTERACTION_ERRORS.invalidCursor, { field: 'cursor' });
      if (cursor !== 'legacy') after = cursor;
    }
    const userId = c.get('userId');
    const access = await eventAccess(db, signedInViewer(c), eventId);
    if (!access.visible) throw new ApiError(404, EVENT_ERRORS.eventNotFound);
    if (!access.registered) throw new ApiError(403, EVENT_ERRORS.attendeesOnly);
    const page: DeckPage = await deckPage(db, userId, eventId, after, query.limit ?? DECK_DEFAULT_LIMIT, clock());
    return c.json(page);
  });

  return [['/events', app]];
}
