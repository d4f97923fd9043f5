import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';

/** Migration 0012: event_term_stats holds, for each lexeme, how many events contain it, whatever writes events. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function documents(...terms: string[]): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom('event_term_stats').selectAll().where('term', 'in', terms).execute();
  return Object.fromEntries(terms.map((term) => [term, rows.find((row) => row.term === term)?.documents ?? 0]));
}

describe('document frequencies of event terms', () => {
  it('count events on insert (stemmed, one per event however often the word appears), update and delete', async () => {
    const a = await insertEvent(t.db, { name: 'Zebrafish Genomics Day', description: '<p>Genomics of zebrafish, zebrafish everywhere.</p>' });
    await insertEvent(t.db, { name: 'Zebrafish Breeding', description: '<p>Tanks.</p>' });
    expect(await documents('zebrafish', 'genom', 'breed', 'tank')).toEqual({ zebrafish: 2, genom: 1, breed: 1, tank: 1 });

    await t.db.updateTable('events').set({ name: 'Axolotl Genomics Day', description: '<p>Genomics.</p>' }).where('id', '=', a.id).execute();
    expect(await documents('zebrafish', 'genom', 'axolotl')).toEqual({ zebrafish: 1, genom: 1, axolotl: 1 });

    // An update that leaves the text alone changes nothing.
    await t.db.updateTable('events').set({ updated_at: new Date() }).where('id', '=', a.id).execute();
    expect(await documents('axolotl', 'genom')).toEqual({ axolotl: 1, genom: 1 });

    await t.db.deleteFrom('events').where('id', '=', a.id).execute();
    expect(await documents('axolotl', 'genom', 'zebrafish')).toEqual({ axolotl: 0, genom: 0, zebrafish: 1 });
  });

  it('agree with a count over every event after many writes in one statement', async () => {
    await sql`insert into events (name, description, source_type, join_secret)
      select 'Bulk ' || (array['quokka', 'narwhal', 'pangolin'])[1 + i % 3], '<p>bulk event</p>', 'PARTNER', 'secret-' || i
      from generate_series(1, 300) i`.execute(t.db);
    const { rows } = await sql<{ term: string; stored: number | null; counted: number }>`
      select c.term, s.documents as stored, c.counted from (
        select term, count(*)::int as counted from (select unnest(tsvector_to_array(search_vector)) as term from events) x group by term
      ) c left join event_term_stats s using (term)
      where s.documents is distinct from c.counted`.execute(t.db);
    expect(rows).toEqual([]);
    expect(await documents('quokka', 'narwhal', 'pangolin', 'bulk')).toEqual({ quokka: 100, narwhal: 100, pangolin: 100, bulk: expect.any(Number) });
  });
});
