import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects: pure contract rules, the API in process (node), client logic (happy-dom), and the
// chaos replay (the outbox in node against a real server process it kills).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', environment: 'node', include: ['contract/**/*.test.ts'] },
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
        },
      },
      {
        test: { name: 'chaos', environment: 'node', include: ['tests/chaos/**/*.test.ts'], testTimeout: 180_000 },
      },
    ],
  },
});
