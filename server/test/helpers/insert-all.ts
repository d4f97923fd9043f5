import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Bound parameters per statement: PostgreSQL allows 65,535; this leaves room. */
const MAX_PARAMETERS = 30_000;

/** Inserts generated rows (test and benchmark data sets) in as few statements as the parameter limit allows. */
export async function insertAll<T extends keyof Database & string>(db: Kysely<Database>, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const batch = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  for (let i = 0; i < rows.length; i += batch) {
    // Kysely's insert types cannot follow a table name chosen at run time.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .execute();
  }
}
