import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../db/database';
import { DAY, HOUR, insertCategory, insertEvent } from '../../test/helpers/events-fixtures';
import { openTestDatabase } from '../../test/helpers/test-database';
import { findEventIds, type EventFilters, type EventOrder } from './event-listing';

/**
 * Broad lists (no narrowing filter) and narrow ones take different queries (event-listing.ts);
 * both must give the same order. This file's database holds only the events made here.
 */

let database: OpenDatabase;
let category: string;
const now = new Date();
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);
const expected: Record<'all' | 'upcoming', string[]> = { all: [], upcoming: [] };
const DISCOVERY: EventOrder = { kind: 'discovery', featuredKeyword: 'Festival' };

beforeAll(async () => {
  database = await openTestDatabase();
  category = await insertCategory(database.db);
  const make = async (name: string, start: Date | null, end: Date | null = null) =>
    (await insertEvent(database.db, { name, start, end, categories: [category] })).id;
  // In the expected discovery order.
  const featured = [await make('Spring Festival', at(5 * 24)), await make('A festival without date', null)];
  const featuredSameTime = [await make('Twin Festival', at(300)), await make('Twin Festival', at(300))].sort();
  const upcoming = [await make('Under way', at(-30), at(2)), await make('Ended five hours ago', at(-8), at(-5)), await make('Tomorrow', at(24))];
  const sameTime = [await make('Same time', at(48)), await make('Same time', at(48)), await make('Same time', at(48))].sort();
  const laterUpcoming = [];
  for (let i = 0; i < 12; i++) laterUpcoming.push(await make(`Week ${i}`, at(24 * 7 * (i + 1))));
  const undated = await make('No date yet', null);
  const past = [await make('Ended seven hours ago', at(-8), at(-7)), await make('Old Festival', at(-30 * 24)), await make('Long ago', at(-300 * 24))];
  // Featured in date order (nulls last), then the rest in date order, then past most recent first.
  const featuredOrder = [featured[0]!, ...featuredSameTime, featured[1]!];
  // 'Under way' started 30 hours ago, 'Ended five hours ago' 8 hours ago: by start time.
  expected.upcoming = [...featuredOrder, upcoming[0]!, upcoming[1]!, upcoming[2]!, ...sameTime, ...laterUpcoming, undated];
  expected.all = [...expected.upcoming, ...past];
});
afterAll(() => database.close());

async function pages(filters: EventFilters, limit: number): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let page = 1; page <= 100; page++) {
    const found = await findEventIds(database.db, null, now, filters, DISCOVERY, { page, limit });
    ids.push(...found.ids);
    totals.push(found.total);
    if (found.ids.length === 0) break;
  }
  return { ids, totals };
}

describe('findEventIds', () => {
  it.each([1, 2, 3, 5, 10, 50])('gives the same order broad and narrow, page by page (limit %i)', async (limit) => {
    for (const [nonPassed, key] of [
      [true, 'upcoming'],
      [false, 'all'],
    ] as const) {
      const broad = await pages({ nonPassed }, limit);
      const narrow = await pages({ nonPassed, categories: [category] }, limit);
      expect(broad.ids, `${key} broad`).toEqual(expected[key]);
      expect(narrow.ids, `${key} narrow`).toEqual(expected[key]);
      expect(new Set([...broad.totals, ...narrow.totals])).toEqual(new Set([expected[key].length]));
    }
  });

  it('lists everything without paging, and counts past the end', async () => {
    expect((await findEventIds(database.db, null, now, {}, DISCOVERY, null)).ids).toEqual(expected.all);
    expect((await findEventIds(database.db, null, now, { categories: [category] }, DISCOVERY, null)).ids).toEqual(expected.all);
    for (const filters of [{}, { categories: [category] }]) {
      expect(await findEventIds(database.db, null, now, filters, DISCOVERY, { page: 40, limit: 10 })).toEqual({ ids: [], total: expected.all.length });
    }
  });

  it('puts nothing first without a keyword', async () => {
    const found = await findEventIds(database.db, null, now, { nonPassed: true }, { kind: 'chronological' }, null);
    expect(found.ids[0]).toBe(expected.upcoming[4]);
    expect(found.ids).toHaveLength(expected.upcoming.length);
    const later = new Date(now.getTime() + 400 * DAY);
    expect((await findEventIds(database.db, null, later, { nonPassed: true }, DISCOVERY, null)).ids).toHaveLength(2);
  });
});
