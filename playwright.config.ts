import { defineConfig } from '@playwright/test';
import { chromiumPath, chromiumArgs } from './tests/support/chromium';

/**
 * Files whose tests join the demo flagship event and read or swipe its deck: another test joining
 * it changes the deck they see (a new attendee can rank first), so they run one at a time, in a
 * project of their own. Every other file makes its own members and events and runs beside them.
 */
const SHARED_DECK = [
  'accessibility',
  'event-phone-layout',
  'first-screen-data',
  'meet-attendees',
  'meet-phone-layout',
  'outbox-overlays',
  'sw-caching',
  'venue-offline',
].map((name) => `**/${name}.spec.ts`);

// The e2e global setup starts an SMTP sink and the real production server (built app + API)
// on a fresh data folder; tests read sign-in codes from the sink.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/e2e-global-setup.ts',
  fullyParallel: false,
  // Two files at a time (the machines have two cores); tests within a file stay in order.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8390',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'shared deck', testMatch: SHARED_DECK, workers: 1 },
    { name: 'own data', testIgnore: SHARED_DECK },
  ],
});
