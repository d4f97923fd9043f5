/**
 * Benchmark: Lighthouse, mobile preset with simulated throttling (its defaults: a mid-range phone,
 * slow 4G, CPU slowed 4x), median of 3 runs per route, against the production build on the real
 * server (docs/architecture.md: performance >= 97, LCP <= 2.0 s, TBT <= 100 ms, CLS <= 0.02).
 *
 * Routes: /auth and the promotional week page as a first-time visitor (signed out, cookie banner
 * not answered yet), and, as the demo member signed in with the banner answered, every main screen:
 * /events?tab=find, the deck event's detail page and its Meet page (the member is registered
 * there), /profile, /connections and their newest connection's page, /feed, /pricing and /assistant. Each run is a first visit of the page on this
 * device: Lighthouse empties the HTTP cache and removes the service worker and its caches, and the
 * persisted query cache is removed before each run; the session cookie and the banner's answer stay
 * (Lighthouse keeps cookies and localStorage so that signed-in pages can be measured).
 *
 * Chromium is started by Playwright with a persistent profile (its default browser context is the
 * one Lighthouse's tab opens in) and a DevTools port that Lighthouse connects to.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import { DEMO_PROMOTION_SLUG } from '../../server/db/seed/constants';
import { STORAGE_KEYS } from '../../src/lib/storage-keys';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { builtApp } from './built-app';
import { benchEnv } from './env';
import { DECK_EVENT_ID, deckPath, signInDemoMember, startDemoSite } from './demo-site';
import { Cleanup, type AppServer } from './processes';
import { heading, machineLoad, runWhenStarted, table, verdict, type SummaryRow } from './report';

const RUNS = 3;
const TARGET = { performance: 97, lcpMs: 2000, tbtMs: 100, cls: 0.02 };

interface Route {
  label: string;
  /** The page's path, or how to find it with the profile's session (a connection of the demo member). */
  path: string | ((context: BrowserContext, server: AppServer) => Promise<string>);
  signedIn: boolean;
}

/** The demo member's newest connection's page. */
async function aConnectionPath(context: BrowserContext, server: AppServer): Promise<string> {
  const answer = await context.request.get(`${server.origin}/api/users/connections`);
  const [newest] = (await answer.json()) as Array<{ id: string }>;
  if (!newest) throw new Error('the demo member has no connection to open');
  return `/connections/${newest.id}`;
}

const ROUTES: Route[] = [
  { label: '/auth', path: '/auth', signedIn: false },
  // The promotional page, as a visitor from a poster opens it.
  { label: '/week/{slug}', path: `/week/${DEMO_PROMOTION_SLUG}`, signedIn: false },
  { label: '/events?tab=find', path: '/events?tab=find', signedIn: true },
  { label: '/events/{id}', path: `/events/${DECK_EVENT_ID}`, signedIn: true },
  { label: '/events/{id}/connect', path: deckPath(), signedIn: true },
  { label: '/profile', path: '/profile', signedIn: true },
  { label: '/connections', path: '/connections', signedIn: true },
  { label: '/connections/{id}', path: aConnectionPath, signedIn: true },
  // The meetings at every event (the demo member has none: the screen as a first visit shows it).
  { label: '/meetings', path: '/meetings', signedIn: true },
  // The conversations (the demo member has none: the screen as a first visit shows it).
  { label: '/messages', path: '/messages', signedIn: true },
  { label: '/feed', path: '/feed', signedIn: true },
  { label: '/pricing', path: '/pricing', signedIn: true },
  { label: '/assistant', path: '/assistant', signedIn: true },
];

interface Run {
  performance: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  consoleErrors: string[];
  /** The whole report, saved with BENCH_LIGHTHOUSE_DIR. */
  report: unknown;
}

/**
 * The routes named on the command line by label (`npx tsx tests/bench/lighthouse.ts '/events/{id}'`),
 * or all of them.
 */
function routesToMeasure(): Route[] {
  const named = process.argv.slice(2).filter((arg) => ROUTES.some((route) => route.label === arg));
  return named.length > 0 ? ROUTES.filter((route) => named.includes(route.label)) : ROUTES;
}

/** A free TCP port on the loopback interface for Chromium's DevTools endpoint. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Profile {
  context: BrowserContext;
  port: number;
}

type Cookies = Parameters<BrowserContext['addCookies']>[0];

/** The demo member's session cookie, from one sign-in (codes per address are limited, profiles are many). */
async function demoSession(server: AppServer): Promise<Cookies> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext();
    await signInDemoMember(context, server);
    return await context.cookies();
  } finally {
    await browser.close();
  }
}

