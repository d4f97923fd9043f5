import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: pure contract rules, the API in process (node), and client logic (happy-dom).
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
    ],
  },
});
