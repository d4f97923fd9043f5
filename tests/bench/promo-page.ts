/**
 * Benchmark: the promotional page /week/{slug} on a cold load, as a visitor from a
 * poster opens it: a fresh browser context (empty cache, no service worker yet, no session) on the
 * real server with the demo data. Prints the JavaScript it loaded (gzip-9 from the build folder, as
 * docs/architecture.md counts the first-screen budget: <= 100 KB) and the bytes of everything transferred
 * (document, scripts, styles, hero, icons: body bytes as sent, which are compressed where the
 * server compresses), until network idle; the service worker's own script is listed apart.
 * Lighthouse mobile for the page is in lighthouse.ts ('/week/{slug}').
 */
import type { Response } from '@playwright/test';
import { DEMO_PROMOTION_SLUG } from '../../server/db/seed/constants';
import { openDemoSite } from './demo-site';
import { loadPage, printScriptNotes, printScripts, totals } from './page-scripts';
import { Cleanup } from './processes';
import { heading, kb, KB, runWhenStarted, table, verdict, type SummaryRow } from './report';

const BUDGET_BYTES = 100 * KB;
const BUDGET = '<= 100 KB gzip';
const PATH = `/week/${DEMO_PROMOTION_SLUG}`;

interface Transfer {
  type: string;
  path: string;
  bytes: number;
}

/** Body bytes as sent (after content coding), from the browser's own accounting. */
async function transferOf(response: Response): Promise<Transfer> {
  const sizes = await response
    .request()
    .sizes()
    .catch(() => ({ responseBodySize: 0 }));
  const url = new URL(response.url());
  return { type: response.request().resourceType(), path: url.pathname, bytes: sizes.responseBodySize };
}

export async function runPromoPage(): Promise<SummaryRow[]> {
  console.log(heading('Promotional page, cold load (real server, Chromium)'));
  const cleanup = new Cleanup();
  try {
    const { distDir, server, browser } = await openDemoSite(cleanup);

    // (1) its JavaScript, counted like the first-screen benchmark.
    const load = await loadPage(browser, server, distDir, 'anonymous visitor', PATH, async () => {});
    printScripts(load);
    printScriptNotes(load);
    const js = totals(load.scripts);

    // (2) every byte over the wire, in a second fresh context (the first one's cache is gone with it).
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    cleanup.add(() => context.close());
    const page = await context.newPage();
    const seen: Array<Promise<Transfer>> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).origin === server.origin) seen.push(transferOf(response));
    });
    await page.goto(`${server.origin}${PATH}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const transfers = await Promise.all(seen);
    const byType = new Map<string, { count: number; bytes: number }>();
    for (const t of transfers) {
      const kind = t.path === '/sw.js' || /workbox/.test(t.path) ? 'service worker' : t.type;
      const entry = byType.get(kind) ?? { count: 0, bytes: 0 };
      byType.set(kind, { count: entry.count + 1, bytes: entry.bytes + t.bytes });
    }
    const pageBytes = transfers.filter((t) => t.path !== '/sw.js' && !/workbox/.test(t.path)).reduce((sum, t) => sum + t.bytes, 0);
    console.log('\nEverything transferred on a cold load (body bytes as sent)');
    console.log(
      table(
        ['kind', 'requests', 'sent'],
        [...byType].sort((a, b) => b[1].bytes - a[1].bytes).map(([kind, entry]) => [kind, String(entry.count), kb(entry.bytes)]),
      ),
    );
    console.log(`  page total (without the service worker's install): ${kb(pageBytes)}`);

    const met = js.gzipBytes <= BUDGET_BYTES;
    console.log(`  JavaScript: ${load.scripts.length} files, ${kb(js.gzipBytes)} gzip (budget ${BUDGET}: ${verdict(met)}), ${kb(js.sentBytes)} sent`);
    return [
      { label: `promo page JS ${PATH}`, figure: `${kb(js.gzipBytes)} gzip`, budget: BUDGET, verdict: verdict(met) },
      { label: 'promo page bytes transferred', figure: kb(pageBytes), budget: 'none', verdict: '' },
    ];
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runPromoPage);
