/**
 * Benchmark: JavaScript loaded for the first screen (DESIGN.md budget: <= 100 KB gzip).
 *
 * Builds the app into a temporary folder (BENCH_SKIP_BUILD=1: uses ./dist as it is), starts the
 * real server (server/main.ts) on a fresh embedded database with the demo data, and loads two pages
 * in Chromium, each in a fresh browser context (empty cache):
 *   (a) /auth, anonymously;
 *   (b) /events?tab=find, as the demo member (complete profile, consents given), signed in through
 *       the API with the code the server prints.
 * After network idle it lists the .js files the page loaded and prints their size gzipped at level
 * 9 from the build folder (how the budget is counted) and the body bytes actually sent (the server
 * sends precompressed .br/.gz). It also prints what the service worker precaches.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import { isProfileComplete } from '../../contract/profile-completeness';
import type { Me } from '../../contract/user';
import { DEMO_EMAIL } from '../../server/db/seed/constants';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { benchEnv } from './env';
import { buildApp, Cleanup, removeOnExit, root, startAppServer, type AppServer } from './processes';
import { heading, kb, KB, table, verdict, type SummaryRow } from './report';

const BUDGET_BYTES = 100 * KB;
const BUDGET = '<= 100 KB gzip';

interface LoadedScript {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** Body bytes as sent (compressed when the server sent .br/.gz); undefined when not known. */
  transferredBytes: number | undefined;
  encoding: string;
  fromServiceWorker: boolean;
}

interface PageLoad {
  label: string;
  requested: string;
  landed: string;
  scripts: LoadedScript[];
  serviceWorkerScript: LoadedScript | undefined;
}

const gzip9 = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

async function describe(response: Response, distDir: string): Promise<LoadedScript> {
  const path = decodeURIComponent(new URL(response.url()).pathname);
  const file = join(distDir, path);
  const bytes = existsSync(file) ? await readFile(file) : await response.body();
  let transferredBytes: number | undefined;
  try {
    await response.finished();
    transferredBytes = (await response.request().sizes()).responseBodySize;
  } catch {
    transferredBytes = undefined;
  }
  return {
    path,
    rawBytes: bytes.length,
    gzipBytes: gzip9(bytes),
    transferredBytes,
    encoding: response.headers()['content-encoding'] ?? 'identity',
    fromServiceWorker: response.fromServiceWorker(),
  };
}

/** Opens `path` in a fresh context (after `prepare`), waits for network idle, lists the scripts. */
async function loadPage(
  browser: Browser,
  server: AppServer,
  distDir: string,
  label: string,
  path: string,
  prepare: (context: BrowserContext) => Promise<void>,
): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    await prepare(context);
    const page = await context.newPage();
    const seen: Array<Promise<LoadedScript>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === server.origin && url.pathname.endsWith('.js')) seen.push(describe(response, distDir));
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const landedUrl = new URL(page.url());
    const all = await Promise.all(seen);
    const unique = [...new Map(all.map((script) => [script.path, script])).values()];
    return {
      label,
      requested: path,
      landed: `${landedUrl.pathname}${landedUrl.search}`,
      // The worker's own script runs in the worker, not for the screen: shown apart, not counted.
      scripts: unique.filter((script) => script.path !== '/sw.js'),
      serviceWorkerScript: unique.find((script) => script.path === '/sw.js'),
    };
  } finally {
    await context.close();
  }
}

