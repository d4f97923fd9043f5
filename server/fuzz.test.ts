import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, fillPath, routeKey, type AppRoute } from './test/helpers/app-routes';
import { createTestContext, type TestContext } from './test/helpers/test-app';
import { fuzzCases } from './test/fuzz/cases';
import { violation } from './test/fuzz/rules';
import { sendCase } from './test/fuzz/send';
import { fuzzSettings } from './test/fuzz/env';
import { BODY_METHODS, FUZZ_APP_ENV, VALID_BODIES, VALID_QUERIES } from './test/fuzz/valid-requests';
import { buildFuzzWorld, type FuzzWorld } from './test/fuzz/world';

/**
 * Malformed requests to every route the app registers: never a 5xx, every error
 * answer is JSON {error, field?, code?}, and a 400 caused by one bad field of a valid body or query
 * names that field. Seeded: a failure prints the seed and path; FUZZ_SEED, FUZZ_RUNS and FUZZ_PATH
 * rerun it (test/fuzz/env.ts). `npm run bench` runs 10,000 cases (tests/bench/fuzz.ts).
 */

// About 12 s alone, under 40 s in a loaded `npm test` on 2 cores; the benchmark runs many more.
const { seed, runs, path } = fuzzSettings(4000);

let t: TestContext;
let w: FuzzWorld;
let routes: AppRoute[];

beforeAll(async () => {
  t = await createTestContext(FUZZ_APP_ENV);
  w = await buildFuzzWorld(t);
  routes = apiRoutes(t.app);
});
afterAll(() => t.close());

describe('fuzz', () => {
  it('has a valid body for every route that takes one, and no entry for a route that is gone', () => {
    const keys = new Set(routes.map(routeKey));
    const missing = routes.filter((route) => BODY_METHODS.has(route.method) && !(routeKey(route) in VALID_BODIES)).map(routeKey);
    const stale = [...Object.keys(VALID_BODIES), ...Object.keys(VALID_QUERIES)].filter((key) => !keys.has(key));
    expect(missing, 'add these routes to VALID_BODIES in server/test/fuzz/valid-requests.ts').toEqual([]);
    expect(stale, 'these entries of server/test/fuzz/valid-requests.ts name no route').toEqual([]);
  });

  it('knows every other route that reads a body (it refuses a text body with 415)', async () => {
    const others = routes.filter((route) => !BODY_METHODS.has(route.method) && route.method !== 'GET' && !(routeKey(route) in VALID_BODIES));
    const readingBodies: string[] = [];
    for (const route of others) {
      // Unknown ids: the route runs up to reading its body, and changes nothing.
      const url = fillPath(route.path, () => randomUUID());
      const res = await w.member.client.request(route.method, url, { body: 'x', headers: { 'content-type': 'text/plain' } });
      if (res.status === 415) readingBodies.push(routeKey(route));
    }
    expect(readingBodies, 'add these routes to VALID_BODIES in server/test/fuzz/valid-requests.ts').toEqual([]);
  });

  it('never answers 5xx, and every error names its field', { timeout: 240_000 }, async () => {
    const perRoute = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fuzzCases(routes, w), async (c) => {
        perRoute.set(c.route, (perRoute.get(c.route) ?? 0) + 1);
        const res = await sendCase(w, c);
        const problem = violation(c, res);
        if (problem) throw new Error(`${c.route}: ${problem}`);
      }),
      { seed, numRuns: runs, ...(path ? { path } : {}) },
    );
    const cases = [...perRoute.values()].reduce((sum, n) => sum + n, 0);
    console.log(`fuzz: ${cases} cases over ${routes.length} routes, seed ${seed} (FUZZ_SEED, FUZZ_RUNS to change)`);
    if (!path)
      expect(
        routes.map(routeKey).filter((key) => !perRoute.has(key)),
        'routes no case reached',
      ).toEqual([]);
  });
});
