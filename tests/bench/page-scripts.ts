/**
 * The JavaScript a page loads, as the JS budgets count it: every `.js` file of the app's origin the
 * page loaded until network idle, sized gzipped at level 9 from the build folder (what the budget
 * counts), next to the body bytes actually sent (the server sends precompressed .br/.gz). The
 * service worker's own sw.js runs in the worker, not for the screen: shown apart, never counted.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Response } from '@playwright/test';
import type { AppServer } from './processes';
import { kb, table } from './report';

export interface LoadedScript {
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** Body bytes as sent (compressed when the server sent .br/.gz); undefined when not known. */
  transferredBytes: number | undefined;
  encoding: string;
  fromServiceWorker: boolean;
}

export interface PageLoad {
  label: string;
  requested: string;
  landed: string;
  scripts: LoadedScript[];
  serviceWorkerScript: LoadedScript | undefined;
}

export const gzip9 = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

async function describeScript(response: Response, distDir: string): Promise<LoadedScript> {
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
export async function loadPage(
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
      if (url.origin === server.origin && url.pathname.endsWith('.js')) seen.push(describeScript(response, distDir));
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
    const landedUrl = new URL(page.url());
    const all = await Promise.all(seen);
    const unique = [...new Map(all.map((script) => [script.path, script])).values()];
    return {
      label,
      requested: path,
      landed: `${landedUrl.pathname}${landedUrl.search}`,
      scripts: unique.filter((script) => script.path !== '/sw.js'),
      serviceWorkerScript: unique.find((script) => script.path === '/sw.js'),
    };
  } finally {
    await context.close();
  }
}

export interface ScriptTotals {
  rawBytes: number;
  gzipBytes: number;
  sentBytes: number;
}

export function totals(scripts: readonly LoadedScript[]): ScriptTotals {
  const sum = (pick: (s: LoadedScript) => number | undefined) => scripts.reduce((total, s) => total + (pick(s) ?? 0), 0);
  return { rawBytes: sum((s) => s.rawBytes), gzipBytes: sum((s) => s.gzipBytes), sentBytes: sum((s) => s.transferredBytes) };
}

/**
 * Prints the page's scripts, largest first, with their totals; `partOf` adds a column naming the
 * part of the app a file belongs to (for example the shell).
 */
export function printScripts(load: PageLoad, partOf?: (script: LoadedScript) => string): void {
  const rows = [...load.scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((s) => [
      s.path,
      ...(partOf ? [partOf(s)] : []),
      String(s.rawBytes),
      String(s.gzipBytes),
      s.transferredBytes === undefined ? '?' : String(s.transferredBytes),
      s.fromServiceWorker ? `${s.encoding} (service worker)` : s.encoding,
    ]);
  const all = totals(load.scripts);
  rows.push(['total', ...(partOf ? [''] : []), String(all.rawBytes), String(all.gzipBytes), String(all.sentBytes), '']);
  console.log(`\n${load.label}: ${load.requested}${load.landed === load.requested ? '' : ` (landed on ${load.landed})`}`);
  const header = ['JavaScript file', ...(partOf ? ['part'] : []), 'raw B', 'gzip-9 B', 'sent B', 'sent as'];
  console.log(table(header, rows, partOf ? [0, 1, 5] : [0, 4]));
}

/** What every page load of the scripts shares: the worker script apart, missing precompression, a redirect. */
export function printScriptNotes(load: PageLoad): void {
  if (load.serviceWorkerScript) {
    console.log(`  not counted: /sw.js, the service worker (${kb(load.serviceWorkerScript.gzipBytes)} gzip), runs in the worker`);
  }
  // The build precompresses files of 1 KB and more; a larger file sent as is means no .br/.gz next to it.
  const uncompressed = load.scripts.filter((s) => s.rawBytes >= 1024 && s.encoding === 'identity').length;
  if (uncompressed > 0) console.log(`  NOTE: ${uncompressed} files of 1 KB or more were sent uncompressed (a build without .br/.gz files?)`);
  if (load.landed !== load.requested) console.log(`  NOTE: the page redirected; the figures are for ${load.landed}`);
}

/**
 * The shell: the entry script that index.html loads and the chunks it preloads (its static
 * imports), which every screen loads before its own lazy chunks.
 */
export async function shellScriptPaths(distDir: string): Promise<Set<string>> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const paths = [
    ...html.matchAll(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
  ].map((m) => decodeURIComponent(m[1]!));
  if (paths.length === 0) throw new Error('index.html names no module script');
  return new Set(paths);
}
