import { existsSync } from 'node:fs';

/** The browser the e2e tests drive: Debian's chromium package, never a Playwright download. */
const DEFAULT_CHROMIUM = '/usr/bin/chromium';
/** Debian's chromium-headless-shell: the same engine without the desktop browser around it. */
const DEFAULT_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** CHROMIUM_PATH when set, else /usr/bin/chromium; a clear error when neither exists. */
export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH?.trim();
  const path = configured || DEFAULT_CHROMIUM;
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return path;
}

/**
 * The browser of most browser tests: CHROMIUM_HEADLESS_SHELL_PATH when set, else Debian's
 * chromium-headless-shell when installed, else the full Chromium. The shell runs the same pages,
 * service worker and camera for a quarter less CPU, which on a two-core machine is a quarter less
 * time; it has no notifications, so the tests of notifications drive the full browser.
 */
export function headlessShellPath(): string {
  const configured = process.env.CHROMIUM_HEADLESS_SHELL_PATH?.trim();
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_HEADLESS_SHELL_PATH names ${configured}, which does not exist`);
    return configured;
  }
  return existsSync(DEFAULT_HEADLESS_SHELL) ? DEFAULT_HEADLESS_SHELL : chromiumPath();
}

/**
 * Launch flags: no sandbox (CI runs as root), no GPU, and no traffic to any host but this machine
 * (every other name resolves to nothing), so a test can never depend on the internet.
 */
export const chromiumArgs: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
