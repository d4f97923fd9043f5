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

// Four kinds of project: pure contract rules, the API in process (node; split by whether a file
// changes the process's own state), client logic (happy-dom), and the chaos replay (the outbox in node against a real server process it kills).
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
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: { name: 'chaos', environment: 'node', include: ['tests/chaos/**/*.test.ts'], testTimeout: 180_000 },
      },
    ],
  },
});
