import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverTests = {
  environment: 'node' as const,
  globalSetup: ['server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const PROCESS_STATE_TESTS = ['server/lifecycle/draining.test.ts'];
// Client files that need a page and modules of their own: they replace a module (vi.mock), test
// what a page knows only from its load (the first screen's embedded answers, whether the outbox's
// database was there at start, the work waiting for the first screen), or fake the clock (a timer
// the shared code sets meanwhile would never fire for the files after them).
const FRESH_PAGE_TESTS = [
  'src/ui/Toaster.test.tsx',
  'src/features/events/components/EventsScreen.test.tsx',
  'src/offline/outbox-summary.test.ts',
  'src/offline/outbox-database-check.test.ts',
  'src/lib/after-first-screen.test.ts',
  'src/features/subscription/components/SubscriptionCard.test.tsx',
  'src/features/subscription/components/PricingScreen.test.tsx',
  'src/features/event-detail/components/first-render.test.tsx',
  'src/app/outbox/outbox-delivery.test.ts',
];
// A test may wait for the outbox's engine, which starts 2 s after the first screen, and then for
// findBy's 5 s bound (src/test/setup.ts): 10 s is a bound against a hang, not a timing under test.
const clientTests = { environment: 'happy-dom' as const, setupFiles: ['src/test/setup.ts'], testTimeout: 10_000 };

// Four kinds of project: pure contract rules, the API in process (node; split by whether a file
// changes the process's own state), client logic (happy-dom; split by whether a file can share its page), and the chaos replay (the outbox in node against a real server process it kills).
export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): the server files wait
    // on sockets and child processes much of their time, so the run takes about a fifth less.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { name: 'contract', environment: 'node', include: ['contract/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          ...serverTests,
          // The server's modules are loaded once per worker and shared by its files: each file
          // builds its own app on its own database, and what the modules keep is either keyed by
          // that database or app (WeakMaps) or counts that return to zero. Loading the app anew for
          // each file took 40 % of the project's time (docs/benchmarks.md, 'The test suite').
          isolate: false,
          include: ['server/**/*.test.ts'],
          exclude: PROCESS_STATE_TESTS,
        },
      },
      {
        // Files that change the state of the process itself (draining, which is never undone),
        // each in a process of its own.
        test: { name: 'server-process', ...serverTests, include: PROCESS_STATE_TESTS },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          ...clientTests,
          // A worker's files share one page and one load of the modules (src/test/setup.ts empties
          // the page after each): a page and modules per file took three quarters of the
          // project's time (docs/benchmarks.md, 'The test suite').
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          exclude: FRESH_PAGE_TESTS,
        },
      },
      { plugins: [react()], test: { name: 'client-fresh-page', ...clientTests, include: FRESH_PAGE_TESTS } },
      {
        test: { name: 'chaos', environment: 'node', include: ['tests/chaos/**/*.test.ts'], testTimeout: 180_000 },
      },
    ],
  },
});
