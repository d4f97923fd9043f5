/**
 * Benchmark: offline start of the swipe deck (target: <= 1 s from navigation to an
 * interactive deck with no network and the CPU slowed 4x).
 *
 * The demo member opens the Meet Attendees page of a crowded event once online (the service worker
 * takes control, the app and the worker keep what the deck needs), then closes it. Each run then
 * reopens the app as from the home screen with the network off (context.setOffline) and the CPU
 * slowed 4x (Emulation.setCPUThrottlingRate): a new page in the same browser profile, the service
 * worker stopped first as the system would after a while, and a navigation to the Meet page. The
 * page records (performance.now(), from the navigation's start) when the deck is interactive: the
 * top card shown and its 'Connect' button enabled. A run that gets no deck within GIVE_UP_MS is
 * reported as 'deck not shown offline' with what the page shows instead.
 *
 * A second series repeats the starts with swipes waiting: the member swiped three cards with the
 * network off, closed the app and opens it again (queued-swipes.ts). The outbox's summary then
 * does not say empty, so the deck hides the swiped cards by the copy of the event's records kept in
 * localStorage (src/offline/event-records-copy.ts) and the outbox opens after it; each run also
 * checks that none of the swiped cards shows (at the deck's first interactive moment and once the
 * outbox is open), and the server is asked at the end whether any of them got through.
 *
 * The page tells the benchmark through a console message, not by being polled: polling would
 * install Playwright's helper script in the page while it starts, on the main thread being
 * measured. Once the deck is there, the phases are read from the Performance timeline: the
 * navigation's answer, the entry script's arrival, the app's marks (mingle:shell-evaluated,
 * mingle:cache-restored, mingle:outbox-open; see src/app/main.tsx and src/app/outbox/outbox-modules.ts)
 * and how many files of code the page loaded before the deck.
 */
import type { BrowserContext, CDPSession } from '@playwright/test';
import { waitForServiceWorkerControl } from '../support/pwa';
import { DECK_EVENT_ID, deckPath, openCrowdedDeck, PHONE_VIEWPORT } from './demo-site';
import { Cleanup } from './processes';
import { CARD_NAMES, outboxSummaries, queuedCardShown, queueSwipesOffline, sentToServer, type QueuedSwipes } from './queued-swipes';
import { heading, machineLoad, ms, stats, table, verdict, type SummaryRow, runWhenStarted } from './report';

const RUNS = 5;
const CPU_SLOWDOWN = 4;
const CROWD = 300;
const BUDGET_MS = 1000;
const BUDGET = '<= 1 s (median)';
const GIVE_UP_MS = 15_000;
/** The app writes its persisted query cache at most once a second; this lets the last write land. */
const SETTLE_MS = 2500;
/** How long after the deck the outbox's opening is waited for (it loads after the cards when it holds nothing). */
const OUTBOX_WAIT_MS = 5000;
const INTERACTIVE_MESSAGE = 'mingle-bench:deck-interactive';

/**
 * Installed before the page's own scripts: notes when the deck first becomes interactive. Plain
 * JavaScript text, as tsx would add helpers to a function that the page lacks.
 */
const WATCHER = `(() => {
  const interactive = () => {
    const card = document.querySelector('article:not([aria-hidden="true"])');
    // The deck's button reads 'Connect' (named 'Connect with {first name}'); the 'Connections' tab is not it.
    const connect = [...document.querySelectorAll('button')].find(
      (b) => (b.getAttribute('aria-label') || '').startsWith('Connect with ') || (b.textContent || '').trim() === 'Connect',
    );
    return card !== null && card.getBoundingClientRect().height > 0 && connect !== undefined && !connect.disabled;
  };
  const observer = new MutationObserver(() => {
    if (window.__deckInteractiveAt === undefined && interactive()) {
      window.__deckInteractiveAt = performance.now();
      observer.disconnect();
      window.__deckCardsAtInteractive = (${CARD_NAMES})();
      console.debug('${INTERACTIVE_MESSAGE}');
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'aria-hidden'] });
})()`;

declare global {
  interface Window {
    __deckInteractiveAt?: number;
    __deckCardsAtInteractive?: string[];
  }
}

/** Milliseconds from the navigation's start; undefined when the page has no such entry. */
interface Phases {
  /** The page's HTML answered (by the service worker, from its precache). */
  answered: number;
  /** The entry script (index.html's module script) arrived. */
  shellFetched: number | undefined;
  /** The shell's modules ran (mingle:shell-evaluated). */
  shellEvaluated: number | undefined;
  /** The persisted query cache was restored and the first render starts (mingle:cache-restored). */
  cacheRestored: number | undefined;
  /** The outbox's database was open (mingle:outbox-open), often after the deck. */
  outboxOpen: number | undefined;
  /** JavaScript and CSS files the page had loaded when the deck became interactive. */
  codeFiles: number;
  /** The cards' names (top first) when the deck became interactive, and once the outbox was open. */
  cardsAtInteractive: string[];
  cardsLater: string[];
}

type Run = ({ ms: number } & Phases) | { failure: string };