/** Chromium with a profile of its own and a DevTools port; with `session`, the demo member is signed in there. */
async function openProfile(cleanup: Cleanup, server: AppServer, session: Cookies | null): Promise<Profile> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'mingle-bench-lighthouse-'));
  cleanup.add(() => rm(userDataDir, { recursive: true, force: true }));
  const port = await freePort();
  // No viewport: Lighthouse's own mobile emulation must not be overridden by Playwright's.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
    viewport: null,
  });
  cleanup.add(() => context.close());
  if (session) {
    await context.addCookies(session);
    // Answered once, as a member who used the app before has.
    await withOriginPage(context, server, (key) => localStorage.setItem(key, 'all'), STORAGE_KEYS.cookieConsent);
  }
  return { context, port };
}

async function chromiumVersion(): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const version = browser.version();
  await browser.close();
  return version;
}

/** Runs `script` in a plain document of the site's origin (not the app, which would start a service worker). */
async function withOriginPage(context: BrowserContext, server: AppServer, script: (arg: string) => void, arg: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${server.origin}/healthz`);
    await page.evaluate(script, arg);
  } finally {
    await page.close();
  }
}

async function measure(profile: Profile, server: AppServer, route: Route): Promise<Run> {
  // A first visit on this device: nothing restored from an earlier run's query cache.
  await withOriginPage(profile.context, server, (key) => localStorage.removeItem(key), STORAGE_KEYS.queryCache);
  const path = typeof route.path === 'string' ? route.path : await route.path(profile.context, server);
  const result = await lighthouse(`${server.origin}${path}`, {
    port: profile.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const lcpItems = (audit('largest-contentful-paint-element')?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)
    ?.items;
  const consoleItems = (audit('errors-in-console')?.details as { items?: Array<{ description?: string }> } | undefined)?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '(none)',
    consoleErrors: consoleItems.map((item) => item.description ?? '').filter(Boolean),
    report: lhr,
  };
}

/** The run with the median performance score (Lighthouse's own advice for a representative run). */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

export async function runLighthouse(): Promise<SummaryRow[]> {
  console.log(heading(`Lighthouse, mobile, simulated throttling, median of ${RUNS} runs (real server, production build)`));
  chromiumPath(); // before building: fail at once without a browser
  const cleanup = new Cleanup();
  try {
    const distDir = await builtApp();
    const server = await startDemoSite(cleanup, distDir);
    const session = await demoSession(server);
    console.log(`browser: Chromium ${await chromiumVersion()}; ${machineLoad()}`);

    const rows: string[][] = [];
    const summary: SummaryRow[] = [];
    for (const route of routesToMeasure()) {
      // A browser profile of its own per route: one profile driven through many Lighthouse runs came
      // to fail them with NO_NAVSTART here after a dozen or so.
      const profile = await openProfile(cleanup, server, route.signedIn ? session : null);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(profile, server, route));
      await profile.context.close();
      const m = medianRun(runs);
      const met = m.performance >= TARGET.performance && m.lcpMs <= TARGET.lcpMs && m.tbtMs <= TARGET.tbtMs && m.cls <= TARGET.cls;
      rows.push([
        route.label,
        String(m.performance),
        seconds(m.lcpMs),
        `${m.tbtMs.toFixed(0)} ms`,
        m.cls.toFixed(3),
        seconds(m.fcpMs),
        String(m.bestPractices),
        runs.map((run) => run.performance).join(' '),
        verdict(met),
      ]);
      console.log(`  ${route.label}: LCP element ${m.lcpElement.slice(0, 110)}`);
      if (benchEnv.lighthouseDir) {
        const file = join(benchEnv.lighthouseDir, `${route.label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`);
        await mkdir(benchEnv.lighthouseDir, { recursive: true });
        await writeFile(file, JSON.stringify(m.report));
        console.log(`  ${route.label}: report of the median run in ${file}`);
      }
      for (const error of m.consoleErrors) console.log(`  ${route.label}: console error: ${error.slice(0, 160)}`);
      summary.push({
        label: `Lighthouse ${route.label}`,
        figure: `performance ${m.performance}, LCP ${seconds(m.lcpMs)}, TBT ${m.tbtMs.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}`,
        budget: '>= 97, <= 2.0 s, <= 100 ms, <= 0.02',
        verdict: verdict(met),
      });
    }
    console.log('');
    console.log(table(['route', 'performance', 'LCP', 'TBT', 'CLS', 'FCP', 'best practices', 'runs (perf.)', 'target met?'], rows));
    console.log(`\n  target: performance >= ${TARGET.performance}, LCP <= 2.0 s, TBT <= ${TARGET.tbtMs} ms, CLS <= ${TARGET.cls}; ${machineLoad()}`);
    return summary;
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runLighthouse);
