import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema';
import { CHECK_EVERY, CHECKED_USES, StatementTemplates } from './statement-templates';

// Compiles as the app's PostgreSQL dialects do; nothing runs.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

type Values = { member: string; now: Date; page: number };

const AT = new Date('2026-11-25T10:00:00.000Z');

/** A statement as the routes build them: values as parameters, a constant among them. */
function eventsOf({ member, now, page }: Values): CompiledQuery {
  return db
    .selectFrom('events as e')
    .select('e.id')
    .where('e.created_by_user_id', '=', member)
    .where('e.source_type', '<>', 'USER_ADDED')
    .where('e.current_until', '>=', now)
    .limit(10)
    .offset(sql<number>`(${page}::int - 1) * 10`)
    .compile();
}

function counted(build: (values: Values) => CompiledQuery) {
  const calls = { count: 0 };
  return {
    calls,
    build: (values: Values) => {
      calls.count += 1;
      return build(values);
    },
  };
}

function templates() {
  const dropped: string[] = [];
  return { templates: new StatementTemplates((shape) => dropped.push(shape)), dropped };
}

describe('StatementTemplates', () => {
  it("fills the template with each call's values: the same statement as compiling it, with far fewer compiles", () => {
    const { templates: t, dropped } = templates();
    const { calls, build } = counted(eventsOf);
    const uses = 40;
    for (let i = 0; i < uses; i++) {
      const values = { member: `member-${i}`, now: new Date(AT.getTime() + i * 1000), page: (i % 5) + 1 };
      const compiled = t.compile('events', values, build);
      const expected = eventsOf(values);
      expect(compiled.sql).toBe(expected.sql);
      expect(compiled.parameters).toEqual(expected.parameters);
    }
    // Two with stand-ins, then the checked uses; no other.
    expect(calls.count).toBe(2 + CHECKED_USES);
    expect(t.report()).toEqual({ templated: ['events'], compiledEachTime: [], dropped: 0 });
    expect(dropped).toEqual([]);
  });

  it('keeps each value in its own place when two values are equal or a value repeats', () => {
    const { templates: t } = templates();
    const twice = ({ member, now, page }: Values) =>
      sql`select ${member}::text as a, ${page}::int as b, ${member}::text as c, ${now}::timestamptz as d, ${page}::int as e`.compile(db);
    t.compile('twice', { member: 'x', now: AT, page: 1 }, twice);
    for (const values of [
      { member: 'ada', now: AT, page: 2 },
      { member: '2', now: new Date(0), page: 2 },
    ]) {
      expect(t.compile('twice', values, twice).parameters).toEqual([values.member, values.page, values.member, values.now, values.page]);
    }
  });

  it('compiles each time a statement holding a value computed in TypeScript (an offset, a hash)', () => {
    const { templates: t } = templates();
    const withOffset = ({ page }: Values) => db.selectFrom('events').select('id').offset((page - 1) * 10).compile();
    const withPrefix = ({ member }: Values) => sql`select ${`%${member}%`}::text`.compile(db);
    for (const page of [1, 2, 3]) {
      expect(t.compile('offset', { member: 'm', now: AT, page }, withOffset).parameters).toEqual([(page - 1) * 10]);
    }
    expect(t.compile('prefix', { member: 'ada', now: AT, page: 1 }, withPrefix).parameters).toEqual(['%ada%']);
    expect(t.report()).toEqual({ templated: [], compiledEachTime: ['offset', 'prefix'], dropped: 0 });
  });

  it('compiles each time a statement whose text holds a value (a literal)', () => {
    const { templates: t } = templates();
    const literal = ({ page }: Values) => sql`select * from events limit ${sql.lit(page)}`.compile(db);
    expect(t.compile('literal', { member: 'm', now: AT, page: 4 }, literal).sql).toBe('select * from events limit 4');
    expect(t.report().compiledEachTime).toEqual(['literal']);
  });

  it('drops a template whose shape turns out to depend on a value the stand-ins did not show, and answers right', () => {
    const { templates: t, dropped } = templates();
    // The first page has no offset: a branch on the value, which the stand-ins never take.
    const branching = ({ member, page }: Values) =>
      page === 1
        ? sql`select id from events where created_by_user_id = ${member} limit 10`.compile(db)
        : sql`select id from events where created_by_user_id = ${member} limit 10 offset (${page}::int - 1) * 10`.compile(db);
    const first = t.compile('branching', { member: 'm', now: AT, page: 1 }, branching);
    expect(first.sql).toBe('select id from events where created_by_user_id = $1 limit 10');
    expect(first.parameters).toEqual(['m']);
    expect(dropped).toEqual(['branching']);
    expect(t.report()).toEqual({ templated: [], compiledEachTime: ['branching'], dropped: 1 });
  });

  it('checks one use in CHECK_EVERY after the first ones, and every use when asked to', () => {
    const { templates: t } = templates();
    const { calls, build } = counted(eventsOf);
    const values = (i: number) => ({ member: `m${i}`, now: AT, page: 1 });
    for (let i = 0; i < CHECK_EVERY; i++) t.compile('events', values(i), build);
    expect(calls.count).toBe(2 + CHECKED_USES + 1);
    t.checkEveryUse();
    for (let i = 0; i < 10; i++) t.compile('events', values(i), build);
    expect(calls.count).toBe(2 + CHECKED_USES + 1 + 10);
  });

  it('refuses values that would change the text (booleans, lists) as values: they belong to the shape', () => {
    const { templates: t } = templates();
    expect(() => t.compile('flag', { flag: true } as never, () => sql`select 1`.compile(db))).toThrow(/date, number or string: flag/);
  });
});
