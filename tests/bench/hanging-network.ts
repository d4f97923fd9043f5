/**
 * Benchmark: the main screens with a network that hangs (target: each screen that opens offline
 * shows its content with the network hanging within 1.5x of its offline time).
 *
 * The demo member, in a phone-sized Chromium, opens every main screen once online, so the service
 * worker is in control and the device holds what each screen shows. Each screen is then opened
 * again by a page load in three conditions: online; offline (context.setOffline); and through a
 * proxy that holds every request 8 s before passing it on (tests/support/delaying-proxy.ts: venue
 * Wi-Fi that connects but hangs). The figure is the time from the navigation's start until the
 * screen's content is in the page (a MutationObserver installed before the page's scripts notes it),
 * the median of RUNS loads; a load that shows nothing within GIVE_UP_MS is reported as such. The
 * first of the hanging loads is printed too: the worker learns that the network hangs only once a
 * request has waited a second with nothing answered, so the first screen opened after the network
 * started hanging can pay that second (the deck does). The whole table is measured once without CPU
 * throttling and once with the CPU slowed 4x.
 */
import type { BrowserContext, CDPSession } from '@playwright/test';
import { startDelayingProxy, type DelayingProxy } from '../support/delaying-proxy';
import { waitForServiceWorkerControl } from '../support/pwa';
import { DECK_EVENT_ID, deckPath, openDemoSite, PHONE_VIEWPORT, signInDemoMember } from './demo-site';
import { Cleanup } from './processes';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type SummaryRow } from './report';

const RUNS = 3;
const HANG_MS = 8000;
const GIVE_UP_MS = 12_000;
/** The app writes its persisted query cache at most once a second; this lets the last write land. */
const SETTLE_MS = 2500;
const TARGET_RATIO = 1.5;
const SHOWN_MESSAGE = 'mingle-bench:content-shown';

interface Screen {
  label: string;
  path: (context: BrowserContext, origin: string) => Promise<string>;
  /** Plain JavaScript: true once the screen's content (not a spinner or a frame) is in the page. */
  shown: string;
}

const fixed = (path: string) => async () => path;

const SCREENS: Screen[] = [
  { label: '/events', path: fixed('/events?tab=find'), shown: `document.querySelector('.event-card-title') !== null` },
  { label: 'an event', path: fixed(`/events/${DECK_EVENT_ID}`), shown: `document.querySelector('.event-detail h1') !== null` },
  {
    label: 'the deck',
    path: fixed(deckPath()),
    shown: `[...document.querySelectorAll('article:not([aria-hidden="true"])')].some((card) => card.getBoundingClientRect().height > 0)`,
  },
  { label: '/connections', path: fixed('/connections'), shown: `document.querySelector('.connections-list li') !== null` },
  {
    label: 'a connection',
    path: async (context, origin) => {
      const answer = await context.request.get(`${origin}/api/users/connections`);
      const [newest] = (await answer.json()) as Array<{ id: string }>;
      if (!newest) throw new Error('the demo member has no connection to open');
      return `/connections/${newest.id}`;
    },
    shown: `document.querySelector('.connection-contact') !== null`,
  },
  { label: '/feed', path: fixed('/feed'), shown: `document.querySelector('.feed-item') !== null` },
  { label: '/profile', path: fixed('/profile'), shown: `document.querySelector('.your-events li, .your-events-empty') !== null` },
];

const watcher = (shown: string) => `(() => {
  const check = () => {
    if (window.__shownAt !== undefined) return;
    try { if (!(${shown})) return; } catch { return; }
    window.__shownAt = performance.now();
    console.debug('${SHOWN_MESSAGE}');
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`;

type Condition = 'online' | 'offline' | 'hanging';

/** One load of `path` in a new page; milliseconds from the navigation to the content, or null when it never showed. */
async function load(context: BrowserContext, url: string, screen: Screen, cpu: number): Promise<number | null> {
  const page = await context.newPage();
  try {
    const cdp: CDPSession = await context.newCDPSession(page);
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.addInitScript(watcher(screen.shown));
    const shown = page.waitForEvent('console', { predicate: (m) => m.text() === SHOWN_MESSAGE, timeout: GIVE_UP_MS });
    await page.goto(url, { waitUntil: 'commit' }).catch(() => {});
    try {
      await shown;
    } catch {
      return null;
    }
    return await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt);
  } finally {
    await page.close();
  }
}

