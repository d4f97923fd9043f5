import type { Context } from 'hono';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Viewer } from '../services/events/visibility';
import { activeSessionByHash, activeSessionKey, isSessionTokenShape, toActiveSession, type ActiveSessionRow } from '../services/sign-in/sessions';
import type { AppDeps, AppEnv } from './app-env';
import { acceptSession, refuseSession } from './require-user';
import { readSessionToken, sessionIdleMs } from './session-cookie';

/** A route's statement for readSignedIn: its common table expressions, if any, and the columns of its one row. */
export interface SignedInStatement {
  with?: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
}

/**
 * A signed-in read in one round trip: the session lookup of requireUser and the route's statement
 * together, for the busiest reads (the events list), where a round trip costs as much as the work.
 * The route's SQL gets the reader's id as an expression (the session's member). Without a live
 * session that expression is null, the statement reads as for nobody, and its answer is dropped
 * for the 401; a request without a well-formed cookie gets its 401 before any statement.
 */
export async function readSignedIn<R extends object>(
  deps: AppDeps,
  c: Context<AppEnv>,
  build: (readerId: Expression<string>) => SignedInStatement,
): Promise<{ viewer: Viewer; row: R }> {
  const token = readSessionToken(c);
  const now = deps.clock();
  if (!token || !isSessionTokenShape(token)) refuseSession(deps, c, token);
  const key = activeSessionKey(token, now, sessionIdleMs(deps.config));
  const readerId = sql<string>`(select user_id from session)`;
  const statement = build(readerId);
  const compiled = sql<Partial<ActiveSessionRow> & R>`
    with session as (${activeSessionByHash(deps.db, key)})${statement.with ? sql`, ${statement.with}` : sql``}
    select session.*, ${statement.columns}
    from (select 1) as one left join session on true`.compile(deps.db);
  const { rows } = await deps.db.executeQuery<Partial<ActiveSessionRow> & R>(compiled);
  const row = rows[0]!;
  const found = row.user_id ? toActiveSession(row as ActiveSessionRow, now) : null;
  const accepted = await acceptSession(deps, c, token, found, now);
  return { viewer: { userId: accepted.userId, hasProAccess: accepted.hasProAccess }, row };
}
