import { Hono } from 'hono';
import { sql } from 'kysely';
import { INTERACTION_ERRORS } from '../../contract/errors';
import { FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT, type FeedPage } from '../../contract/feed';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { pagingQuerySchema } from '../http/paging-query';
import { readQuery } from '../http/read-body';
import { readSignedIn } from '../http/signed-in-read';
import { decodeFeedCursor, feedPageOf, feedRowsSql } from '../services/feed/feed-page';

const feedQuerySchema = pagingQuerySchema(FEED_MAX_LIMIT);

/** The values of the feed's statement: the time, the page size and where the page starts. */

/** GET feed (contract/feed.ts): the member's network activity, newest first, in cursor pages. */
export function feedRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  app.get('/', async (c) => {
    const query = readQuery(c, feedQuerySchema);
    const after = query.cursor ? decodeFeedCursor(query.cursor) : null;
    if (query.cursor && !after) throw new ApiError(400, INTERACTION_ERRORS.invalidCursor, { field: 'cursor' });
    const limit = query.limit ?? FEED_DEFAULT_LIMIT;
    const now = clock();
    // In one statement with the session lookup.
    const { row } = await readSignedIn<{ entries: Parameters<typeof feedPageOf>[0] }>(deps, c, (readerId) => ({
      columns: sql`${feedRowsSql(db, readerId, after, limit, now)} as entries`,
    }));
    const page: FeedPage = feedPageOf(row.entries, limit);
    return c.json(page);
  });
  return [['/feed', app]];
}
