import { sql, type RawBuilder } from 'kysely';

/**
 * SQL: a timestamptz column as the API writes times (JavaScript's toISOString: UTC, milliseconds,
 * 'Z'), for answers whose JSON the database builds, so no row goes through a Date on the way.
 */
export function isoTimeText(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
