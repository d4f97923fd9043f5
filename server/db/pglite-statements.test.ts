import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteStatements } from './pglite-statements';

describe('PGliteStatements', () => {
  let pglite: PGlite;

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.exec(`create table things (id int primary key, tags text[], payload jsonb, bytes bytea, at timestamptz, flag boolean)`);
  });

  afterAll(async () => {
    await pglite.close();
  });

  it('sends parameters as node-postgres does: arrays with quotes, commas, backslashes and nulls, JSON, bytes, dates, booleans', async () => {
    const statements = new PGliteStatements(pglite);
    const tags = ['plain', 'with "quotes"', 'a,b', 'back\\slash', null, '{braces}', ''];
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const at = new Date('2026-03-04T05:06:07.089Z');
    await statements.execute('insert into things (id, tags, payload, bytes, at, flag) values ($1, $2, $3, $4, $5, $6)', [
      1,
      tags,
      { name: 'Ada', list: [1, 2] },
      bytes,
      at,
      false,
    ]);
    const { rows } = await statements.execute<{ tags: unknown; payload: unknown; bytes: Uint8Array; at: Date; flag: boolean }>(
      'select tags, payload, bytes, at, flag from things where id = $1',
      [1],
    );
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.tags).toEqual(tags);
    expect(row?.payload).toEqual({ name: 'Ada', list: [1, 2] });
    expect([...(row?.bytes ?? [])]).toEqual([0, 1, 254, 255]);
    expect(row?.at.toISOString()).toBe(at.toISOString());
    expect(row?.flag).toBe(false);
  });

  it('answers a statement run again from its prepared form, with the new parameters', async () => {
    const statements = new PGliteStatements(pglite);
    const read = 'select $1::int + 1 as next';
    expect((await statements.execute<{ next: number }>(read, [1])).rows).toEqual([{ next: 2 }]);
    expect((await statements.execute<{ next: number }>(read, [41])).rows).toEqual([{ next: 42 }]);
    expect(statements.preparedCount).toBe(1);
    const prepared = await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared.rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('reports affected rows of writes', async () => {
    const statements = new PGliteStatements(pglite);
    await statements.execute('insert into things (id) values ($1), ($2)', [10, 11]);
    const updated = await statements.execute('update things set flag = true where id >= $1', [10]);
    expect(updated.numAffectedRows).toBe(2n);
  });

  it('throws the database error with its SQLSTATE and keeps working; a statement that failed to parse is not kept', async () => {
    const statements = new PGliteStatements(pglite);
    await expect(statements.execute('insert into things (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    await expect(statements.execute('select nonsense from things', [])).rejects.toMatchObject({ code: '42703' });
    expect(statements.preparedCount).toBe(1); // the insert parsed; the bad select did not
    expect((await statements.execute<{ n: number }>('select 1 as n', [])).rows).toEqual([{ n: 1 }]);
  });

  it('prepares again a select * whose table changed since (a migration), instead of failing', async () => {
    const statements = new PGliteStatements(pglite);
    await pglite.exec('create table evolving (id int primary key); insert into evolving values (1)');
    const read = 'select * from evolving where id = $1';
    expect((await statements.execute(read, [1])).rows).toEqual([{ id: 1 }]);
    await pglite.exec(`alter table evolving add column label text not null default 'new'`);
    expect((await statements.execute(read, [1])).rows).toEqual([{ id: 1, label: 'new' }]);
  });

  it('closes the least recently used statement beyond its limit', async () => {
    const statements = new PGliteStatements(pglite, 3);
    const count = async () => (await pglite.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]?.n ?? 0;
    const before = await count();
    for (let i = 0; i < 10; i++) await statements.execute(`select ${i} as n`, []);
    expect(statements.preparedCount).toBe(3);
    // The closes of the evicted ones go out with the next statement.
    await statements.execute('select 100 as n', []);
    expect(await count()).toBe(before + 3);
  });

  it('leaves transaction control and DDL unnamed', async () => {
    const statements = new PGliteStatements(pglite);
    await statements.execute('begin', []);
    await statements.execute('create temporary table scratch (id int)', []);
    await statements.execute('rollback', []);
    expect(statements.preparedCount).toBe(0);
  });
});
