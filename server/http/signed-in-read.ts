import type { Context } from 'hono';
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Viewer } from '../services/events/visibility';
import { statementTemplatesOf, type TemplateValues } from '../db/statement-templates';
import { activeSessionByHash, activeSessionKey, isSessionTokenShape, toActiveSession, type ActiveSessionKey, type ActiveSessionRow } from '../services/sign-in/sessions';
import type { AppDeps, AppEnv } from './app-env';
import { acceptSession, refuseSession } from './require-user';
import { readSessionToken, sessionIdleMs } from './session-cookie';

/** A route's statement for readSignedIn: its common table expressions, if any, and the columns of its one row. */
export interface SignedInStatement {
  with?: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
}

/** A route's statement kept as a template (db/statement-templates.ts): its shape, and its values. */
export interface ReusedShape<V extends TemplateValues> {
  /**
   * Everything the route's SQL text depends on besides `values`, from a small fixed set (never a
   * request's text: each shape's template is kept for the process's life); null: compile it each time.
   */
  shape: string | null;
  values: V;
}

/**
 * A signed-in read in one round trip: the session lookup of requireUser and the route's statement
 * together, for the busiest reads (the events list), where a round trip costs as much as the work.
 * The route's SQL gets the reader's id as an expression (the session's member). Without a live
 * session that expression is null, the statement reads as for nobody, and its answer is dropped
 * for the 401; a request without a well-formed cookie gets its 401 before any statement.
 *
 * With `reuse`, the statement is compiled once per shape: `build` then takes its values from its
 * second argument, never from its closure, where only what the shape names may vary.
 */
export async function readSignedIn<R extends object, V extends TemplateValues = Record<never, never>>(
  deps: AppDeps,
  c: Context<AppEnv>,
  build: (readerId: Expression<string>, values: V) => SignedInStatement,
  reuse?: ReusedShape<V>,
): Promise<{ viewer: Viewer; row: R }> {
  const token = readSessionToken(c);
  const now = deps.clock();
  if (!token || !isSessionTokenShape(token)) refuseSession(deps, c, token);
  const key = activeSessionKey(token, now, sessionIdleMs(deps.config));
  const readerId = sql<string>`(select user_id from session)`;
  const statementOf = ({ idHash, seenAfter, ...values }: ActiveSessionKey & V) => {
    const statement = build(readerId, values as unknown as V);
    return sql<Partial<ActiveSessionRow> & R>`
    with session as (${activeSessionByHash(deps.db, { idHash, seenAfter })})${statement.with ? sql`, ${statement.with}` : sql``}
    select session.*, ${statement.columns}
    from (select 1) as one left join session on true`;
  };
  const values = { ...(reuse?.values as V), ...key };
  const compiled = reuse?.shape
    ? statementTemplatesOf(deps.db).compile(`signed-in read: ${reuse.shape}`, values, (v) => statementOf(v).compile(deps.db))
    : statementOf(values).compile(deps.db);
  const { rows } = await deps.db.executeQuery<Partial<ActiveSessionRow> & R>(compiled);
  const row = rows[0]!;
  const found = row.user_id ? toActiveSession(row as ActiveSessionRow, now) : null;
  const accepted = await acceptSession(deps, c, token, found, now);
  return { viewer: { userId: accepted.userId, hasProAccess: accepted.hasProAccess }, row };
}
