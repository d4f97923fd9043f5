import { Hono } from 'hono';
import { connectionNoteSchema, type ConnectionNote } from '../../contract/connection-notes';
import { API_ERRORS } from '../../contract/errors';
import { ApiError } from '../http/api-error';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';
import { idempotent } from '../http/idempotency-middleware';
import { uuidParam, notWords } from '../http/path-ids';
import { readJson } from '../http/read-body';
import { requireUser } from '../http/require-user';
import { areConnected, writeConnectionNote } from '../services/connections/notes';

/** A member's private note on a connection (contract/connection-notes.ts); the outbox replays it. */
export function connectionNotesRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  const { db, clock } = deps;

  app.put(`/:id${notWords('consents')}/note`, requireUser(deps), idempotent(deps), async (c) => {
    const aboutId = uuidParam(c, 'id', API_ERRORS.userNotFound);
    const userId = c.get('userId');
    const { note } = await readJson(c, connectionNoteSchema);
    // Only on a connection: for anyone else the member does not exist, as in GET users/{id}/connection.
    if (!(await areConnected(db, userId, aboutId))) throw new ApiError(404, API_ERRORS.userNotFound);
    const answer: ConnectionNote = await writeConnectionNote(db, userId, aboutId, note, clock());
    return c.json(answer);
  });

  return [['/users', app]];
}
