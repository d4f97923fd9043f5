/** What both database drivers decide alike about keeping a statement prepared. */

/** Only these are worth preparing; DDL, transaction control and SET run unnamed. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Whether a parameter is a LIKE pattern (a search). Such a statement runs unnamed, planned for its
 * values: after five runs PostgreSQL may settle on a generic plan, which cannot see how selective
 * a pattern is; on the 10,000-event set that doubled the faceted counts' time. Every other
 * statement keeps its plan, which on the events list halves the CPU time of a request.
 */
function hasPattern(parameters: readonly unknown[]): boolean {
  return parameters.some((value) => typeof value === 'string' && value.length > 1 && (value.startsWith('%') || value.endsWith('%')));
}

/** Whether to keep the statement prepared under a name (its plan reused), or run it unnamed. */
export function worthPreparing(sqlText: string, parameters: readonly unknown[]): boolean {
  return PREPARABLE.test(sqlText) && !hasPattern(parameters);
}

/** SQLSTATE of "cached plan must not change result type": a table under `select *` changed (a migration). */
export const PLAN_RESULT_CHANGED = '0A000';
