import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../contract/attendees';
import type { EventListResponse } from '../../contract/events';
import type { FeedPage } from '../../contract/feed';
import type { BatchesAnswer, RecommendationsAnswer } from '../../contract/recommendations';
import { connect, givePro, insertEvent, newMember, registerAt, type Member } from '../test/helpers/events-fixtures';
import { createTestContext, type TestContext } from '../test/helpers/test-app';
import { openTestDatabase } from '../test/helpers/test-database';

/**
 * The events list is the busiest call when doors open, and on both databases a round trip
 * cost about as much as the work (the contacts list likewise). Its answer (the session, the page, the total, each event with its
 * labels and counts, the reader's registrations, the connections who attend and the subscription)
 * comes from one statement. Counted here with a plugin that sees every statement the app runs.
 */

let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements += 1;
    return args.result;
  },
};

let t: TestContext;
let ada: Member;
let bea: Member;
let eventId: string;
let otherEventId: string;
beforeAll(async () => {
  t = await createTestContext({}, async () => {
    const database = await openTestDatabase();
    return { ...database, db: database.db.withPlugin(counter) };
  });
  ada = await newMember(t);
  bea = await newMember(t);
  await givePro(t.db, ada.id);
  await connect(t.db, ada.id, bea.id);
  eventId = (await insertEvent(t.db, { name: 'Round trip summit', start: new Date(t.clock.now().getTime() + 86_400_000) })).id;
  await registerAt(t.db, ada.id, eventId, 'Meet two founders');
  await registerAt(t.db, bea.id, eventId);
  otherEventId = (await insertEvent(t.db, { name: 'Founders breakfast', start: new Date(t.clock.now().getTime() + 2 * 86_400_000) })).id;
});
afterAll(() => t.close());

async function statementsOf<T = EventListResponse>(member: Member, path: string) {
  // The session's last use is written once a minute: a request right after sign-up does not.
  statements = 0;
  const res = await member.client.get(path);
  expect(res.status).toBe(200);
  return { count: statements, body: res.body as T };
}

describe('lists in one statement', () => {
  it('GET events: the page, the reader, their registration, PRO and the connections who attend, in one', async () => {
    const { count, body } = await statementsOf(ada, '/api/events?page=1&limit=50&includeAttendeeConnections=true');
    expect(count).toBe(1);
    const event = body.events.find((item) => item.id === eventId)!;
    expect(event.eventData).toMatchObject({ isRegistered: true, goal: 'Meet two founders', attendeeCount: 2 });
    expect(body.userSubscription).toEqual({ hasProAccess: true });
    expect(body.attendeeConnections?.[eventId]).toEqual([{ id: bea.id, firstName: bea.firstName }]);
  });

  it('GET events with a search: two, the events apart from the search planned for its pattern', async () => {
    const { count, body } = await statementsOf(ada, '/api/events?page=1&search=round%20trip&includeAttendeeConnections=true');
    expect(count).toBe(2);
    expect(body.events.map((item) => item.id)).toEqual([eventId]);
    expect(body.total).toBe(1);
    expect(body.events[0]!.eventData).toMatchObject({ isRegistered: true, attendeeCount: 2 });
    expect(body.attendeeConnections?.[eventId]).toEqual([{ id: bea.id, firstName: bea.firstName }]);
  });

  it("GET events/my-events: one statement, only the reader's events", async () => {
    const { count, body } = await statementsOf(bea, '/api/events/my-events?includeAttendeeConnections=true');
    expect(count).toBe(1);
    expect(body.events.map((item) => item.id)).toEqual([eventId]);
    expect(body.userSubscription).toEqual({ hasProAccess: false });
    expect(body.attendeeConnections?.[eventId]).toEqual([{ id: ada.id, firstName: ada.firstName }]);
  });

  it('GET users/connections: one statement with the session', async () => {
    const { count, body } = await statementsOf<Connection[]>(ada, '/api/users/connections');
    expect(count).toBe(1);
    expect(body.map((connection) => connection.id)).toEqual([bea.id]);
  });

  it('GET ai-recommendations/top-3 with a kept ranking: two, the session with the consent and the ranking, then its events', async () => {
    expect((await ada.client.put('/api/ai-recommendations/consent', { consent: true })).status).toBe(200);
    const made = await statementsOf<RecommendationsAnswer>(ada, '/api/ai-recommendations/top-3');
    expect(made.body.recommendations.map((pick) => pick.eventId)).toEqual([otherEventId]);
    const { count, body } = await statementsOf<RecommendationsAnswer>(ada, '/api/ai-recommendations/top-3');
    expect(count).toBe(2);
    expect(body.recommendations.map((pick) => pick.eventId)).toEqual([otherEventId]);
    expect(body.lastUpdated).toBe(made.body.lastUpdated);
  });

  it("PRO's batches read the kept ranking the same way: the count in one statement, a batch in two", async () => {
    const batches = await statementsOf<BatchesAnswer>(ada, '/api/ai-recommendations/batches');
    expect([batches.count, batches.body]).toEqual([1, { hasMoreBatches: false, totalRecommendations: 1 }]);
    const batch = await statementsOf<RecommendationsAnswer>(ada, '/api/ai-recommendations/pro/batch/1');
    expect(batch.count).toBe(2);
    expect(batch.body.recommendations.map((pick) => pick.eventId)).toEqual([otherEventId]);
  });

  it('GET feed: one statement with the session', async () => {
    const { count, body } = await statementsOf<FeedPage>(ada, '/api/feed');
    expect(count).toBe(1);
    expect(body.nextCursor).toBeNull();
    expect(Array.isArray(body.activities)).toBe(true);
  });
});
