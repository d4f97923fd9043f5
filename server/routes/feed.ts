import { Hono } from 'hono';
import { INTERACTION_ERRORS } from '../../contract/errors';
import { FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT, type FeedPage } from '../../contract/feed';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { pagingQuerySchema } from '../http/paging-query';
import { readQuery } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { decodeFeedCursor, feedPage } from '../services/feed';

const feedQuerySchema = pagingQuerySchema(FEED_MAX_LIMIT);

/** GET feed (contract/feed.ts): the member's network activity, newest first, in cursor pages. */
export function feedRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;
  app.get('/feed', requireUser(deps), async (c) => {
    const query = readQuery(c, feedQuerySchema);
    const after = query.cursor ? decodeFeedCursor(query.cursor) : null;
    if (query.cursor && !after) throw new ApiError(400, INTERACTION_ERRORS.invalidCursor, { field: 'cursor' });
    const page: FeedPage = await feedPage(db, c.get('userId'), after, query.limit ?? FEED_DEFAULT_LIMIT, clock());
    return c.json(page);
  });
  return app;
}
