import { existsSync } from 'node:fs';

/** The browser the e2e tests drive: Debian's chromium package, never a Playwright download. */
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

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
