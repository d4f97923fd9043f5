import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventItem, Label } from '../../contract/events';
import { insertCategory, insertEvent, insertEventType, newMember, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * Migration 0019: an event's categories and event types are kept on the event by triggers. A
 * client reading an event sees exactly what the join tables say, after any write to them or to a
 * label, in the same transaction.
 */

let t: TestContext;
let reader: Member;
beforeAll(async () => {
  t = await createTestContext();
  reader = await newMember(t);
});
afterAll(() => t.close());

async function labelsSeen(eventId: string): Promise<{ categories: string[]; eventTypes: string[] }> {
  const res = await reader.client.get(`/api/events/${eventId}`);
  expect(res.status).toBe(200);
  const data = (res.body as EventItem).eventData!;
  const labels = (list: Label[]) => list.map((label) => label.label);
  expect(data.categoryIds).toEqual(data.categories.map((label) => label.id));
  return { categories: labels(data.categories), eventTypes: labels(data.eventTypes) };
}

async function label(table: 'categories' | 'event_types', id: string): Promise<string> {
  return (await t.db.selectFrom(table).select('label').where('id', '=', id).executeTakeFirstOrThrow()).label;
}

describe("an event's labels", () => {
  it('follow inserts and deletes in the join tables, sorted by label', async () => {
    const [zeta, alpha] = [await insertCategory(t.db, 'Zeta'), await insertCategory(t.db, 'Alpha')];
    const talk = await insertEventType(t.db, 'Talk');
    const event = await insertEvent(t.db, { name: 'Labelled', categories: [zeta, alpha], eventTypes: [talk] });
    expect(await labelsSeen(event.id)).toEqual({
      categories: [await label('categories', alpha), await label('categories', zeta)],
      eventTypes: [await label('event_types', talk)],
    });

    await t.db.deleteFrom('event_categories').where('event_id', '=', event.id).where('category_id', '=', alpha).execute();
    await t.db.deleteFrom('event_event_types').where('event_id', '=', event.id).execute();
    expect(await labelsSeen(event.id)).toEqual({ categories: [await label('categories', zeta)], eventTypes: [] });

    // Moved from one category to another by an update of the join row.
    await t.db.updateTable('event_categories').set({ category_id: alpha }).where('event_id', '=', event.id).execute();
    expect(await labelsSeen(event.id)).toEqual({ categories: [await label('categories', alpha)], eventTypes: [] });
  });

  it('follow a renamed category or event type on every event that has it, and a deleted one', async () => {
    const shared = await insertCategory(t.db, 'Shared');
    const meetup = await insertEventType(t.db, 'Meetup');
    const events = [
      await insertEvent(t.db, { name: 'One', categories: [shared], eventTypes: [meetup] }),
      await insertEvent(t.db, { name: 'Two', categories: [shared] }),
    ];
    const other = await insertEvent(t.db, { name: 'Untouched', categories: [await insertCategory(t.db, 'Other')] });
    const otherBefore = await labelsSeen(other.id);

    await t.db.updateTable('categories').set({ label: 'Renamed category' }).where('id', '=', shared).execute();
    await t.db.updateTable('event_types').set({ label: 'Renamed type' }).where('id', '=', meetup).execute();
    expect(await labelsSeen(events[0]!.id)).toEqual({ categories: ['Renamed category'], eventTypes: ['Renamed type'] });
    expect(await labelsSeen(events[1]!.id)).toEqual({ categories: ['Renamed category'], eventTypes: [] });
    expect(await labelsSeen(other.id)).toEqual(otherBefore);

    await t.db.deleteFrom('categories').where('id', '=', shared).execute();
    expect(await labelsSeen(events[0]!.id)).toEqual({ categories: [], eventTypes: ['Renamed type'] });
  });

  it('agree with the join tables for every event after bulk writes in single statements', async () => {
    const categories = [await insertCategory(t.db, 'Bulk a'), await insertCategory(t.db, 'Bulk b'), await insertCategory(t.db, 'Bulk c')];
    const { rows: created } = await sql<{ id: string }>`insert into events (name, description, source_type, join_secret)
      select 'Bulk ' || i, '<p>bulk</p>', 'PARTNER', 'labels-secret-' || i from generate_series(1, 60) i returning id`.execute(t.db);
    const ids = created.map((row) => row.id);
    await sql`insert into event_categories (event_id, category_id)
      select e, c from unnest(${ids}::uuid[]) with ordinality as x(e, n), unnest(${categories}::uuid[]) with ordinality as y(c, m) where (n + m) % 2 = 0`.execute(
      t.db,
    );
    await sql`delete from event_categories where event_id = any(${ids.slice(0, 20)}::uuid[]) and category_id = ${categories[0]}`.execute(t.db);
    const { rows } = await sql<{ id: string; stored: Label[]; joined: Label[] }>`
      select e.id, e.category_labels as stored,
        coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'label', c.label) order by c.label, c.id)
          from event_categories ec join categories c on c.id = ec.category_id where ec.event_id = e.id), '[]') as joined
      from events e where e.id = any(${ids}::uuid[])`.execute(t.db);
    expect(rows).toHaveLength(60);
    expect(rows.filter((row) => row.stored.length > 0)).not.toHaveLength(0);
    for (const row of rows) expect(row.stored, row.id).toEqual(row.joined);
  });
});
