import { gzipSync } from 'node:zlib';
import { expect, type BrowserContext } from '@playwright/test';
import { FIRST_SCREEN_GRACE_MS } from '../../src/lib/after-first-screen';
import { adaAndBeaAtOwnEvent, deviceOf, test } from '../support/api-session';

/**
 * The JavaScript budgets (docs/architecture.md, 'Budgets every change keeps'), held by the suite
 * rather than only printed by a benchmark: a cold load (fresh browser, empty cache, no service
 * worker yet) of /auth, /events and /profile needs at most 100 KB of JavaScript, and of the deck
 * (/events/{id}/connect) at most 160 KB, gzipped at level 9 as tests/bench/page-scripts.ts counts.
 *
 * What a screen needs is every .js file of the app's origin the page asked for before the work
 * that waits for the first screen may start (src/lib/after-first-screen.ts: the load event and
 * FIRST_SCREEN_GRACE_MS after it); what that work loads later is not the first screen's. Counted
 * so, the figure does not depend on how quickly the machine reaches network idle. The service
 * worker's own sw.js runs in the worker and is not counted.
 */

const KB = 1024;
const FIRST_SCREEN_BUDGET = 100 * KB;
const DECK_BUDGET = 160 * KB;

/** The first screen's JavaScript, file by file, gzipped at level 9. */
async function firstScreenScripts(context: BrowserContext, path: string): Promise<Map<string, number>> {
  const page = await context.newPage();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // A body still arriving when the page closes (deferred work's, never counted) is undefined, not an error.
  const sizes = new Map<string, Promise<number | undefined>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js') || url.pathname === '/sw.js') return;
    sizes.set(
      url.pathname,
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => undefined,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const asked = await page.evaluate((graceMs) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const cutoff = navigation.loadEventEnd + graceMs;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < cutoff)
      .map((entry) => new URL(entry.name).pathname);
  }, FIRST_SCREEN_GRACE_MS);
  const needed = new Map<string, number>();
  for (const [file, size] of sizes) {
    if (!asked.includes(file)) continue;
    const bytes = await size;
    if (bytes === undefined) throw new Error(`${path}: the body of ${file} could not be read`);
    needed.set(file, bytes);
  }
  await page.close();
  return needed;
}

const total = (scripts: Map<string, number>) => [...scripts.values()].reduce((sum, size) => sum + size, 0);

/** The figure and the files, largest first, for the failure message. */
const listing = (scripts: Map<string, number>) =>
  `${(total(scripts) / KB).toFixed(1)} KB in all: ` +
  [...scripts]
    .sort(([, a], [, b]) => b - a)
    .map(([path, size]) => `${path} ${(size / KB).toFixed(1)} KB`)
    .join(', ');

test('a cold load of each first screen and of the deck stays within its JavaScript budget', async ({ browser, members }) => {
  test.setTimeout(120_000);
  const { ada, event } = await adaAndBeaAtOwnEvent(members, 'Budget');

  const anonymous = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const screens: Array<{ path: string; context: () => Promise<BrowserContext>; budget: number }> = [
    { path: '/auth', context: async () => anonymous, budget: FIRST_SCREEN_BUDGET },
    { path: '/events?tab=find', context: () => deviceOf(browser, ada), budget: FIRST_SCREEN_BUDGET },
    { path: '/profile', context: () => deviceOf(browser, ada), budget: FIRST_SCREEN_BUDGET },
    { path: `/events/${event.id}/connect`, context: () => deviceOf(browser, ada), budget: DECK_BUDGET },
  ];
  try {
    for (const screen of screens) {
      const context = await screen.context();
      try {
        const scripts = await firstScreenScripts(context, screen.path);
        expect(scripts.size, `${screen.path} loaded its JavaScript`).toBeGreaterThan(0);
        expect(total(scripts), `${screen.path}: ${listing(scripts)}`).toBeLessThanOrEqual(screen.budget);
        console.log(`${screen.path}: ${listing(scripts)}`);
      } finally {
        if (context !== anonymous) await context.close();
      }
    }
  } finally {
    await anonymous.close();
  }
});
