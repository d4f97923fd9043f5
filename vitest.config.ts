import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: pure contract rules, the API in process (node), client logic (happy-dom), and the
// chaos replay (the outbox in node against a real server process it kills).
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
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
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
