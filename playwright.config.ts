import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath, headlessShellPath } from './tests/support/chromium';

// The e2e global setup starts an SMTP sink and the real production server (built app + API)
// on a fresh data folder; tests read sign-in codes from the sink. Every test makes its own members
// and the events it joins, or whose decks it reads or swipes (tests/support/api-session.ts and
// own-events.ts), so no deck holds another test's members and any files can run side by side.
// Notifications exist only in the full browser; every other file runs in the lighter headless shell.
const NEEDS_FULL_BROWSER = /(push-notifications|notices-placement)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/e2e-global-setup.ts',
  fullyParallel: false,
  // Four files at a time on two cores: a browser test waits much of its time (the network, the
  // service worker, timers), and two at a time left a core idle (docs/benchmarks.md, 'The test
  // suite'). Tests within a file stay in order.
  workers: 4,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8390',
    // A trace recorded for every test took a third of the run: on for a run that asks for it.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  // Files start in this order: the full browser's file first, so the slowest start of a browser
  // is not left for the end of the run.
  projects: [
    {
      name: 'chromium',
      testMatch: NEEDS_FULL_BROWSER,
      use: { launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } },
    },
    {
      name: 'headless-shell',
      testIgnore: NEEDS_FULL_BROWSER,
      use: { launchOptions: { executablePath: headlessShellPath(), args: chromiumArgs } },
    },
  ],
});