async function stopServiceWorkers(cdp: CDPSession): Promise<boolean> {
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    return true;
  } catch {
    return false;
  }
}

/** Read in the page once the deck is interactive (plain JavaScript text, as for WATCHER). */
const READ_PHASES = `(async () => {
  const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime;
  const deadline = performance.now() + ${OUTBOX_WAIT_MS};
  while (mark('mingle:outbox-open') === undefined && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // The cards behind the top one follow it a render later.
  while (document.querySelectorAll('article[aria-hidden="true"]').length === 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const interactive = window.__deckInteractiveAt;
  const entry = document.querySelector('script[type="module"][src]')?.src;
  const resources = performance.getEntriesByType('resource');
  return {
    interactive,
    answered: performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0,
    shellFetched: resources.find((r) => r.name === entry)?.responseEnd,
    shellEvaluated: mark('mingle:shell-evaluated'),
    cacheRestored: mark('mingle:cache-restored'),
    outboxOpen: mark('mingle:outbox-open'),
    codeFiles: resources.filter((r) => /\\.(?:js|css)$/.test(new URL(r.name).pathname) && r.responseEnd <= interactive).length,
    cardsAtInteractive: window.__deckCardsAtInteractive ?? [],
    cardsLater: (${CARD_NAMES})(),
  };
})()`;

/** One offline start in a new page of the warm profile. */
async function offlineStart(context: BrowserContext, url: string): Promise<Run & { workerStopped: boolean }> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    const workerStopped = await stopServiceWorkers(cdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(WATCHER);
    const interactive = page.waitForEvent('console', { predicate: (m) => m.text() === INTERACTIVE_MESSAGE, timeout: GIVE_UP_MS });
    // Not left unhandled when the navigation fails first.
    interactive.catch(() => {});
    try {
      await page.goto(url, { waitUntil: 'commit', timeout: GIVE_UP_MS });
    } catch (error) {
      return { failure: `the page did not load (${(error as Error).message.split('\n')[0]})`, workerStopped };
    }
    const shown = await interactive.then(() => true).catch(() => false);
    if (!shown) {
      const text = await page.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, 160);
      return { failure: `no interactive deck within ${GIVE_UP_MS / 1000} s; the page shows: '${excerpt || '(nothing)'}'`, workerStopped };
    }
    const phases = (await page.evaluate(READ_PHASES)) as Phases & { interactive: number };
    return { ms: phases.interactive, ...phases, workerStopped };
  } finally {
    await page.close();
  }
}

const at = (value: number | undefined) => (value === undefined ? '-' : ms(value));

type Shown = { ms: number } & Phases;

/** One series of offline starts, and how it is reported. */
interface Series {
  /** Its line in the summary. */
  label: string;
  /** What the starts have waiting, after 'N offline starts at 4x CPU'. */
  waiting: string;
  /** What the phase table says of the outbox's opening. */
  outboxNote: string;
  /** Why a run's deck breaks a rule, or null. */
  violation: (run: Shown) => string | null;
}

function print(runs: Run[], workerStopped: boolean, series: Series): SummaryRow[] {
  console.log(
    `\n${RUNS} offline starts at ${CPU_SLOWDOWN}x CPU${series.waiting}, each a new page with the service worker ` +
      `${workerStopped ? 'stopped first' : 'left running (it could not be stopped)'}:`,
  );
  let violations = 0;
  for (const [i, run] of runs.entries()) {
    if ('failure' in run) {
      console.log(`  run ${i + 1}: deck not shown offline: ${run.failure}`);
      continue;
    }
    const violation = series.violation(run);
    if (violation) violations++;
    console.log(`  run ${i + 1}: interactive deck at ${ms(run.ms)} ms${violation ? `; !!! A QUEUED SWIPE'S CARD SHOWS: ${violation}` : ''}`);
  }
  const shown = runs.flatMap((run) => ('failure' in run ? [] : [run]));
  if (shown.length > 0) printPhases(shown, series.outboxNote);
  if (violations > 0) {
    console.log(`  !!! ${violations} of ${runs.length} runs showed a card whose swipe is queued: the deck must hide queued swipes`);
  }
  const times = shown.map((run) => run.ms);
  const broken = violations > 0 ? `; a queued card shown in ${violations} run(s)` : '';
  if (times.length < runs.length) {
    console.log(`  target ${BUDGET}: NOT met (deck not shown offline in ${runs.length - times.length} of ${runs.length} runs)`);
    return [{ label: series.label, figure: `deck not shown offline${broken}`, budget: BUDGET, verdict: verdict(false) }];
  }
  const s = stats(times);
  const met = s.p50 <= BUDGET_MS && violations === 0;
  console.log(`  median ${ms(s.p50)} ms, best ${ms(s.min)} ms, worst ${ms(s.max)} ms; target ${BUDGET}: ${verdict(met)}`);
  return [
    {
      label: series.label,
      figure: `${ms(s.p50)} ms median (${ms(s.min)}-${ms(s.max)})${broken}`,
      budget: BUDGET,
      verdict: verdict(met),
    },
  ];
}

/** The phases of each run and their medians, in ms from the navigation's start. */
function printPhases(runs: Shown[], outboxNote: string): void {
  const median = (values: Array<number | undefined>) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length === 0 ? undefined : stats(known).p50;
  };
  const columns: Array<[string, (run: Shown) => number | undefined]> = [
    ['HTML', (run) => run.answered],
    ['shell script', (run) => run.shellFetched],
    ['shell run', (run) => run.shellEvaluated],
    ['cache restored', (run) => run.cacheRestored],
    ['deck', (run) => run.ms],
    ['outbox open', (run) => run.outboxOpen],
  ];
  const rows = runs.map((run, i) => [`run ${i + 1}`, ...columns.map(([, value]) => at(value(run))), String(run.codeFiles)]);
  rows.push(['median', ...columns.map(([, value]) => at(median(runs.map(value)))), String(median(runs.map((run) => run.codeFiles)) ?? '-')]);
  console.log(`  phases, ms from the navigation's start (${outboxNote}):`);
  console.log(table(['', ...columns.map(([name]) => name), 'code files'], rows));
}

