/**
 * What the browser benchmarks open: the real server (server/main.ts) serving the built app on a
 * fresh embedded database with the demo data, and the demo member signed in through the API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import type { DeckPage } from '../../contract/attendees';
import { isProfileComplete } from '../../contract/profile-completeness';
import type { Me } from '../../contract/user';
import { openDatabase } from '../../server/db/database';
import { DEMO_EMAIL, DEMO_FLAGSHIP_EVENT_IDS } from '../../server/db/seed/constants';
import { seedDemoIfEmpty } from '../../server/db/seed/demo';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { builtApp } from './built-app';
import { addAttendees } from './crowded-event';
import { Cleanup, removeOnExit, startAppServer, type AppServer } from './processes';

/** The demo event under way whenever the seed runs, with many attendees; the demo member is registered. */
export const DECK_EVENT_ID = DEMO_FLAGSHIP_EVENT_IDS.summit;
export const deckPath = (eventId: string = DECK_EVENT_ID) => `/events/${eventId}/connect`;

export interface DemoSiteBrowser {
  distDir: string;
  server: AppServer;
  browser: Browser;
}

/** The built app (built now unless BENCH_SKIP_BUILD), the demo site on it, and Chromium; all stopped by `cleanup`. */
export async function openDemoSite(cleanup: Cleanup): Promise<DemoSiteBrowser> {
  const executablePath = chromiumPath(); // before building: fail at once without a browser
  const distDir = await builtApp();
  const server = await startDemoSite(cleanup, distDir);
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  cleanup.add(() => browser.close());
  return { distDir, server, browser };
}

/**
 * Starts the server on a data folder of its own (removed by `cleanup`), with the demo data and,
 * with `extraAttendees`, that many more attendees at DECK_EVENT_ID (a crowded event).
 */
export async function startDemoSite(cleanup: Cleanup, distDir: string, options: { extraAttendees?: number } = {}): Promise<AppServer> {
  const work = await mkdtemp(join(tmpdir(), 'mingle-bench-site-'));
  const onExit = removeOnExit(work);
  cleanup.add(async () => {
    await rm(work, { recursive: true, force: true });
    onExit.removed();
  });
  const dataDir = join(work, 'data');
  const extra = options.extraAttendees ?? 0;
  if (extra > 0) {
    // Written before the server opens the folder (PGlite allows one process); it then skips its seed.
    const database = await openDatabase({ dataDir });
    try {
      await seedDemoIfEmpty(database.db);
      await addAttendees(database.db, DECK_EVENT_ID, extra, new Date());
    } finally {
      await database.close();
    }
  }
  const server = await startAppServer({ DATA_DIR: dataDir, DIST_DIR: distDir, SEED_DEMO: 'true', LOG_LEVEL: 'error' });
  cleanup.add(() => server.stop());
  const crowd = extra > 0 ? ` and ${extra} more attendees at the deck's event` : '';
  console.log(`server: server/main.ts at ${server.origin} (fresh embedded database, demo data${crowd})`);
  return server;
}

/** Signs the demo member in through the API, from the context, so the session cookie lands there. */
export async function signInDemoMember(context: BrowserContext, server: AppServer): Promise<void> {
  const since = server.output().length;
  const requested = await context.request.post(`${server.origin}/api/login/pin/request`, { data: { email: DEMO_EMAIL } });
  if (requested.status() !== 200) throw new Error(`login/pin/request: ${requested.status()} ${await requested.text()}`);
  const escaped = DEMO_EMAIL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [, code] = await server.waitForOutput(new RegExp(`\\[mail\\] To: ${escaped}\\s+Sign-in code: (\\d{6})`), since);
  const verified = await context.request.post(`${server.origin}/api/login/pin/verify`, { data: { email: DEMO_EMAIL, pin: code } });
  if (verified.status() !== 200) throw new Error(`login/pin/verify: ${verified.status()} ${await verified.text()}`);
  const me = (await verified.json()) as Me;
  const consented = ['terms', 'privacy'].every((type) => me.consents.some((c) => c.type === type && !c.revokedAt));
  if (!isProfileComplete(me) || !consented) {
    throw new Error(`${DEMO_EMAIL} should have a complete profile and the required consents (demo data changed?)`);
  }
}

/** How many candidates the signed-in member's deck holds at the event (first page, up to 500). */
export async function deckSize(context: BrowserContext, server: AppServer, eventId: string = DECK_EVENT_ID): Promise<number> {
  const answer = await context.request.get(`${server.origin}/api/events/${eventId}/attendees?limit=500`);
  if (answer.status() !== 200) throw new Error(`GET the deck: ${answer.status()} ${await answer.text()} (is the demo member registered?)`);
  return ((await answer.json()) as DeckPage).attendees.length;
}

/** A phone-sized window, as the deck is used at a venue. */
export const PHONE_VIEWPORT = { width: 412, height: 915 };

export interface CrowdedDeck {
  server: AppServer;
  browser: Browser;
  /** Signed in as the demo member, who is registered at the deck's event. */
  context: BrowserContext;
  /** How many candidates the demo member's deck holds. */
  candidates: number;
}

/**
 * The browser benchmarks' set-up: the built app on a demo site whose deck event has `crowd` more
 * attendees, and Chromium in a phone-sized window signed in as the demo member.
 */
export async function openCrowdedDeck(cleanup: Cleanup, crowd: number): Promise<CrowdedDeck> {
  const distDir = await builtApp();
  const server = await startDemoSite(cleanup, distDir, { extraAttendees: crowd });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  cleanup.add(() => browser.close());
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  await signInDemoMember(context, server);
  return { server, browser, context, candidates: await deckSize(context, server) };
}