async function measure(context: BrowserContext, proxy: DelayingProxy, url: string, screen: Screen, condition: Condition, cpu: number) {
  const samples: number[] = [];
  let failures = 0;
  for (let i = 0; i < RUNS; i++) {
    if (condition === 'offline') await context.setOffline(true);
    if (condition === 'hanging') proxy.delayMs = HANG_MS;
    try {
      const time = await load(context, url, screen, cpu);
      if (time === null) failures += 1;
      else samples.push(time);
    } finally {
      await context.setOffline(false);
      proxy.delayMs = 0;
    }
  }
  return { median: samples.length > 0 ? stats(samples).p50 : null, first: samples[0] ?? null, failures };
}

export async function runHangingNetwork(): Promise<SummaryRow[]> {
  console.log(heading(`Screens with a hanging network (every request held ${HANG_MS / 1000} s), phone-sized Chromium, median of ${RUNS}`));
  const cleanup = new Cleanup();
  try {
    const { server, browser } = await openDemoSite(cleanup);
    const proxy = await startDelayingProxy(server.origin);
    cleanup.add(() => proxy.close());
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, baseURL: proxy.origin });
    cleanup.add(() => context.close());
    await signInDemoMember(context, server);
    console.log(`server: ${server.origin} behind the proxy ${proxy.origin}; ${machineLoad()}`);

    // One online visit of each screen: the worker takes control and the device keeps what it shows.
    const urls = new Map<Screen, string>();
    for (const screen of SCREENS) {
      const url = `${proxy.origin}${await screen.path(context, proxy.origin)}`;
      urls.set(screen, url);
      const page = await context.newPage();
      // The page's CSP allows no evaluated strings: the check runs as an init script and says so on the console.
      await page.addInitScript(watcher(screen.shown));
      await page.goto(url);
      await waitForServiceWorkerControl(page);
      const shown = page.waitForEvent('console', { predicate: (m) => m.text() === SHOWN_MESSAGE, timeout: 20_000 });
      await page.reload();
      await shown;
      await page.waitForTimeout(SETTLE_MS);
      await page.close();
    }

    const summary: SummaryRow[] = [];
    for (const cpu of [1, 4]) {
      const rows: string[][] = [];
      for (const screen of SCREENS) {
        const url = urls.get(screen)!;
        const figures = {} as Record<Condition, Awaited<ReturnType<typeof measure>>>;
        for (const condition of ['online', 'offline', 'hanging'] as const) figures[condition] = await measure(context, proxy, url, screen, condition, cpu);
        const { offline, hanging } = figures;
        const met = offline.median !== null && hanging.median !== null && hanging.median <= TARGET_RATIO * offline.median;
        const cell = (f: { median: number | null; failures: number }) =>
          f.median === null ? 'not shown' : `${ms(f.median)}${f.failures > 0 ? ` (${f.failures} not shown)` : ''}`;
        rows.push([screen.label, cell(figures.online), cell(offline), cell(hanging), hanging.first === null ? '-' : ms(hanging.first), verdict(met)]);
        summary.push({
          label: `Hanging network ${screen.label}${cpu > 1 ? ` (${cpu}x CPU)` : ''}`,
          figure: `${cell(hanging)} (offline ${cell(offline)})`,
          budget: `<= ${TARGET_RATIO}x offline`,
          verdict: verdict(met),
        });
      }
      console.log(`\n${cpu > 1 ? `CPU ${cpu}x slower` : 'no CPU throttling'}:`);
      console.log(table(['screen', 'online', 'offline', 'hanging network', 'its first load', `within ${TARGET_RATIO}x offline?`], rows));
    }
    console.log(`\n  ${machineLoad()}`);
    return summary;
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runHangingNetwork);
