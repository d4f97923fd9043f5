import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from './pglite-dialect';

interface Counters {
  counters: { id: number; value: number };
}

describe('PGliteDialect', () => {
  let pglite: PGlite;
  let db: Kysely<Counters>;

  // One database for the file (starting PGlite takes seconds); each test starts from one counter at 0.
  beforeAll(async () => {
    pglite = new PGlite();
    db = new Kysely<Counters>({ dialect: new PGliteDialect(pglite) });
    await sql`create table counters (id int primary key, value int not null)`.execute(db);
  });

  beforeEach(async () => {
    await db.deleteFrom('counters').execute();
    await db.insertInto('counters').values({ id: 1, value: 0 }).execute();
  });

  afterAll(async () => {
    await db.destroy();
    expect(pglite.closed).toBe(true);
  });

  const value = async () => (await db.selectFrom('counters').select('value').where('id', '=', 1).executeTakeFirstOrThrow()).value;

  it('runs concurrent transactions one after the other, so a read-then-write never loses an update', async () => {
    const increment = () =>
      db.transaction().execute(async (trx) => {
        const { value: current } = await trx.selectFrom('counters').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await trx
          .updateTable('counters')
          .set({ value: current + 1 })
          .where('id', '=', 1)
          .execute();
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    expect(await value()).toBe(10);
  });

  it('rolls a failed transaction back and frees the connection for the next request', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('counters').set({ value: 99 }).where('id', '=', 1).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await value()).toBe(0);
  });

  it('reports affected rows and returned rows', async () => {
    await db.insertInto('counters').values({ id: 2, value: 5 }).execute();
    const updated = await db.updateTable('counters').set({ value: 7 }).where('value', '<', 6).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('counters').where('id', '=', 2).returning('value').execute();
    expect(deleted).toEqual([{ value: 7 }]);
  });

  it('passes a database error to the caller and keeps serving', async () => {
    await expect(db.insertInto('counters').values({ id: 1, value: 1 }).execute()).rejects.toThrow(/duplicate key/);
    expect(await value()).toBe(0);
  });
});
