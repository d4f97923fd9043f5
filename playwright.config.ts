import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './tests/support/chromium';

// The e2e global setup starts an SMTP sink and the real production server (built app + API)
// on a fresh data folder; tests read sign-in codes from the sink.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/e2e-global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8390',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
});