async function runSeries(context: BrowserContext, url: string, series: Series): Promise<SummaryRow[]> {
  const runs: Array<Run & { workerStopped: boolean }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await offlineStart(context, url));
  const rows = print(
    runs,
    runs.every((run) => run.workerStopped),
    series,
  );
  console.log(`  ${machineLoad()} after the runs`);
  return rows;
}

const EMPTY_OUTBOX: Series = {
  label: `offline start of the deck, ${CPU_SLOWDOWN}x CPU`,
  waiting: '',
  outboxNote: 'outbox open: after the deck when its summary says it is empty',
  violation: () => null,
};

function swipesWaiting(queued: QueuedSwipes): Series {
  const count = queued.names.length;
  return {
    label: `offline start of the deck with ${count} swipes waiting, ${CPU_SLOWDOWN}x CPU`,
    waiting: ` with ${count} swipes waiting in the outbox`,
    outboxNote: `its summary says ${count}; the deck hides their cards by the records' copy, and the outbox opens after it`,
    // Checked when the deck first became interactive and again once the outbox was open.
    violation: (run) => queuedCardShown(run.cardsAtInteractive, queued, { behindMayFollow: true }) ?? queuedCardShown(run.cardsLater, queued),
  };
}

export async function runOfflineStart(): Promise<SummaryRow[]> {
  console.log(heading(`Offline start of the swipe deck (Chromium, no network, ${CPU_SLOWDOWN}x CPU slowdown)`));
  const cleanup = new Cleanup();
  try {
    const { server, browser, context, candidates } = await openCrowdedDeck(cleanup, CROWD);
    const url = `${server.origin}${deckPath()}`;

    // Online once: the worker takes control and the deck's data, photos and screens are kept.
    const warm = await context.newPage();
    await warm.goto(url);
    await warm.getByRole('article').waitFor({ state: 'visible', timeout: 30_000 });
    // A returning member has answered the cookie banner on an earlier visit.
    const banner = warm.getByRole('region', { name: 'Cookie consent' });
    if (await banner.isVisible()) await banner.getByRole('button', { name: 'Got it' }).click();
    await waitForServiceWorkerControl(warm);
    await warm.waitForLoadState('networkidle');
    await warm.waitForTimeout(SETTLE_MS);
    const summary = await outboxSummaries(warm);
    await warm.close();
    console.log(
      `browser: Chromium ${browser.version()}, ${PHONE_VIEWPORT.width}x${PHONE_VIEWPORT.height} window; the Meet page visited online once ` +
        `(${candidates} candidates in the deck; ${summary.length > 0 ? `the outbox summary says ${summary.join(', ')} record(s) waiting` : 'no outbox summary'}); ` +
        machineLoad(),
    );

    await context.setOffline(true);
    const rows = await runSeries(context, url, EMPTY_OUTBOX);

    // The network stays off from here on, so the swipes stay queued through every start.
    const queued = await queueSwipesOffline(context, url, SETTLE_MS);
    const swipes = queued.names.map((name, i) => `${queued.directions[i]} at ${name}`).join(', ');
    console.log(
      `\nqueued offline with the arrow keys (no CPU slowdown): ${queued.names.length} swipes (${swipes}), ` +
        `state ${queued.states.join(', ')}; the outbox summary says ${queued.summary.join(', ') || 'nothing'}; ` +
        `the copy of the event's records holds ${queued.copied}; ` +
        `the deck then showed ${queued.cardsAfter.join(', ')} (top first), which every start below must show`,
    );
    rows.push(...(await runSeries(context, url, swipesWaiting(queued))));
    const sent = await sentToServer(context, server, DECK_EVENT_ID, queued);
    console.log(
      sent === 0
        ? `  the server has none of the ${queued.names.length} swipes: they stayed queued through the runs`
        : `  !!! the server has ${sent} of the ${queued.names.length} swipes: they were sent, so some runs measured less than queued work`,
    );
    return rows;
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runOfflineStart);
