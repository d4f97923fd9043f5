import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventListResponse } from '../../contract/events';
import type { FeedPage } from '../../contract/feed';
import { statementTemplatesOf } from '../db/statement-templates';
import { connect, givePro, insertEvent, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';

/**
 * The signed-in lists' statements (the events list, the member's own events, the contacts list,
 * the feed and the AI top 3) are compiled once per shape and reused with each request's values
 * (db/statement-templates.ts). Here every use is also compiled the usual way and compared, over
 * members, pages, page sizes and kinds of list: any difference drops the template, which the
 * report shows. What the answers hold is tested by each list's own tests, which run on templates too.
 */

const DAY = 86_400_000;

let t: TestContext;
let members: Member[];

beforeAll(async () => {
  t = await createTestContext();
  statementTemplatesOf(t.db).checkEveryUse();
  const [ada, bea, cyd] = [await newMember(t), await newMember(t), await newMember(t)];
  members = [ada!, bea!, cyd!];
  await givePro(t.db, ada!.id);
  await connect(t.db, ada!.id, bea!.id);
  const now = t.clock.now().getTime();
  // Featured (the default keyword), upcoming, under way, past, PRO-only and a community event.
  const starts = [-40, -3, -1, 0.5, 1, 2, 3, 5, 8, 13];
  for (const [index, days] of starts.entries()) {
    const name = index % 3 === 0 ? `Harbour Festival ${index}` : `Meetup ${index}`;
    const { id } = await insertEvent(t.db, { name, start: new Date(now + days * DAY), isProOnly: index === 4 });
    if (index % 2 === 0) await registerAt(t.db, bea!.id, id);
    if (index % 4 === 0) await registerAt(t.db, ada!.id, id);
  }
  await insertEvent(t.db, { name: 'Community evening', start: new Date(now + 4 * DAY), sourceType: 'USER_ADDED', createdBy: bea!.id });
});
afterAll(() => t.close());

describe('the events list, compiled once per shape', () => {
  it('answers every member, page and size as the statement compiled each time would', async () => {
    const paths: string[] = [];
    for (const nonPassed of [false, true]) {
      for (const limit of [1, 3, 10]) {
        for (const page of [1, 2, 3, 7]) {
          const connections = limit !== 3;
          paths.push(`/api/events?page=${page}&limit=${limit}&nonPassed=${nonPassed}&includeAttendeeConnections=${connections}`);
        }
      }
    }
    paths.push('/api/events/my-events', '/api/events/my-events?includeAttendeeConnections=true');
    for (const path of paths) {
      for (const member of members) {
        const res = await member.client.get(path);
        expect(res.status, path).toBe(200);
        expect((res.body as EventListResponse).events.length, path).toBeLessThanOrEqual(12);
      }
    }
    const report = statementTemplatesOf(t.db).report();
    expect(report.dropped).toBe(0);
    expect(report.compiledEachTime).toEqual([]);
    // Discovery: 2 kinds x 2 (with connections or not); the member's own events: 2.
    expect(report.templated).toHaveLength(6);
  });

  it('leaves lists with values of their own in their filters (a search, categories) compiled each time', async () => {
    const before = statementTemplatesOf(t.db).report().templated.length;
    const [ada] = members;
    for (const path of ['/api/events?search=festival', '/api/events?categories=6f1c3a52-5d43-4c55-9a52-0c2b0c9b1b11', '/api/events?page=2&search=meetup']) {
      expect((await ada!.client.get(path)).status, path).toBe(200);
    }
    expect(statementTemplatesOf(t.db).report().templated).toHaveLength(before);
  });

  it('the contacts list, the feed page by page and the AI top 3 too', async () => {
    const [ada, bea] = members;
    const shapes = () => statementTemplatesOf(t.db).report().templated.length;
    const before = shapes();
    // Bea joins events through the app: her connection Ada's feed tells of each.
    const listed = (await bea!.client.get('/api/events?page=1&limit=10&nonPassed=true')).body as EventListResponse;
    const open = listed.events.filter((event) => event.eventData && !event.eventData.isRegistered).slice(0, 3);
    expect(open.length).toBeGreaterThan(1);
    for (const event of open) expect((await bea!.client.post(`/api/events/${event.id}/join`, { goal: '' })).status).toBe(201);
    for (const member of members) expect((await member.client.get('/api/users/connections')).status).toBe(200);
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await ada!.client.get(`/api/feed?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      cursor = (res.body as FeedPage).nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThan(2);
    expect((await ada!.client.put('/api/ai-recommendations/consent', { consent: true })).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await ada!.client.get('/api/ai-recommendations/top-3')).status).toBe(200);
    const report = statementTemplatesOf(t.db).report();
    expect(report.dropped).toBe(0);
    expect(report.compiledEachTime).toEqual([]);
    // The contacts list, the feed's first page and a later one, the AI reader.
    expect(shapes() - before).toBe(4);
  });
});
