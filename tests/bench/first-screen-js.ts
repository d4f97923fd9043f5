/**
 * Benchmark: JavaScript loaded for the first screen (docs/architecture.md budget: <= 100 KB gzip).
 *
 * Builds the app into a temporary folder (BENCH_SKIP_BUILD=1: uses ./dist as it is), starts the
 * real server (server/main.ts) on a fresh embedded database with the demo data, and loads three
 * pages in Chromium, each in a fresh browser context (empty cache):
 *   (a) /auth, anonymously;
 *   (b) /events?tab=find, as the demo member (complete profile, consents given), signed in through
 *       the API with the code the server prints;
 *   (c) /profile, as the demo member (a cold load of the profile keeps the same budget).
 * After network idle it lists the .js files the page loaded and prints their size gzipped at level
 * 9 from the build folder (how the budget is counted) and the body bytes actually sent (the server
 * sends precompressed .br/.gz). It also prints what the service worker precaches.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openDemoSite, signInDemoMember } from './demo-site';
import { gzip9, loadPage, printScriptNotes, printScripts, totals, type PageLoad } from './page-scripts';
import { Cleanup } from './processes';
import { heading, kb, KB, verdict, type SummaryRow, runWhenStarted } from './report';

const BUDGET_BYTES = 100 * KB;
const BUDGET = '<= 100 KB gzip';

interface Precache {
  entries: number;
  rawBytes: number;
  gzipBytes: number;
  jsGzipBytes: number;
  missing: string[];
}

/** The files listed in sw.js's precache manifest, summed from the build folder. */
async function precacheSize(distDir: string): Promise<Precache> {
  const sw = await readFile(join(distDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]!))];
  if (urls.length === 0) throw new Error('No precache manifest found in sw.js');
  const result: Precache = { entries: urls.length, rawBytes: 0, gzipBytes: 0, jsGzipBytes: 0, missing: [] };
  for (const url of urls) {
    const file = join(distDir, decodeURIComponent(url.split('?')[0]!));
    if (!existsSync(file)) {
      result.missing.push(url);
      continue;
    }
    const bytes = await readFile(file);
    const gzipped = gzip9(bytes);
    result.rawBytes += bytes.length;
    result.gzipBytes += gzipped;
    if (url.endsWith('.js')) result.jsGzipBytes += gzipped;
  }
  return result;
}

function printPage(load: PageLoad): SummaryRow {
  printScripts(load);
  const all = totals(load.scripts);
  const met = all.gzipBytes <= BUDGET_BYTES;
  console.log(`  ${load.scripts.length} files, ${kb(all.gzipBytes)} gzip (budget ${BUDGET}: ${verdict(met)}), ${kb(all.sentBytes)} sent`);
  printScriptNotes(load);
  return { label: `first-screen JS ${load.requested}`, figure: `${kb(all.gzipBytes)} gzip`, budget: BUDGET, verdict: verdict(met) };
}

export async function runFirstScreenJs(): Promise<SummaryRow[]> {
  console.log(heading('First-screen JavaScript (real server, Chromium)'));
  const cleanup = new Cleanup();
  try {
    const { distDir, server, browser } = await openDemoSite(cleanup);
    console.log(`browser: Chromium ${browser.version()}, a fresh context (empty cache) per page`);

    const anonymous = await loadPage(browser, server, distDir, '(a) anonymous', '/auth', async () => {});
    const member = await loadPage(browser, server, distDir, '(b) signed-in member', '/events?tab=find', (context) => signInDemoMember(context, server));
    const profile = await loadPage(browser, server, distDir, '(c) signed-in member', '/profile', (context) => signInDemoMember(context, server));
    const summary = [printPage(anonymous), printPage(member), printPage(profile)];

    const precache = await precacheSize(distDir);
    console.log(`\nService worker precache (files listed in sw.js)`);
    console.log(
      `  ${precache.entries} files: ${kb(precache.rawBytes)} raw, ${kb(precache.gzipBytes)} gzip ` +
        `(of which JavaScript ${kb(precache.jsGzipBytes)} gzip); no budget in docs/architecture.md`,
    );
    if (precache.missing.length > 0) console.log(`  NOTE: listed but not in the build: ${precache.missing.join(', ')}`);
    summary.push({
      label: 'service worker precache',
      figure: `${kb(precache.gzipBytes)} gzip (${precache.entries} files)`,
      budget: 'none',
      verdict: '',
    });
    return summary;
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runFirstScreenJs);