/** Signs the demo member in through the API, from the context, so the session cookie lands there. */
async function signInDemoMember(context: BrowserContext, server: AppServer): Promise<void> {
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
  const sum = (pick: (s: LoadedScript) => number | undefined) => load.scripts.reduce((total, s) => total + (pick(s) ?? 0), 0);
  const gzipTotal = sum((s) => s.gzipBytes);
  const rows = [...load.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((s) => [
      s.path,
      String(s.rawBytes),
      String(s.gzipBytes),
      s.transferredBytes === undefined ? '?' : String(s.transferredBytes),
      s.fromServiceWorker ? `${s.encoding} (service worker)` : s.encoding,
    ]);
  rows.push(['total', String(sum((s) => s.rawBytes)), String(gzipTotal), String(sum((s) => s.transferredBytes)), '']);
  console.log(`\n${load.label}: ${load.requested}${load.landed === load.requested ? '' : ` (landed on ${load.landed})`}`);
  console.log(table(['JavaScript file', 'raw B', 'gzip-9 B', 'sent B', 'sent as'], rows, [0, 4]));
  const met = gzipTotal <= BUDGET_BYTES;
  console.log(`  ${load.scripts.length} files, ${kb(gzipTotal)} gzip (budget ${BUDGET}: ${verdict(met)}), ` +
    `${kb(sum((s) => s.transferredBytes))} sent`);
  if (load.serviceWorkerScript) {
    console.log(`  not counted: /sw.js, the service worker (${kb(load.serviceWorkerScript.gzipBytes)} gzip), runs in the worker`);
  }
  // The build precompresses files of 1 KB and more; a larger file sent as is means no .br/.gz next to it.
  const uncompressed = load.scripts.filter((s) => s.rawBytes >= 1024 && s.encoding === 'identity').length;
  if (uncompressed > 0) console.log(`  NOTE: ${uncompressed} files of 1 KB or more were sent uncompressed (a build without .br/.gz files?)`);
  if (load.landed !== load.requested) console.log(`  NOTE: the page redirected; the figures are for ${load.landed}`);
  return { label: `first-screen JS ${load.requested}`, figure: `${kb(gzipTotal)} gzip`, budget: BUDGET, verdict: verdict(met) };
}

export async function runFirstScreenJs(): Promise<SummaryRow[]> {
  console.log(heading('First-screen JavaScript (real server, Chromium)'));
  const executablePath = chromiumPath(); // before building: fail at once without a browser
  const cleanup = new Cleanup();
  try {
    const work = await mkdtemp(join(tmpdir(), 'mingle-bench-'));
    const onExit = removeOnExit(work);
    cleanup.add(async () => {
      await rm(work, { recursive: true, force: true });
      onExit.removed();
    });

    let distDir: string;
    if (benchEnv.skipBuild) {
      distDir = join(root, 'dist');
      if (!existsSync(join(distDir, 'index.html'))) throw new Error('BENCH_SKIP_BUILD=1 but dist/ is not built (npm run build)');
      const built = (await stat(join(distDir, 'index.html'))).mtime;
      console.log(`build: ./dist as it is (BENCH_SKIP_BUILD=1), built ${built.toISOString()}`);
    } else {
      distDir = join(work, 'dist');
      const took = buildApp(distDir);
      console.log(`build: vite build into a temporary folder in ${(took / 1000).toFixed(1)} s`);
    }

    const server = await startAppServer({
      DATA_DIR: join(work, 'data'),
      DIST_DIR: distDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
    });
    cleanup.add(() => server.stop());
    console.log(`server: server/main.ts at ${server.origin} (fresh embedded database, demo data)`);

    const browser = await chromium.launch({ executablePath, args: chromiumArgs });
    cleanup.add(() => browser.close());
    console.log(`browser: Chromium ${browser.version()}, a fresh context (empty cache) per page`);

    const anonymous = await loadPage(browser, server, distDir, '(a) anonymous', '/auth', async () => {});
    const member = await loadPage(browser, server, distDir, '(b) signed-in member', '/events?tab=find', (context) =>
      signInDemoMember(context, server),
    );
    const summary = [printPage(anonymous), printPage(member)];

    const precache = await precacheSize(distDir);
    console.log(`\nService worker precache (files listed in sw.js)`);
    console.log(
      `  ${precache.entries} files: ${kb(precache.rawBytes)} raw, ${kb(precache.gzipBytes)} gzip ` +
        `(of which JavaScript ${kb(precache.jsGzipBytes)} gzip); no budget in DESIGN.md`,
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runFirstScreenJs().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
