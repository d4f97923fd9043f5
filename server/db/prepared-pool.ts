import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { PLAN_RESULT_CHANGED, worthPreparing } from './statement-kinds';

/**
 * node-postgres's pool for Kysely, with statements kept prepared per connection: Kysely sends
 * every statement unnamed, so PostgreSQL parsed and planned the events list's statements at every
 * request, and the server spent more CPU planning than the API process did answering. A named
 * statement is parsed once per connection and, after five runs, keeps a generic plan (searches
 * excepted: statement-kinds.ts). node-postgres prepares a name on a connection the first time that
 * connection runs it.
 */

/** Statement shapes named at most; the app has a few hundred. Beyond, statements run unnamed. */
const MAX_NAMED = 2000;
const names = new Map<string, string>();

function nameOf(sqlText: string): string | undefined {
  const known = names.get(sqlText);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `k${names.size.toString(36)}`;
  names.set(sqlText, name);
  return name;
}

export function preparedPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = async <R>(sqlText: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
        const values = [...parameters];
        const name = worthPreparing(sqlText, parameters) ? nameOf(sqlText) : undefined;
        if (!name) return (await client.query(sqlText, values)) as unknown as PostgresQueryResult<R>;
        try {
          return (await client.query({ name, text: sqlText, values })) as unknown as PostgresQueryResult<R>;
        } catch (error) {
          // A table under a prepared `select *` changed since (a migration): run it unnamed.
          if ((error as { code?: string }).code !== PLAN_RESULT_CHANGED) throw error;
          return (await client.query(sqlText, values)) as unknown as PostgresQueryResult<R>;
        }
      };
      return {
        query: ((sqlOrCursor: string | object, parameters?: readonly unknown[]) =>
          typeof sqlOrCursor === 'string' ? query(sqlOrCursor, parameters ?? []) : client.query(sqlOrCursor as never)) as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
