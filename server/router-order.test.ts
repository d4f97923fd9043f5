import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTERS, createApp } from './app';
import { insertEvent, registerAt } from './test/helpers/events-fixtures';
import { createTestContext, signUp, testConfig, type TestContext } from './test/helpers/test-app';
import { TestClient } from './test/helpers/test-client';

/**
 * The API's routers are mounted at their base paths and no two of their routes match one request,
 * so the order of API_ROUTERS decides nothing: the same requests, to the API built with the list
 * reversed, get the same answers. The requests are one or more per resource, and the paths where
 * one router's word stands in another's id (users/interactions/public beside users/:id/public,
 * users/consents/note beside users/:id/note, events/public/... beside events/:id/...).
 */

let t: TestContext;
let forward: TestClient;
let reversed: TestClient;
let memberId: string;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  forward = t.client();
  const { me } = await signUp(t, forward);
  memberId = (me as { id: string }).id;
  eventId = (await insertEvent(t.db)).id;
  await registerAt(t.db, memberId, eventId);
  const backwards = createApp({ db: t.db, mailer: t.mailer, config: testConfig(), clock: t.clock.now, apiRouters: [...API_ROUTERS].reverse() });
  reversed = t.client({}, backwards);
  // The same member on both: the session cookie is the database's, not the app's.
  for (const [name, value] of forward.jar) reversed.jar.set(name, value);
});
afterAll(() => t.close());

/** Reads, and writes that are refused before they change anything: each may be sent twice. */
const requests = (): Array<[method: string, path: string, json?: unknown]> => [
  ['GET', '/api/users/me'],
  ['GET', '/api/users/connections'],
  ['GET', `/api/users/interactions/${eventId}`],
  ['GET', '/api/users/interactions/public'],
  ['GET', '/api/users/interactions/connection'],
  ['GET', '/api/users/interactions/connection.vcf'],
  ['PUT', '/api/users/consents/note', { note: 'hello' }],
  ['PUT', `/api/users/consents/${randomUUID()}`, { isGranted: false }],
  ['GET', '/api/users/consents'],
  ['GET', '/api/users/me/calendar-feed'],
  ['GET', `/api/users/${memberId}/public`],
  ['GET', `/api/users/${memberId}/connections/count`],
  ['GET', `/api/users/${memberId}/events/count`],
  ['GET', '/api/events'],
  ['GET', '/api/events/my-events'],
  ['GET', `/api/events/${eventId}`],
  ['GET', `/api/events/${eventId}/attendees`],
  ['GET', `/api/events/${eventId}/mingle-compilation`],
  ['GET', `/api/events/public/${eventId}`],
  ['GET', `/api/events/users/${memberId}`],
  ['GET', '/api/events/public/attendees'],
  ['GET', '/api/events/public/calendar.ics'],
  ['GET', '/api/events/public/request-join-secret'],
  ['GET', '/api/events/public/mingle-compilation'],
  ['GET', '/api/events/users/attendees'],
  ['GET', '/api/events/users/calendar.ics'],
  ['GET', '/api/events/users/request-join-secret'],
  ['GET', '/api/events/users/mingle-compilation'],
  ['GET', '/api/categories'],
  ['GET', '/api/event-types'],
  ['GET', '/api/locations'],
  ['GET', '/api/feed'],
  ['GET', '/api/chat'],
  ['GET', '/api/push/settings'],
  ['GET', '/api/stripe/plans'],
  ['GET', '/api/ai-recommendations/status'],
  ['GET', `/api/organizers/${randomUUID()}`],
  ['GET', '/api/promotions/no-such-week'],
  ['GET', '/api/signup/linkedin/status'],
  ['GET', '/api/nope'],
];

describe('the API routers', () => {
  it('answer the same whatever order they are mounted in', async () => {
    for (const [method, path, json] of requests()) {
      const a = await forward.request(method, path, { json });
      const b = await reversed.request(method, path, { json });
      expect({ status: b.status, body: b.text }, `${method} ${path}`).toEqual({ status: a.status, body: a.text });
    }
  });
});
