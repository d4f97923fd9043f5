/** Build-time switches of the service worker registration (the only file here reading import.meta.env). */

/**
 * In a production build the worker is /sw.js (a classic script built from sw/). In `npm run dev`
 * it runs only when the dev server was started with PWA_DEV=1 (vite.config.ts turns on
 * vite-plugin-pwa's dev worker and exposes the flag as VITE_PWA_DEV); the dev worker is served as
 * an ES module from /dev-sw.js?dev-sw.
 */
const isProduction = import.meta.env.PROD;
const devWorker = import.meta.env.DEV && import.meta.env.VITE_PWA_DEV === '1';

export const pwaEnv = {
  enabled: isProduction || devWorker,
  scriptUrl: isProduction ? '/sw.js' : '/dev-sw.js?dev-sw',
  scriptType: (isProduction ? 'classic' : 'module') satisfies WorkerType as WorkerType,
} as const;
